// SPDX-License-Identifier: GPL-2.0
/*
 * Changes between two reads: a view's rows under -i (view_delta.c) and
 * show --delta's baseline file (history.c).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "history.h"
#include "unit.h"

/* What a view's rows did between two reads (view_delta.c). */
static void delta_text(FILE *f, void *arg)
{
	static const struct view_interval iv = {
		.time = "2026-11-27 05:30:01", .elapsed = 2.0, .seconds = 1.0,
	};

	print_view_interval(f, arg, &cur_view, BY_DEFAULT, NULL, &iv);
}

void test_view_delta(void)
{
	static const uint8_t a[4] = { 192, 0, 2, 1 }, b[4] = { 192, 0, 2, 7 };
	struct out_opts pipe = { 0 }, tty = { .tty = true };
	struct out_opts json = { .json = true, .pretty = true };
	struct view old = { .id = TPSTAT_VIEW_RESETS };
	struct view cur = { .id = TPSTAT_VIEW_RESETS }, d;
	char *s;

	put_header_msg(&old, 5, 1024, 5);
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5002, a, 0, 2);	/* still */
	put_reset(&old, TPSTAT_DIRECTION_PASSIVE, 22, a, 5, 0);	/* +4 */
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5003, b, 0, 7);	/* reset: 3 */
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5004, b, 0, 1);	/* vanishes */
	put_reset(&old, TPSTAT_DIRECTION_ACTIVE, 5005, b, 0, 1);	/* +1 */
	put_header_msg(&cur, 5, 1024, 7);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 5005, b, 0, 2);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 5003, b, 0, 3);
	put_reset(&cur, TPSTAT_DIRECTION_PASSIVE, 22, a, 9, 0);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 5002, a, 0, 2);
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 6000, b, 0, 10);	/* new */
	put_reset(&cur, TPSTAT_DIRECTION_ACTIVE, 6001, b, 0, 1);	/* new */
	CHECK(old.n == 5 && cur.n == 6, "delta: the two reads");
	CHECK(!view_delta(&d, &cur, &old), "delta: computed");
	CHECK(d.n == 5, "delta: the 5 rows that moved, not the still one nor the vanished (%zu)",
	      d.n);
	CHECK(d.n == 5 && d.e[0].dport == 6000 && ROW_VAL(d.e[0], RST_RECEIVED) == 10,
	      "delta: a new row, its whole count, first (biggest)");
	CHECK(d.n == 5 && d.e[1].sport == 22 && ROW_VAL(d.e[1], RST_SENT) == 4 &&
	      ROW_VAL(d.e[1], RST_RECEIVED) == 0, "delta: a row that moved: 9 - 5");
	CHECK(d.n == 5 && d.e[2].dport == 5003 && ROW_VAL(d.e[2], RST_RECEIVED) == 3,
	      "delta: a count that went down is a reset: its value, never negative");
	CHECK(d.n == 5 && d.e[3].dport == 5005 && ROW_VAL(d.e[3], RST_RECEIVED) == 1 &&
	      d.e[4].dport == 6001 && ROW_VAL(d.e[4], RST_RECEIVED) == 1,
	      "delta: ties in the order read");
	CHECK(d.overflow == 2, "delta: the table's overflow as a change (%llu)",
	      (unsigned long long)d.overflow);
	for (size_t i = 0; i < d.n; i++)
		CHECK(view_entry_change(d.id, &d.e[i]) <= (i ? view_entry_change(d.id, &d.e[i - 1]) : ~0ULL),
		      "delta: sorted by change, row %zu", i);
	cur_view = d;
	s = capture(delta_text, &pipe);
	CHECK(!strchr(s, '\033') &&
	      !strncmp(s, "--- 2026-11-27 05:30:01  resets: changes in 1.0 s, biggest first\n"
		       "DIRECTION", 74) &&
	      strstr(s, "lost updates in the interval"),
	      "delta: piped, a block with a time line and no escapes:\n%s", s);
	s = capture(delta_text, &tty);
	CHECK(!strncmp(s, "\033[H\033[2J--- ", 11), "delta: a terminal is redrawn");
	s = capture(delta_text, &json);
	CHECK(strchr(s, '\n') == s + strlen(s) - 1 && !strchr(s, '\033') &&
	      strstr(s, "\"view\":\"resets\",\"time\":\"2026-11-27 05:30:01\","
		     "\"elapsed_s\":2.000,\"interval_s\":1.000,") &&
	      strstr(s, "\"overflow\":2,"),
	      "delta JSON: one object a line, whatever -p says: %s", s);
	view_free(&d);

	/* Overflow reset, an empty read, an empty change. */
	old.overflow = 9;
	CHECK(!view_delta(&d, &cur, &old) && d.overflow == 7,
	      "delta: an overflow that went down is a reset");
	view_free(&d);
	CHECK(!view_delta(&d, &cur, &cur) && d.n == 0,
	      "delta: nothing moved, no rows");
	view_free(&d);
	view_free(&old);
	CHECK(!view_delta(&d, &old, &cur) && d.n == 0,
	      "delta: every row vanished, no rows (never negative)");
	view_free(&d);
	view_free(&cur);
}

