// SPDX-License-Identifier: GPL-2.0
/*
 * Names from the kernel full of terminal escapes and bytes that are
 * not UTF-8: escaped as text, valid as JSON, and as Prometheus labels;
 * namespace names too.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <linux/genetlink.h>

#include "escape.h"
#include "export.h"
#include "hostile.h"
#include "json.h"
#include "netns.h"
#include "output.h"

void test_escape(void)
{
	char buf[64];
	const char *plain = "eth0";

	CHECK(!strcmp(esc("\x1b]2;pwn\x07", buf, sizeof(buf)),
		      "\\033]2;pwn\\007"), "ESC and BEL: %s", buf);
	CHECK(esc(plain, buf, sizeof(buf)) == plain, "plain: no copy");
	CHECK(!strcmp(esc("a\\b", buf, sizeof(buf)), "a\\134b"),
	      "a backslash is escaped too: %s", buf);
	CHECK(!strcmp(esc("caf\xc3\xa9\x7f", buf, sizeof(buf)),
		      "caf\\303\\251\\177"), "past ASCII and DEL: %s", buf);
	CHECK(!strcmp(esc("ab\x1b", buf, 6), "ab"),
	      "cut before an escape, never inside: %s", buf);
	CHECK(!strcmp(esc("\n\r\t", buf, sizeof(buf)), "\\012\\015\\011"),
	      "newlines forge no lines: %s", buf);
	CHECK(esc(NULL, buf, sizeof(buf)) == NULL, "NULL");

	CHECK(utf8_len((const unsigned char *)"a") == 1 &&
	      utf8_len((const unsigned char *)"\xc3\xa9") == 2 &&
	      utf8_len((const unsigned char *)"\xe2\x82\xac") == 3 &&
	      utf8_len((const unsigned char *)"\xf0\x9f\x98\x80") == 4,
	      "UTF-8 lengths");
	CHECK(!utf8_len((const unsigned char *)"\x80") &&
	      !utf8_len((const unsigned char *)"\xc0\xaf") &&
	      !utf8_len((const unsigned char *)"\xe0\x80\xaf") &&
	      !utf8_len((const unsigned char *)"\xed\xa0\x80") &&
	      !utf8_len((const unsigned char *)"\xf4\x90\x80\x80") &&
	      !utf8_len((const unsigned char *)"\xf5\x80\x80\x80") &&
	      !utf8_len((const unsigned char *)"\xe2\x82") &&
	      !utf8_len((const unsigned char *)"\xff"),
	      "not UTF-8: stray, overlong, surrogate, too high, cut, 0xff");
}

static struct view cur;
static const struct out_opts text_opts = { 0 }, json_opts = { .json = true };

static char *print(const struct out_opts *o, enum drop_by by)
{
	static char out[16384];
	FILE *f;

	memset(out, 0, sizeof(out));
	f = fmemopen(out, sizeof(out) - 1, "w");
	print_view(f, o, &cur, by, NULL);
	fclose(f);
	return out;
}

void test_names(void)
{
	static const char evil[] = "\x1b]2;pwn\x07";
	struct nlmsghdr *nlh;
	char *s;

	/* LIFETIMES with a task named to retitle the reader's terminal. */
	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_LIFETIMES;
	view_header(&cur, 1, 16);
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_ACTIVE);
	mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 22);
	mnl_attr_put_strz(nlh, TPSTAT_A_COMM, evil);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "lifetime entry");
	s = print(&text_opts, BY_DEFAULT);
	CHECK(strstr(s, "comm \\033]2;pwn\\007  netns 1") && terminal_safe(s),
	      "lifetime text escaped:\n%s", s);
	s = print(&json_opts, BY_DEFAULT);
	CHECK(strstr(s, "\"comm\":\"\\u001b]2;pwn\\u0007\"") && utf8_clean(s),
	      "lifetime JSON escaped: %s", s);
	view_free(&cur);

	/* DROPS: every name the kernel or a user chose. */
	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_DROPS;
	view_header(&cur, 1, 16);
	nlh = view_msg();
	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "f\x1b[31m+0x1/0x2");
	mnl_attr_put_u32(nlh, TPSTAT_A_REASON, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_REASON_NAME, "NO\nSOCKET");
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "et\xff\xc2\x9bh");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "drops entry");
	s = print(&text_opts, BY_LOCATION);
	CHECK(strstr(s, "  f\\033[31m+0x1/0x2\n") && terminal_safe(s),
	      "location escaped:\n%s", s);
	s = print(&text_opts, BY_REASON);
	CHECK(strstr(s, "  NO\\012SOCKET (2)\n") && terminal_safe(s),
	      "reason escaped, no forged line:\n%s", s);
	s = print(&text_opts, BY_DEV);
	CHECK(strstr(s, "  et\\377\\302\\233h  1\n") && terminal_safe(s),
	      "device escaped:\n%s", s);
	s = print(&json_opts, BY_DEV);
	CHECK(strstr(s, "\"ifname\":\"et\\ufffd\\u009bh\"") && utf8_clean(s),
	      "JSON: not UTF-8 is U+FFFD, C1 is \\u009b: %s", s);
	s = print(&json_opts, BY_REASON);
	CHECK(strstr(s, "\"reason\":\"NO\\nSOCKET\"") && utf8_clean(s),
	      "JSON reason: %s", s);
	view_free(&cur);

	/* TRAPS: devlink names. */
	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_TRAPS;
	view_header(&cur, 1, 16);
	nlh = view_msg();
	mnl_attr_put_strz(nlh, TPSTAT_A_DEVLINK, "pci/\x1b" "c");
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP, "t\x07");
	mnl_attr_put_strz(nlh, TPSTAT_A_TRAP_GROUP, "g\x7f");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "trap entry");
	s = print(&text_opts, BY_TRAP);
	CHECK(strstr(s, "  t\\007 (g\\177) pci/\\033c\n") &&
	      terminal_safe(s), "traps escaped:\n%s", s);
	view_free(&cur);
}

