// SPDX-License-Identifier: GPL-2.0
/*
 * The views in export's exposition: drops by reason and the histograms,
 * exact, without drop reasons and with the views off, and every family
 * telling apart the namespaces that shared an inode number by cookie.
 */
#include <errno.h>
#include <string.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include "unit.h"

/* DROPS and HISTS as export_drops_view() and export_hists_view() read them. */
struct view export_drops, export_hists;
/* A 6.12 kernel with drop reasons: the views' scrape, no counters. */
static const struct info views_info = {
	.version = "0.1.0", .kernel = "6.12.0",
	.features = TPSTAT_F_DROP_REASON, .events = 26,
};
const struct export_data views_scrape = {
	&views_info, NULL, 0, NULL, 0, {
		[TPSTAT_VIEW_DROPS] = &export_drops,
		[TPSTAT_VIEW_HISTS] = &export_hists,
	},
};

static const char want_views[] =
	"# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
	"# TYPE tpstat_up gauge\n"
	"tpstat_up 1\n"
	"# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
	"# TYPE tpstat_info gauge\n"
	"tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"
	"# HELP tpstat_skb_drops_by_reason_total Packets dropped (skb:kfree_skb) per drop reason: reason is the kernel's name for it (empty if it gave none), code its number; lost to a full drops table they are not counted here\n"
	"# TYPE tpstat_skb_drops_by_reason_total counter\n"
	"tpstat_skb_drops_by_reason_total{reason=\"NO_SOCKET\",code=\"3\"} 7\n"
	"tpstat_skb_drops_by_reason_total{reason=\"NOT_SPECIFIED\",code=\"2\"} 4\n"
	"tpstat_skb_drops_by_reason_total{reason=\"\",code=\"999\"} 1\n"
	"# HELP tpstat_tcp_srtt_seconds Smoothed round-trip time of TCP sockets at each tcp:tcp_probe, in seconds (log2 buckets of microseconds)\n"
	"# TYPE tpstat_tcp_srtt_seconds histogram\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000001\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000003\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000007\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000015\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000031\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000063\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000127\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000255\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.000511\"} 0\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.001023\"} 3\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.002047\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.004095\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.008191\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.016383\"} 8\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.032767\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.065535\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.131071\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.262143\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"0.524287\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"1.048575\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"2.097151\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"4.194303\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"8.388607\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"16.777215\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"33.554431\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"67.108863\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"134.217727\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"268.435455\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"536.870911\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"1073.741823\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"2147.483647\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"4294.967295\"} 9\n"
	"tpstat_tcp_srtt_seconds_bucket{le=\"+Inf\"} 9\n"
	"tpstat_tcp_srtt_seconds_sum 0.0296\n"
	"tpstat_tcp_srtt_seconds_count 9\n"
	"# HELP tpstat_tcp_snd_cwnd_segments Congestion window of TCP sockets at each tcp:tcp_probe, in log2 buckets\n"
	"# TYPE tpstat_tcp_snd_cwnd_segments histogram\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"0\"} 0\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1\"} 2\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"3\"} 2\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"7\"} 2\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"15\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"31\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"63\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"127\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"255\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"511\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1023\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"2047\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"4095\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"8191\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"16383\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"32767\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"65535\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"131071\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"262143\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"524287\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1048575\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"2097151\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"4194303\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"8388607\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"16777215\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"33554431\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"67108863\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"134217727\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"268435455\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"536870911\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"1073741823\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"2147483647\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"4294967295\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_bucket{le=\"+Inf\"} 8\n"
	"tpstat_tcp_snd_cwnd_segments_sum 62\n"
	"tpstat_tcp_snd_cwnd_segments_count 8\n"
	"# HELP tpstat_xmit_length_bytes Length of packets drivers accepted for transmit (net:net_dev_xmit skb_len with rc NETDEV_TX_OK), in log2 buckets\n"
	"# TYPE tpstat_xmit_length_bytes histogram\n"
	"tpstat_xmit_length_bytes_bucket{le=\"0\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"3\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"7\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"15\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"31\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"63\"} 0\n"
	"tpstat_xmit_length_bytes_bucket{le=\"127\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"255\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"511\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1023\"} 4\n"
	"tpstat_xmit_length_bytes_bucket{le=\"2047\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"4095\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"8191\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"16383\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"32767\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"65535\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"131071\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"262143\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"524287\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1048575\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"2097151\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"4194303\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"8388607\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"16777215\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"33554431\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"67108863\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"134217727\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"268435455\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"536870911\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"1073741823\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"2147483647\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"4294967295\"} 6\n"
	"tpstat_xmit_length_bytes_bucket{le=\"+Inf\"} 7\n"
	"tpstat_xmit_length_bytes_sum 549755817316\n"
	"tpstat_xmit_length_bytes_count 7\n";

/*
 * @fam's histogram in @text: bucket counts never fall, and le="+Inf"
 * equals _count.
 */
static bool hist_consistent(const char *text, const char *fam)
{
	char bucket[96], count[96];
	unsigned long long prev = 0, inf = 0, v;
	const char *l;
	bool have_inf = false;

	snprintf(bucket, sizeof(bucket), "\n%s_bucket{le=\"", fam);
	snprintf(count, sizeof(count), "\n%s_count ", fam);
	for (l = strstr(text, bucket); l; l = strstr(l + 1, bucket)) {
		const char *val = strstr(l, "} ");

		if (!val || sscanf(val + 2, "%llu", &v) != 1 || v < prev)
			return false;
		prev = v;
		if (!strncmp(l + strlen(bucket), "+Inf\"", 5)) {
			inf = v;
			have_inf = true;
		}
	}
	l = strstr(text, count);
	return have_inf && l && sscanf(l + strlen(count), "%llu", &v) == 1 &&
	       v == inf;
}

/*
 * DROPS and HISTS, exact; without drop reasons; with the views off.  The
 * other views' families are their rows' in unit_views.c's tables.
 */
void test_export_views(void)
{
	struct export_data d = views_scrape;
	struct info no_reasons = views_info;
	struct view old_drops;
	char *s;

	export_drops_view(&export_drops, true);
	export_hists_view(&export_hists);
	s = capture(export_all, &d);
	CHECK(!strcmp(s, want_views), "exact views exposition:\n%s", s);
	CHECK(hist_consistent(s, "tpstat_tcp_srtt_seconds") &&
	      hist_consistent(s, "tpstat_tcp_snd_cwnd_segments") &&
	      hist_consistent(s, "tpstat_xmit_length_bytes"),
	      "cumulative buckets, +Inf equals _count");
	CHECK(strstr(s, "tpstat_xmit_length_bytes_bucket{le=\"4294967295\"} 6\n"
		     "tpstat_xmit_length_bytes_bucket{le=\"+Inf\"} 7\n") &&
	      !strstr(s, "le=\"8589934591\""),
	      "a bucket past 32 counts under +Inf only");
	CHECK(!strstr(s, "new_one") && !strstr(s, "tpstat_rx_length_bytes"),
	      "unknown and absent histograms are left out");

	/* No drop reasons: no family, whether or not entries had REASON. */
	d.info = &no_reasons;
	no_reasons.features = 0;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "drops_by_reason") && strstr(s, "tpstat_tcp_srtt_seconds_count 9\n"),
	      "without TPSTAT_F_DROP_REASON, no drops by reason:\n%s", s);
	export_drops_view(&old_drops, false);
	d.views[TPSTAT_VIEW_DROPS] = &old_drops;
	no_reasons.features = TPSTAT_F_DROP_REASON;
	s = capture(export_all, &d);
	CHECK(!strstr(s, "drops_by_reason"), "entries without REASON: none:\n%s", s);
	view_free(&old_drops);

	/* Views off (views=none) or not readable: only the counters' families. */
	d = views_scrape;
	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	s = capture(export_all, &d);
	CHECK(!strcmp(s, "# HELP tpstat_up 1 if the tpstat module answered this scrape, 0 if it did not (not loaded)\n"
		      "# TYPE tpstat_up gauge\n"
		      "tpstat_up 1\n"
		      "# HELP tpstat_info Always 1; the module's version and the running kernel's release as labels\n"
		      "# TYPE tpstat_info gauge\n"
		      "tpstat_info{version=\"0.1.0\",kernel=\"6.12.0\"} 1\n"),
	      "no views, no view families:\n%s", s);
}