/* show --delta's baseline (history.c): the file, and the change. */
void test_history(void)
{
	char dir[] = "/tmp/tpstat-history-XXXXXX", path[256], link[256];
	char target[256], err[512] = "", old_env[300] = "";
	const char *env = getenv("TPSTAT_HISTORY");
	struct counter_row old[] = {
		{ "skb:kfree_skb", 10 }, { "tcp:tcp_send_reset", 7 },
		{ "gone:event", 4 }, { "udp:udp_fail_queue_rcv_skb", 5 },
	};
	struct counter_row cur[] = {
		{ "skb:kfree_skb", 15 },	/* +5 */
		{ "tcp:tcp_send_reset", 3 },	/* went down: a reset, 3 */
		{ "new:event", 2 },		/* not in the baseline: 2 */
		{ "udp:udp_fail_queue_rcv_skb", 5 },	/* still: 0 */
	}, *rows = NULL, *merged;
	struct stat st;
	size_t n = 0, n_merged;
	int fd;

	history_delta(old, 4, cur, 4);
	CHECK(cur[0].value == 5 && cur[1].value == 3 && cur[2].value == 2 &&
	      cur[3].value == 0,
	      "history: moved, went down (its value), new (its value), still (0): %llu %llu %llu %llu",
	      (unsigned long long)cur[0].value, (unsigned long long)cur[1].value,
	      (unsigned long long)cur[2].value, (unsigned long long)cur[3].value);

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/history", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	snprintf(target, sizeof(target), "%s/planted", dir);
	if (env)
		snprintf(old_env, sizeof(old_env), "%s", env);
	setenv("TPSTAT_HISTORY", path, 1);
	CHECK(!history_path(link, sizeof(link), err, sizeof(err)) &&
	      !strcmp(link, path), "history: $TPSTAT_HISTORY names it");
	snprintf(link, sizeof(link), "%s/link", dir);

	fd = history_open(path, err, sizeof(err));
	CHECK(fd >= 0 && !stat(path, &st) && (st.st_mode & 0777) == 0600 &&
	      st.st_uid == getuid(), "history: made 0600, the user's (%s)", err);
	CHECK(fd >= 0 && !history_read(fd, &rows, &n) && n == 0,
	      "history: a new one is empty");
	free(rows);
	CHECK(fd >= 0 && !history_write(fd, old, 4), "history: written");
	if (fd >= 0)
		close(fd);
	fd = history_open(path, err, sizeof(err));
	rows = NULL;
	CHECK(fd >= 0 && !history_read(fd, &rows, &n) && n == 4 &&
	      !strcmp(rows[1].name, "tcp:tcp_send_reset") && rows[1].value == 7,
	      "history: read back as written (%zu rows)", n);
	free(rows);
	/* The values read, into the baseline: the others kept. */
	merged = malloc(sizeof(old));
	memcpy(merged, old, sizeof(old));
	n_merged = 4;
	cur[0].value = 15;
	CHECK(!history_merge(&merged, &n_merged, cur, 3) && n_merged == 5 &&
	      merged[0].value == 15 && merged[2].value == 4 &&
	      !strcmp(merged[4].name, "new:event"),
	      "history: merged, the counters not read kept, new ones added");
	free(merged);
	/* Shorter than before: nothing of the old file left past it. */
	CHECK(fd >= 0 && !history_write(fd, old, 1), "history: rewritten shorter");
	if (fd >= 0)
		close(fd);
	fd = history_open(path, err, sizeof(err));
	rows = NULL;
	CHECK(fd >= 0 && !history_read(fd, &rows, &n) && n == 1,
	      "history: the shorter one read whole (%zu rows)", n);
	free(rows);
	if (fd >= 0)
		close(fd);

	/* A symbolic link, wherever it points, is never followed. */
	CHECK(!symlink(target, link), "symlink");
	err[0] = '\0';
	CHECK(history_open(link, err, sizeof(err)) < 0 &&
	      strstr(err, "symbolic link: refused") && access(target, F_OK),
	      "history: a symbolic link refused, nothing made where it points (%s)",
	      err);
	CHECK(!symlink(path, target), "symlink to the history");
	CHECK(history_open(target, err, sizeof(err)) < 0,
	      "history: a link to the user's own history refused too");
	/* Others may read it: refused, left as it is. */
	chmod(path, 0644);
	err[0] = '\0';
	CHECK(history_open(path, err, sizeof(err)) < 0 &&
	      strstr(err, "mode 0600): refused") && !stat(path, &st) &&
	      (st.st_mode & 0777) == 0644,
	      "history: mode 0644 refused (%s)", err);
	CHECK(history_open(dir, err, sizeof(err)) < 0,
	      "history: a directory refused");
	unlink(target);
	unlink(link);
	unlink(path);
	rmdir(dir);
	if (env)
		setenv("TPSTAT_HISTORY", old_env, 1);
	else
		unsetenv("TPSTAT_HISTORY");
}

