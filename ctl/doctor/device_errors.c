// SPDX-License-Identifier: GPL-2.0
/*
 * Devices whose driver refuses to send: the devices view's transmit
 * errors (net_dev_xmit returning other than NETDEV_TX_OK) and watchdog
 * timeouts, one finding per device and namespace.  An error is a packet
 * lost at the last step, past the qdisc (whose drops are qdisc_drops'):
 * a ring full, a tun or tap whose reader is too slow, a link going
 * down.  A timeout is a queue that stopped sending altogether.
 */
#include "../doctor.h"
#include "../escape.h"
#include "../netns.h"
#include "../view_fmt.h"
#include "../view_rows.h"
#include "../views.h"

static const char CAUSE_ERRORS[] =
	"the driver refused packets the qdisc handed it: its transmit ring was full (a burst larger than the ring; for a tun or tap, the program reading it fell behind, and txqueuelen is the ring; a veth's are its peer's CPU backlog, backlog_drops) or the link was going down. ethtool -G sets a NIC's ring; ip link set DEV txqueuelen a tun's or tap's; ip -s link counts them as tx dropped";
static const char CAUSE_TIMEOUTS[] =
	"the transmit watchdog fired: a queue of the device sent nothing for longer than the driver's timeout, and the driver reset it (dmesg says \"transmit queue N timed out\"). A link partner pausing it (ethtool -a), a hung NIC or its firmware, or a virtual device's backend (a stalled vhost or hypervisor) are the usual causes; no setting of this host's mends it";

static int device_finding(const struct view_entry *e,
			  struct doctor_findings *out)
{
	const struct dev_counters *d = dev_of(e);
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	char devbuf[ESC_SIZE(DOCTOR_DEVICE_MAX) + 16];
	uint64_t sum = d->xmit_errors + d->xmit_timeouts;
	uint64_t tried = d->tx_packets + d->xmit_errors;
	struct doctor_finding *f;
	const char *dev;

	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &device_errors_rule);
	if (!f)
		return -1;
	f->count = sum;
	doctor_set_device(f, e);
	dev = view_dev_text(e, devbuf, sizeof(devbuf));
	snprintf(f->what, sizeof(f->what),
		 "%s's driver refused %llu of %llu packets handed to it, with %llu transmit timeout%s",
		 dev, (unsigned long long)d->xmit_errors,
		 (unsigned long long)tried,
		 (unsigned long long)d->xmit_timeouts,
		 d->xmit_timeouts == 1 ? "" : "s");
	snprintf(f->who, sizeof(f->who), "device %s, netns %s", dev,
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s",
		 d->xmit_timeouts ? CAUSE_TIMEOUTS : CAUSE_ERRORS);
	if (e->has_ifname)
		doctor_knob_txqueuelen(f, e->ifname, e->netns);
	doctor_more_dev(f, "tpstat devices", e,
			doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int device_errors_eval(const struct doctor_input *in,
			      struct doctor_findings *out)
{
	const struct view *devices = in->views[TPSTAT_VIEW_DEVICES];

	/* A row per device and namespace: the view's key. */
	for (size_t i = 0; devices && i < devices->n; i++)
		if (device_finding(&devices->e[i], out))
			return -1;
	return 0;
}

const struct doctor_rule device_errors_rule = {
	.name = "device_errors",
	.threshold = "at least 10 transmit errors and watchdog timeouts on one device per netns (devices view), counted since the module's load or last reset",
	.false_alarm = "a link that went down with packets queued (a cable pulled, an interface set down on purpose): each queued packet is refused once; a tun or tap whose program stopped on purpose",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_DEVICES),
	.eval = device_errors_eval,
	.alert = {
		.name = "TpstatDeviceErrors",
		.expr = "sum by (device, netns, netns_cookie) (@(tpstat_device_transmit_errors_total)) + on (device, netns, netns_cookie) sum by (device, netns, netns_cookie) (@(tpstat_device_transmit_timeouts_total)) >= @N",
		.summary = "{{ $value }} packets refused or watchdog timeouts on device {{ $labels.device }} (netns {{ $labels.netns }}) in the last " DOCTOR_ALERT_WINDOW,
		.cause = "transmit errors: the driver's ring full (a burst larger than it; a tun or tap whose reader fell behind) or the link going down; timeouts: a queue that stopped sending (a pausing link partner, a hung NIC, a stalled virtual backend)",
		.knobs = "the device's ring (ethtool -G) or, for a tun or tap, its txqueuelen (ip link set DEVICE txqueuelen N); none for timeouts",
		.more = "tpstat devices dev {{ $labels.device }} netns {{ $labels.netns }}",
	},
};
