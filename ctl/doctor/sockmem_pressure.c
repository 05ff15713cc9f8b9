// SPDX-License-Identifier: GPL-2.0
/*
 * Protocols out of memory: the sockmem view's refusals
 * (sock:sock_exceed_buf_limit), which the kernel makes once a protocol's
 * sockets together hold more pages than its limit allows (tcp_mem,
 * udp_mem), one finding per protocol and namespace.  The limit is the
 * protocol's, not a socket's: every socket of it is refused alike, so
 * the rows are summed, and the port refused most is named as where to
 * start.  A socket over its own buffer is rcvq_overflow's.
 */
#include <netinet/in.h>

#include "../array.h"
#include "../doctor.h"
#include "../netns.h"
#include "../view_fmt.h"
#include "../views.h"

/* The protocol's own limit and what sizes its sockets' buffers. */
static const struct {
	uint8_t protocol;
	const char *knobs[DOCTOR_KNOBS];
} protocol_knobs[] = {
	{ IPPROTO_TCP,
	  { "net.ipv4.tcp_mem", "net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem" } },
	{ IPPROTO_UDP, { "net.ipv4.udp_mem", "net.core.rmem_default" } },
	{ IPPROTO_UDPLITE, { "net.ipv4.udp_mem", "net.core.rmem_default" } },
};

static const char CAUSE[] =
	"the protocol's sockets together hold more memory than its limit allows, the third figure of net.ipv4.tcp_mem or udp_mem, in pages: sockets whose applications do not read what arrives, or whose peers do not read what they send, keep their buffers full; ss -m shows each socket's memory. Raise the limit where the machine has the memory, or give the sockets smaller buffers";

static uint64_t allocated(const struct view_entry *e)
{
	return view_entry_val(e, TPSTAT_A_MEM_ALLOCATED);
}

static bool same_group(const struct view_entry *a, const struct view_entry *b)
{
	return a->has_protocol && b->has_protocol &&
	       a->protocol == b->protocol && doctor_same_netns(a, b);
}

/* The rows of row @i's protocol and namespace, from its first one. */
static int group_finding(const struct view *v, size_t i,
			 struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i], *top = e, *fullest = e;
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8], proto[12];
	const char *p, *kind;
	struct doctor_finding *f;
	uint64_t sum = 0;

	for (size_t k = 0; k < i; k++)
		if (same_group(&v->e[k], e))
			return 0;
	for (size_t k = i; k < v->n; k++) {
		const struct view_entry *r = &v->e[k];

		if (!same_group(r, e))
			continue;
		sum += r->count;
		if (r->count > top->count)
			top = r;
		if (allocated(r) > allocated(fullest))
			fullest = r;
	}
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &sockmem_pressure_rule);
	if (!f)
		return -1;
	p = view_proto_text(e, proto, sizeof(proto));
	kind = top->has_kind && top->kind == TPSTAT_MEM_SEND ?
	       "send" : "recv";
	f->count = sum;
	f->protocol = p != proto ? p : NULL;
	f->has_port = top->has_sport;
	f->port = top->sport;
	doctor_set_netns(f, e);
	snprintf(f->what, sizeof(f->what),
		 "%s sockets were refused memory %llu times: the protocol had %llu pages allocated against its limit of %llu",
		 p, (unsigned long long)sum,
		 (unsigned long long)allocated(fullest),
		 (unsigned long long)view_entry_val(fullest, TPSTAT_A_MEM_LIMIT));
	snprintf(f->who, sizeof(f->who),
		 "%s sockets in netns %s; most on port %u (%llu refusals, to %s)",
		 p, netns_text(e->netns, ns, sizeof(ns)), top->sport,
		 (unsigned long long)top->count, kind);
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	for (size_t k = 0; k < ARRAY_SIZE(protocol_knobs); k++)
		if (protocol_knobs[k].protocol == e->protocol)
			for (size_t n = 0; n < DOCTOR_KNOBS &&
			     protocol_knobs[k].knobs[n]; n++)
				doctor_knob(f, protocol_knobs[k].knobs[n]);
	snprintf(f->more, sizeof(f->more), "tpstat sockmem%s",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int sockmem_pressure_eval(const struct doctor_input *in,
				 struct doctor_findings *out)
{
	const struct view *sockmem = in->views[TPSTAT_VIEW_SOCKMEM];

	for (size_t i = 0; sockmem && i < sockmem->n; i++)
		if (group_finding(sockmem, i, out))
			return -1;
	return 0;
}

const struct doctor_rule sockmem_pressure_rule = {
	.name = "sockmem_pressure",
	.threshold = "at least 10 refusals of memory to one protocol's sockets per netns, over all their ports (sockmem view), counted since the module's load or last reset",
	.false_alarm = "a host that is meant to run at its limits (a cache that sheds load): the refusals are the limit doing its job; a socket over its own SO_RCVBUF is not one (rcvq_overflow)",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_SOCKMEM),
	.eval = sockmem_pressure_eval,
	.alert = {
		.name = "TpstatSockmemPressure",
		.expr = "sum by (protocol, netns, netns_cookie) (@(tpstat_sockmem_events_total)) >= @N",
		.summary = "{{ $labels.protocol }} sockets (netns {{ $labels.netns }}) were refused memory {{ $value }} times in the last " DOCTOR_ALERT_WINDOW " because the protocol was over its limit",
		.cause = CAUSE,
		.knobs = "tcp: net.ipv4.tcp_mem, tcp_rmem, tcp_wmem; udp: net.ipv4.udp_mem, net.core.rmem_default (sysctl on the host); tpstat_sockmem_allocated_pages and tpstat_sockmem_limit_pages give the pages",
		.more = "tpstat sockmem netns {{ $labels.netns }}",
	},
};
