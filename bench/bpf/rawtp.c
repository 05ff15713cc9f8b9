// SPDX-License-Identifier: GPL-2.0
/*
 * rawtp: loads the BPF peer (rawtp.bpf.o, beside this binary), attaches
 * one raw tracepoint program per tracepoint named, prints READY once
 * every one is attached, and on SIGINT or SIGTERM prints what its maps
 * hold, so that a run shows what it counted.
 *   rawtp count TRACEPOINT...   a count per tracepoint
 *   rawtp views TRACEPOINT...   the same, and the views' keys where a
 *                               tracepoint has them (rawtp.bpf.c)
 * TRACEPOINT is group:name or name (raw tracepoints go by name alone).
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "rawtp.h"

/* The view programs by tracepoint, in enum rawtp_view's order. */
static const char *const view_tps[RAWTP_NR_VIEWS] = {
	[RAWTP_KFREE_SKB] = "kfree_skb",
	[RAWTP_RETRANSMIT_SKB] = "tcp_retransmit_skb",
	[RAWTP_SEND_RESET] = "tcp_send_reset",
	[RAWTP_RECEIVE_RESET] = "tcp_receive_reset",
	[RAWTP_SET_STATE] = "inet_sock_set_state",
	[RAWTP_DEV_XMIT] = "net_dev_xmit",
};

static const char *slot_name[RAWTP_MAX_TPS];
static int ncpus;

/* Only to end sigsuspend(): what follows it runs outside the handler. */
static void on_signal(int sig)
{
	(void)sig;
}

static void usage_exit(void)
{
	fprintf(stderr, "usage: rawtp count|views TRACEPOINT...\n");
	exit(2);
}

/*
 * The interpreter would cost several times the JIT: say which ran, and
 * how many of the programs loaded were JITed (a program the JIT cannot
 * take falls back to the interpreter where the JIT is not forced).
 */
static void print_jit(struct bpf_object *obj)
{
	FILE *f = fopen("/proc/sys/net/core/bpf_jit_enable", "r");
	int jit = -1, loaded = 0, jited = 0;
	struct bpf_program *prog;

	if (f) {
		if (fscanf(f, "%d", &jit) != 1)
			jit = -1;
		fclose(f);
	}
	bpf_object__for_each_program(prog, obj) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);

		if (bpf_program__fd(prog) < 0)
			continue;
		loaded++;
		if (!bpf_obj_get_info_by_fd(bpf_program__fd(prog), &info, &len) &&
		    info.jited_prog_len)
			jited++;
	}
	printf("bpf_jit_enable %d jited %d of %d programs\n", jit, jited, loaded);
}

static int view_of(const char *tp)
{
	int i;

	for (i = 0; i < RAWTP_NR_VIEWS; i++)
		if (!strcmp(tp, view_tps[i]))
			return i;
	return -1;
}

/* rawtp.bpf.o in this binary's directory, wherever it is run from. */
static char *object_path(void)
{
	static char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	char *slash;

	if (n < 0)
		return NULL;
	path[n] = '\0';
	slash = strrchr(path, '/');
	if (!slash || (size_t)(slash + 1 - path) + sizeof("rawtp.bpf.o") > sizeof(path))
		return NULL;
	strcpy(slash + 1, "rawtp.bpf.o");
	return path;
}

/* The sum over CPUs of a per-CPU value's u64 field at index f. */
static unsigned long long cpu_sum(const unsigned long long *v, int stride, int f)
{
	unsigned long long s = 0;
	int c;

	for (c = 0; c < ncpus; c++)
		s += v[c * stride + f];
	return s;
}

static int map_fd(struct bpf_object *obj, const char *name)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, name);

	return m ? bpf_map__fd(m) : -1;
}

/* A per-CPU array of u64, one line per non-zero cell (names or index). */
static void print_array(struct bpf_object *obj, const char *name, __u32 n,
			const char *const *names)
{
	unsigned long long v[ncpus];
	int fd = map_fd(obj, name);
	__u32 i;

	for (i = 0; i < n; i++) {
		if (bpf_map_lookup_elem(fd, &i, v))
			continue;
		if (names && names[i])
			printf("%s %s %llu\n", name, names[i], cpu_sum(v, 1, 0));
		else if (!names && cpu_sum(v, 1, 0))
			printf("%s %u %llu\n", name, i, cpu_sum(v, 1, 0));
	}
}

/* A per-CPU hash keyed by a u64 (a pointer) with u64 counts. */
static void print_u64_hash(struct bpf_object *obj, const char *name)
{
	unsigned long long v[ncpus], total = 0;
	__u64 key, *prev = NULL;
	int fd = map_fd(obj, name), keys = 0;

	while (!bpf_map_get_next_key(fd, prev, &key)) {
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, v))
			continue;
		printf("%s 0x%llx %llu\n", name, (unsigned long long)key, cpu_sum(v, 1, 0));
		total += cpu_sum(v, 1, 0);
		keys++;
	}
	printf("%s keys=%d total=%llu\n", name, keys, total);
}

