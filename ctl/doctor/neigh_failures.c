// SPDX-License-Identifier: GPL-2.0
/*
 * Neighbours that do not answer: the neigh view's failed resolutions
 * (ARP, ND), one finding per device and namespace.  One address failing
 * again and again is a next hop that is gone (a gateway down, a peer on
 * another link); many addresses failing once each is traffic to hosts
 * that are not there.  The finding says which, with the address most
 * failed.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "../doctor.h"
#include "../escape.h"
#include "../names.h"
#include "../netns.h"
#include "../view_fmt.h"
#include "../views.h"

static const char CAUSE_ONE[] =
	"one neighbour fails again and again: if it is a route's gateway (ip route shows via it), the router or host at it is down, on another link or VLAN, or has another address now; nothing on this host makes it answer. mcast_solicit probes retrans_time_ms apart are how long a resolution waits: raise them only for a peer that answers slowly";
static const char CAUSE_MANY[] =
	"many addresses on the link do not answer: traffic to hosts that are not there (a route or a configuration naming old addresses, a scan, a subnet's hosts gone); ip neigh shows them FAILED. mcast_solicit probes retrans_time_ms apart are how long each resolution waits, with packets queued behind it";

static void knobs(struct doctor_finding *f, const struct view_entry *e)
{
	const char *prefix = e->daddr_len == 16 ? "net.ipv6.neigh" :
						  "net.ipv4.neigh";

	if (!e->has_ifname || !doctor_plain_device(e->ifname))
		return;
	doctor_knob_dev(f, prefix, e->ifname, "mcast_solicit");
	doctor_knob_dev(f, prefix, e->ifname, "retrans_time_ms");
}

static int device_finding(const struct view *v, size_t i,
			  struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i], *top = e;
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	char devbuf[ESC_SIZE(DOCTOR_DEVICE_MAX) + 16];
	const char *dev;
	struct doctor_finding *f;
	size_t addresses = 0;
	uint64_t sum = 0;
	bool one;

	for (size_t k = 0; k < i; k++)
		if (doctor_same_device(&v->e[k], e))
			return 0;
	for (size_t k = i; k < v->n; k++) {
		const struct view_entry *r = &v->e[k];

		if (!doctor_same_device(r, e))
			continue;
		sum += r->count;
		addresses++;
		if (r->count > top->count)
			top = r;
	}
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &neigh_failures_rule);
	if (!f)
		return -1;
	/* Half or more at one address: that next hop is the story. */
	one = top->count * 2 >= sum;
	f->count = sum;
	doctor_set_device(f, e);
	format_addr(f->address, sizeof(f->address), top->daddr,
		    top->daddr_len, -1);
	dev = view_dev_text(e, devbuf, sizeof(devbuf));
	snprintf(f->what, sizeof(f->what),
		 "%llu neighbour resolutions failed on %s: %zu address%s, %s most (%llu)",
		 (unsigned long long)sum, dev, addresses,
		 addresses == 1 ? "" : "es", f->address,
		 (unsigned long long)top->count);
	snprintf(f->who, sizeof(f->who), "device %s, netns %s, %s %s", dev,
		 netns_text(e->netns, ns, sizeof(ns)),
		 one ? "next hop" : "addresses such as", f->address);
	snprintf(f->cause, sizeof(f->cause), "%s", one ? CAUSE_ONE : CAUSE_MANY);
	knobs(f, top);
	doctor_more_dev(f, "tpstat neigh", e,
			doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int neigh_failures_eval(const struct doctor_input *in,
			       struct doctor_findings *out)
{
	const struct view *neigh = in->views[TPSTAT_VIEW_NEIGH];

	for (size_t i = 0; neigh && i < neigh->n; i++)
		if (device_finding(neigh, i, out))
			return -1;
	return 0;
}

const struct doctor_rule neigh_failures_rule = {
	.name = "neigh_failures",
	.threshold = "at least 10 failed neighbour resolutions (ARP, ND) on one device per netns, over all its addresses (neigh view), counted since the module's load or last reset",
	.false_alarm = "a monitor or scanner that probes addresses it knows may be empty, or a peer that sleeps on purpose (a power-saving device): those failures are expected; a failure needs a packet to send, so an idle route to a dead gateway makes none",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_NEIGH),
	.eval = neigh_failures_eval,
	.alert = {
		.name = "TpstatNeighFailures",
		.expr = "sum by (device, netns, netns_cookie) (@(tpstat_neigh_failures_total)) >= @N",
		.summary = "{{ $value }} neighbour resolutions (ARP, ND) failed on device {{ $labels.device }} (netns {{ $labels.netns }}) in the last " DOCTOR_ALERT_WINDOW,
		.cause = "one address failing again and again: a next hop that is gone (a gateway down, a peer on another link or VLAN); many addresses once each: traffic to hosts that are not there (old addresses in a route or a configuration, a scan)",
		.knobs = "net.ipv4.neigh.DEVICE.mcast_solicit and retrans_time_ms (net.ipv6.neigh for ND; sysctl on the host): how long a resolution waits, for a peer that answers slowly; otherwise none, the peer or the route is what to mend",
		.more = "tpstat neigh dev {{ $labels.device }} netns {{ $labels.netns }}",
	},
};