/* An entry's first attributes: namespace @ns, and cookie @cookie if not 0. */
static struct nlmsghdr *ns_msg(uint32_t ns, uint64_t cookie)
{
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_u32(nlh, TPSTAT_A_NETNS, ns);
	if (cookie)
		mnl_attr_put_u64(nlh, TPSTAT_A_NETNS_COOKIE, cookie);
	return nlh;
}

/*
 * A namespace that died and a later one given its inode number: each
 * view has an entry, same key and same inode, from both (cookies 4097
 * and 8193) and from a module without cookies.  Every family keeps three
 * series, told apart by netns_cookie (the same labels twice would fail
 * the whole scrape), the last one's netns_cookie="".
 */
void test_export_netns_cookie(void)
{
	static const uint64_t cookie[3] = { 4097, 8193, 0 };
	static const uint8_t peer[4] = { 10, 0, 0, 2 };
	struct view errors = { .id = TPSTAT_VIEW_ERRORS };
	struct view resets = { .id = TPSTAT_VIEW_RESETS };
	struct view rcvq = { .id = TPSTAT_VIEW_RCVQ };
	struct view neigh = { .id = TPSTAT_VIEW_NEIGH };
	struct view auth = { .id = TPSTAT_VIEW_AUTH };
	struct view devices = { .id = TPSTAT_VIEW_DEVICES };
	struct export_data d = views_scrape;
	struct nlmsghdr *nlh;
	char *s;

	put_header_msg(&errors, 3, 256, 0);
	put_header_msg(&resets, 3, 1024, 0);
	put_header_msg(&rcvq, 3, 256, 0);
	put_header_msg(&neigh, 3, 256, 0);
	put_header_msg(&auth, 3, 256, 0);
	put_header_msg(&devices, 3, 256, 0);
	for (int i = 0; i < 3; i++) {
		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 5);
		if (i < 2)	/* the third's name is gone: by ifindex */
			mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "tun0");
		mnl_attr_put_u64(nlh, TPSTAT_A_TX_PACKETS, 500 + i);
		mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_ERRORS, 3 - i);
		mnl_attr_put_u64(nlh, TPSTAT_A_XMIT_TIMEOUTS, i);
		CHECK(view_msg_cb(nlh, &devices) == MNL_CB_OK, "devices entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_TCP);
		mnl_attr_put_u32(nlh, TPSTAT_A_ERRNO, ECONNREFUSED);
		mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 8080);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &errors) == MNL_CB_OK, "error entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put_u8(nlh, TPSTAT_A_DIRECTION, TPSTAT_DIRECTION_ACTIVE);
		mnl_attr_put_u16(nlh, TPSTAT_A_DPORT, 5002);
		mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
		mnl_attr_put_u64(nlh, TPSTAT_A_RST_SENT, 0);
		mnl_attr_put_u64(nlh, TPSTAT_A_RST_RECEIVED, 3 - i);
		CHECK(view_msg_cb(nlh, &resets) == MNL_CB_OK, "reset entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put_u8(nlh, TPSTAT_A_PROTOCOL, IPPROTO_UDP);
		mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 514);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &rcvq) == MNL_CB_OK, "rcvq entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u32(nlh, TPSTAT_A_IFINDEX, 2);
		mnl_attr_put_strz(nlh, TPSTAT_A_IFNAME, "eth0");
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &neigh) == MNL_CB_OK, "neigh entry");

		nlh = ns_msg(4026532157U, cookie[i]);
		mnl_attr_put_u8(nlh, TPSTAT_A_FAMILY, AF_INET);
		mnl_attr_put(nlh, TPSTAT_A_DADDR, 4, peer);
		mnl_attr_put_u16(nlh, TPSTAT_A_SPORT, 179);
		mnl_attr_put_u8(nlh, TPSTAT_A_AUTH_KIND, TPSTAT_AUTH_MD5_MISMATCH);
		mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 3 - i);
		CHECK(view_msg_cb(nlh, &auth) == MNL_CB_OK, "auth entry");
	}
	CHECK(errors.n == 3 && errors.e[0].has_netns_cookie &&
	      errors.e[0].netns_cookie == 4097 && !errors.e[2].has_netns_cookie,
	      "NETNS_COOKIE read, or absent");
	errors_aggregate(&errors);
	resets_aggregate(&resets, RESETS_BY_SERVICE);
	view_ops(TPSTAT_VIEW_RCVQ)->export_prepare(&rcvq);
	view_sort(&neigh);
	view_sort(&auth);
	CHECK(errors.n == 3 && resets.n == 3 && rcvq.n == 3,
	      "one inode, three namespaces: not summed (%zu, %zu, %zu)",
	      errors.n, resets.n, rcvq.n);
	d.views[TPSTAT_VIEW_DROPS] = d.views[TPSTAT_VIEW_HISTS] = NULL;
	d.views[TPSTAT_VIEW_ERRORS] = &errors;
	d.views[TPSTAT_VIEW_RESETS] = &resets;
	d.views[TPSTAT_VIEW_RCVQ] = &rcvq;
	d.views[TPSTAT_VIEW_NEIGH] = &neigh;
	d.views[TPSTAT_VIEW_AUTH] = &auth;
	d.views[TPSTAT_VIEW_DEVICES] = &devices;
	s = capture(export_all, &d);
	CHECK(strstr(s, "tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_socket_errors_total{errno=\"ECONNREFUSED\",protocol=\"tcp\",port=\"8080\",side=\"remote\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "errors: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"4026532157\",netns_cookie=\"4097\",reason=\"\"} 3\n"
		     "tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"4026532157\",netns_cookie=\"8193\",reason=\"\"} 2\n"
		     "tpstat_tcp_resets_total{kind=\"received\",direction=\"active\",port=\"5002\",netns=\"4026532157\",netns_cookie=\"\",reason=\"\"} 1\n"),
	      "resets: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_socket_rcvq_drops_total{protocol=\"udp\",port=\"514\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "rcvq: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.2\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.2\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_neigh_failures_total{device=\"eth0\",family=\"ipv4\",address=\"10.0.0.2\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "neigh: a series per cookie:\n%s", s);
	CHECK(strstr(s, "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_tcp_auth_failures_total{kind=\"md5_mismatch\",peer=\"10.0.0.2\",port=\"179\",netns=\"4026532157\",netns_cookie=\"\"} 1\n"),
	      "auth: a series per cookie:\n%s", s);
	CHECK(strstr(s, "# TYPE tpstat_device_transmit_packets_total counter\n"
		     "tpstat_device_transmit_packets_total{device=\"tun0\",netns=\"4026532157\",netns_cookie=\"4097\"} 500\n"
		     "tpstat_device_transmit_packets_total{device=\"tun0\",netns=\"4026532157\",netns_cookie=\"8193\"} 501\n"
		     "tpstat_device_transmit_packets_total{device=\"ifindex 5\",netns=\"4026532157\",netns_cookie=\"\"} 502\n") &&
	      strstr(s, "tpstat_device_transmit_errors_total{device=\"tun0\",netns=\"4026532157\",netns_cookie=\"4097\"} 3\n"
		     "tpstat_device_transmit_errors_total{device=\"tun0\",netns=\"4026532157\",netns_cookie=\"8193\"} 2\n"
		     "tpstat_device_transmit_errors_total{device=\"ifindex 5\",netns=\"4026532157\",netns_cookie=\"\"} 1\n") &&
	      strstr(s, "tpstat_device_transmit_timeouts_total{device=\"tun0\",netns=\"4026532157\",netns_cookie=\"4097\"} 0\n"
		     "tpstat_device_transmit_timeouts_total{device=\"tun0\",netns=\"4026532157\",netns_cookie=\"8193\"} 1\n"
		     "tpstat_device_transmit_timeouts_total{device=\"ifindex 5\",netns=\"4026532157\",netns_cookie=\"\"} 2\n"),
	      "devices: three families, a series per cookie, ifindex for a name gone:\n%s",
	      s);
	view_free(&devices);
	view_free(&errors);
	view_free(&resets);
	view_free(&rcvq);
	view_free(&neigh);
	view_free(&auth);
}