static void print_views(struct bpf_object *obj)
{
	unsigned long long v[ncpus * 2], total = 0;
	struct rawtp_drop_key dk, *dprev = NULL;
	__u64 dev, *prev = NULL;
	int fd, keys = 0;
	__u32 cell;

	fd = map_fd(obj, "drops");
	while (!bpf_map_get_next_key(fd, dprev, &dk)) {
		dprev = &dk;
		if (bpf_map_lookup_elem(fd, &dk, v))
			continue;
		printf("drops 0x%llx %u %llu\n", (unsigned long long)dk.location,
		       dk.reason, cpu_sum(v, 1, 0));
		total += cpu_sum(v, 1, 0);
		keys++;
	}
	printf("drops keys=%d total=%llu\n", keys, total);
	print_u64_hash(obj, "retrans");
	print_u64_hash(obj, "rst_tx");
	print_u64_hash(obj, "rst_rx");
	fd = map_fd(obj, "states");
	for (cell = 0; cell < RAWTP_STATES * RAWTP_STATES; cell++)
		if (!bpf_map_lookup_elem(fd, &cell, v) && cpu_sum(v, 1, 0))
			printf("states %u %u %llu\n", cell / RAWTP_STATES,
			       cell % RAWTP_STATES, cpu_sum(v, 1, 0));
	fd = map_fd(obj, "tx");
	while (!bpf_map_get_next_key(fd, prev, &dev)) {
		prev = &dev;
		if (!bpf_map_lookup_elem(fd, &dev, v))
			printf("tx 0x%llx packets=%llu bytes=%llu\n",
			       (unsigned long long)dev, cpu_sum(v, 2, 0), cpu_sum(v, 2, 1));
	}
	print_array(obj, "tx_len", RAWTP_LEN_BUCKETS, NULL);
	print_array(obj, "lost", RAWTP_NR_VIEWS, view_tps);
}

int main(int argc, char **argv)
{
	struct bpf_program *prog;
	struct bpf_object *obj;
	const char *path;
	int views, ntp, next = RAWTP_NR_VIEWS, i, err;
	const char *prog_of[RAWTP_MAX_TPS];
	char progname[RAWTP_MAX_TPS][32];
	struct sigaction sa = { .sa_handler = on_signal };
	sigset_t mask, old;

	if (argc < 3 || argc - 2 > RAWTP_MAX_TPS)
		usage_exit();
	if (!strcmp(argv[1], "views"))
		views = 1;
	else if (!strcmp(argv[1], "count"))
		views = 0;
	else
		usage_exit();
	ntp = argc - 2;

	/*
	 * Slots: a view tracepoint's is fixed (its program's constant), the
	 * others take the next free one; count_N counts into slot N.
	 */
	for (i = 0; i < ntp; i++) {
		const char *tp = strchr(argv[i + 2], ':');
		int slot;

		tp = tp ? tp + 1 : argv[i + 2];
		slot = view_of(tp);
		if (slot < 0)
			slot = next++;
		if (slot >= RAWTP_MAX_TPS || slot_name[slot]) {
			fprintf(stderr, "rawtp: too many tracepoints, or %s twice\n", tp);
			return 2;
		}
		slot_name[slot] = tp;
	}
	for (i = 0; i < RAWTP_MAX_TPS; i++) {
		prog_of[i] = NULL;
		if (!slot_name[i])
			continue;
		if (views && i < RAWTP_NR_VIEWS)
			snprintf(progname[i], sizeof(progname[i]), "view_%s", slot_name[i]);
		else
			snprintf(progname[i], sizeof(progname[i]), "count_%d", i);
		prog_of[i] = progname[i];
	}

	ncpus = libbpf_num_possible_cpus();
	path = object_path();
	if (ncpus <= 0 || !path) {
		fprintf(stderr, "rawtp: cannot find the CPUs or rawtp.bpf.o\n");
		return 1;
	}
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "rawtp: %s: %s\n", path, strerror(errno));
		return 1;
	}
	/* Only the programs attached below go to the verifier. */
	bpf_object__for_each_program(prog, obj) {
		const char *name = bpf_program__name(prog);
		int used = 0;

		for (i = 0; i < RAWTP_MAX_TPS; i++)
			if (prog_of[i] && !strcmp(prog_of[i], name))
				used = 1;
		bpf_program__set_autoload(prog, used);
	}
	err = bpf_object__load(obj);
	if (err) {
		fprintf(stderr, "rawtp: loading %s: %s\n", path, strerror(-err));
		return 1;
	}
	for (i = 0; i < RAWTP_MAX_TPS; i++) {
		if (!prog_of[i])
			continue;
		prog = bpf_object__find_program_by_name(obj, prog_of[i]);
		/* The link stays until exit, which detaches it. */
		if (!prog || !bpf_program__attach_raw_tracepoint(prog, slot_name[i])) {
			fprintf(stderr, "rawtp: attaching %s to %s: %s\n", prog_of[i],
				slot_name[i], strerror(errno));
			return 1;
		}
		printf("attached %s %s\n", slot_name[i], prog_of[i]);
	}

	/* Blocked until sigsuspend(): a signal before it is not lost. */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigprocmask(SIG_BLOCK, &mask, &old);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	print_jit(obj);
	printf("READY %d tracepoints\n", ntp);
	fflush(stdout);
	sigsuspend(&old);

	print_array(obj, "hits", RAWTP_MAX_TPS, slot_name);
	if (views)
		print_views(obj);
	bpf_object__close(obj);
	return 0;
}