/* SOCKMEM under -i: the events' change; the figures as read, not a change. */
void test_sockmem_delta(void)
{
	struct view v, old, d;

	sockmem_view(&old);
	view_sort(&old);
	memset(&v, 0, sizeof(v));
	v.id = TPSTAT_VIEW_SOCKMEM;
	put_header_msg(&v, 1, 128, 1);
	put_sockmem(&v, AF_INET, IPPROTO_TCP, 5201, TPSTAT_MEM_RECV, 9, 8000,
		    8192);
	view_sort(&v);
	CHECK(!view_delta(&d, &v, &old) && d.n == 1 && d.e[0].count == 2 &&
	      ROW_VAL(d.e[0], MEM_ALLOCATED) == 8000 && ROW_VAL(d.e[0], MEM_LIMIT) == 8192,
	      "sockmem -i: 2 events, 8000 of 8192 pages (%zu rows)", d.n);
	view_free(&d);
	view_free(&v);
	view_free(&old);
}

/*
 * Reads added up (view_add(), doctor --since): the same rows summed,
 * new ones appended as copies, DEVICES' values their own.
 */
void test_view_add(void)
{
	static const uint8_t a[4] = { 192, 0, 2, 1 }, b[4] = { 192, 0, 2, 7 };
	struct view one = { .id = TPSTAT_VIEW_RESETS };
	struct view two = { .id = TPSTAT_VIEW_RESETS };
	struct view acc = { .id = TPSTAT_VIEW_RESETS };
	struct view dev, dsum = { .id = TPSTAT_VIEW_DEVICES };

	put_header_msg(&one, 2, 1024, 1);
	put_reset(&one, TPSTAT_DIRECTION_PASSIVE, 22, a, 5, 0);
	put_reset(&one, TPSTAT_DIRECTION_ACTIVE, 5003, b, 0, 7);
	put_header_msg(&two, 2, 1024, 2);
	put_reset(&two, TPSTAT_DIRECTION_ACTIVE, 6000, b, 0, 10);
	put_reset(&two, TPSTAT_DIRECTION_PASSIVE, 22, a, 9, 1);
	CHECK(!view_add(&acc, &one) && !view_add(&acc, &two),
	      "add: two reads added");
	CHECK(acc.n == 3 && acc.overflow == 3, "add: 3 rows, overflows summed (%zu, %llu)",
	      acc.n, (unsigned long long)acc.overflow);
	CHECK(acc.n == 3 && acc.e[0].sport == 22 && ROW_VAL(acc.e[0], RST_SENT) == 14 &&
	      ROW_VAL(acc.e[0], RST_RECEIVED) == 1, "add: port 22's 5 + 9 sent, 0 + 1 received");
	CHECK(acc.n == 3 && acc.e[1].dport == 5003 && ROW_VAL(acc.e[1], RST_RECEIVED) == 7 &&
	      acc.e[2].dport == 6000 && ROW_VAL(acc.e[2], RST_RECEIVED) == 10,
	      "add: a row of one read as it was, in the order first seen");
	view_free(&acc);
	view_free(&one);
	view_free(&two);

	devices_view(&dev);
	CHECK(!view_add(&dsum, &dev) && !view_add(&dsum, &dev),
	      "add: a devices read twice");
	CHECK(dsum.n == 2 && dsum.e[0].dev != dev.e[0].dev &&
	      dsum.e[0].dev->tx_packets == 20 && dsum.e[1].dev->tx_packets == 22 &&
	      dsum.e[1].dev->xmit_errors == 2 &&
	      dsum.e[1].dev->napi_budget_exhausted == 12,
	      "add: DEVICES' values summed in copies of their own");
	view_free(&dsum);
	view_free(&dev);
}
