// SPDX-License-Identifier: GPL-2.0
/*
 * Refusals: the views the module will not give, each a row of what the
 * tool says (view_error(), with and without the kernel's words), and
 * the replies the tool will not read.
 */
#include <errno.h>
#include <string.h>

#include "unit.h"

/* Why a view was refused, as view_cmd() prints it. */
static struct tpnl fail_nl;
static uint32_t fail_view;
static int fail_err;

static void view_error_out(FILE *f, void *arg)
{
	(void)arg;
	view_error(f, &fail_nl, fail_view, fail_err);
}

static char *view_error_text(uint32_t view, int err, const char *extack)
{
	fail_view = view;
	fail_err = err;
	snprintf(fail_nl.extack, sizeof(fail_nl.extack), "%s",
		 extack ? extack : "");
	return capture(view_error_out, NULL);
}

/* A view refused with -@err and the kernel's words @extack (or none). */
static const struct refusal {
	uint32_t view;
	int err;
	const char *extack;
	bool start;		/* what it says starts with @says */
	const char *says;
	const char *what;
} refusals[] = {
	{ TPSTAT_VIEW_ERRORS, EOPNOTSUPP,
	  "tpstat: this view is unavailable: the kernel has no sock:inet_sk_error_report (5.14 on)",
	  false, "tpstat: errors view: this view is unavailable: the kernel has no sock:inet_sk_error_report (5.14 on)\n",
	  "no tracepoint: the kernel's words" },
	{ TPSTAT_VIEW_ERRORS, EOPNOTSUPP, NULL,
	  false, "tpstat: errors view: not available (the kernel has no sock:inet_sk_error_report before Linux 5.14, or the module was loaded with views= without it)\n",
	  "no tracepoint, no words" },
	{ TPSTAT_VIEW_ERRORS, EPERM, NULL,
	  false, "tpstat: permission denied: the errors view names sockets and needs CAP_NET_ADMIN (run as root)\n",
	  "no CAP_NET_ADMIN" },
	{ TPSTAT_VIEW_RESETS, EPERM, NULL,
	  false, "tpstat: permission denied: the resets view names sockets and needs CAP_NET_ADMIN (run as root)\n",
	  "as resets says it" },
	{ TPSTAT_VIEW_ERRORS, EPERM,
	  "tpstat: this view names sockets and needs CAP_NET_ADMIN",
	  false, "tpstat: this view names sockets and needs CAP_NET_ADMIN\n",
	  "no CAP_NET_ADMIN, the kernel's words" },
	{ TPSTAT_VIEW_ERRORS, ERANGE, "integer out of range",
	  false, "tpstat: the tpstat module does not have the errors view (integer out of range)\n",
	  "an older module" },
	{ TPSTAT_VIEW_RCVQ, EOPNOTSUPP,
	  "tpstat: this view is unavailable: the kernel has no udp:udp_fail_queue_rcv_skb",
	  false, "tpstat: rcvq view: this view is unavailable: the kernel has no udp:udp_fail_queue_rcv_skb\n",
	  "no tracepoint: the kernel's words" },
	{ TPSTAT_VIEW_RCVQ, EOPNOTSUPP, NULL,
	  false, "tpstat: rcvq view: not available (the kernel lacks udp:udp_fail_queue_rcv_skb or sock:sock_rcvqueue_full, or the module was loaded with views= without it)\n",
	  "no tracepoint, no words" },
	{ TPSTAT_VIEW_RCVQ, EPERM, NULL,
	  false, "tpstat: permission denied: the rcvq view names sockets and needs CAP_NET_ADMIN (run as root)\n",
	  "no CAP_NET_ADMIN" },
	{ TPSTAT_VIEW_RCVQ, ERANGE, "integer out of range",
	  false, "tpstat: the tpstat module does not have the rcvq view (integer out of range)\n",
	  "an older module" },
	{ TPSTAT_VIEW_NEIGH, EOPNOTSUPP,
	  "tpstat: this view is unavailable: the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler",
	  false, "tpstat: neigh view: this view is unavailable: the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler\n",
	  "no tracepoints: the kernel's words" },
	{ TPSTAT_VIEW_NEIGH, EOPNOTSUPP, NULL,
	  false, "tpstat: neigh view: not available (the kernel lacks neigh:neigh_update or neigh:neigh_timer_handler, or the module was loaded with views= without it)\n",
	  "no tracepoints, no words" },
	{ TPSTAT_VIEW_NEIGH, EPERM, NULL,
	  false, "tpstat: permission denied: the neigh view names sockets and needs CAP_NET_ADMIN (run as root)\n",
	  "no CAP_NET_ADMIN" },
	{ TPSTAT_VIEW_NEIGH, ERANGE, "integer out of range",
	  false, "tpstat: the tpstat module does not have the neigh view (integer out of range)\n",
	  "an older module" },
	{ TPSTAT_VIEW_AUTH, EOPNOTSUPP,
	  "tpstat: this view is unavailable: the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_* and tcp:tcp_ao_* (6.7 on)",
	  false, "tpstat: auth view: this view is unavailable: the kernel has none of the TCP-MD5/AO failure tracepoints tcp:tcp_hash_* and tcp:tcp_ao_* (6.7 on)\n",
	  "auth refused: the kernel's words" },
	{ TPSTAT_VIEW_AUTH, EOPNOTSUPP, NULL,
	  true, "tpstat: auth view: not available (the kernel has none of",
	  "auth refused, no words" },
	{ TPSTAT_VIEW_AUTH, EPERM, NULL,
	  false, "tpstat: permission denied: the auth view names sockets and needs CAP_NET_ADMIN (run as root)\n",
	  "auth without CAP_NET_ADMIN" },
};

void test_refused(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(refusals); i++) {
		const struct refusal *r = &refusals[i];
		char *s = view_error_text(r->view, -r->err, r->extack);

		CHECK(r->start ? strstr(s, r->says) == s : !strcmp(s, r->says),
		      "%s view, %s: %s: %s", view_name(r->view),
		      strerror(r->err), r->what, s);
	}
	fail_nl.extack[0] = '\0';
	CHECK(view_refused(-EOPNOTSUPP) && view_refused(-EPERM) &&
	      view_refused(-EACCES) && view_refused(-ERANGE) &&
	      !view_refused(-ENOENT) && !view_refused(-ENOBUFS) &&
	      !view_refused(0), "export leaves out refused views only");
}

/* A DONE-terminated dump's header missing: view_cmd refuses; here, the flag. */
void test_no_header(void)
{
	struct view v = { .id = TPSTAT_VIEW_DROPS };
	struct nlmsghdr *nlh = msg_new();

	mnl_attr_put_strz(nlh, TPSTAT_A_LOCATION, "x+0x1/0x2");
	mnl_attr_put_u64(nlh, TPSTAT_A_COUNT, 1);
	refused(&v, nlh, "an entry before the header");
	CHECK(!v.have_header && v.n == 0, "an entry is not a header");
	view_free(&v);
}