static void neigh_prom(FILE *f, const struct view *v)
{
	struct prom p;

	prom_init(&p, f);
	view_ops(TPSTAT_VIEW_NEIGH)->export(&p, v);
}

void test_prometheus(void)
{
	char out[4096] = "";
	struct nlmsghdr *nlh;
	FILE *f;
	static const uint8_t addr[4] = { 10, 0, 0, 1 };

	memset(&cur, 0, sizeof(cur));
	cur.id = TPSTAT_VIEW_NEIGH;
	view_header(&cur, 2, 16);
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "a\x1b\"b\n\\\xff\xc3\xa9");
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "neigh entry");
	/* the name a user would give to collide with it, were '\' kept */
	nlh = view_msg();
	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, 1);
	mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 3);
	mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "a\\033\"b\n\\\xff\xc3\xa9");
	mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
	mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, addr);
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	CHECK(view_msg_cb(nlh, &cur) == MNL_CB_OK, "neigh entry 2");
	f = fmemopen(out, sizeof(out) - 1, "w");
	neigh_prom(f, &cur);
	fclose(f);
	CHECK(strstr(out, "{device=\"a\\\\033\\\"b\\n\\\\134\\\\377\xc3\xa9\",") &&
	      strstr(out, "{device=\"a\\\\134033\\\"b\\n\\\\134\\\\377\xc3\xa9\",") &&
	      utf8_clean(out),
	      "label values: \\\\ooo for control, '\\\\' and not UTF-8; \\\" and \\n; UTF-8 kept; two names, two series:\n%s",
	      out);
	view_free(&cur);
}

/* Namespace names are any bytes but '/': ip netns add takes them. */
void test_netns_names(void)
{
	char dir[] = "/tmp/tpstat-hostile-XXXXXX", path[256], buf[32];
	const char *name = "ns\x1b]2;x\x07";
	struct stat st;
	char out[512] = "";
	struct json j;
	FILE *f;

	if (!mkdtemp(dir))
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fclose(fopen(path, "w"));
	stat(path, &st);
	netns_set_dir(dir, false);
	CHECK(!strcmp(netns_text(st.st_ino, buf, sizeof(buf)),
		      "ns\\033]2;x\\007"), "netns name escaped: %s",
	      netns_text(st.st_ino, buf, sizeof(buf)));
	f = fmemopen(out, sizeof(out) - 1, "w");
	json_init(&j, f, false);
	json_object_open(&j);
	netns_json(&j, st.st_ino);
	json_object_close(&j);
	json_end(&j);
	fclose(f);
	CHECK(strstr(out, "\"netns_name\":\"ns\\u001b]2;x\\u0007\""),
	      "netns name in JSON: %s", out);
	unlink(path);
	rmdir(dir);
	netns_set_dir(NETNS_RUN_DIR, true);
}
