// SPDX-License-Identifier: GPL-2.0
/*
 * Devices whose queue discipline drops: the drops view's QDISC_DROP
 * (a qdisc full, or one that drops by design: a shaper's or policer's
 * limit, fq_codel's or pie's AQM), one finding per device and
 * namespace.  The knob is the qdisc's, which no sysctl holds: tc names
 * it, and net.core.default_qdisc is what a new device gets.
 */
#include "../doctor.h"
#include "../escape.h"
#include "../netns.h"
#include "../view_fmt.h"
#include "../views.h"

static const char CAUSE[] =
	"the device's queue discipline dropped packets it could not queue: its queue was full (its limit, or the device's txqueuelen) as packets came faster than the device or a shaper's rate sends them, or an AQM (fq_codel, pie, red) dropped to keep the queue short. tc -s qdisc show names the qdisc, its limit and drops; tc qdisc change raises the limit";

static bool qdisc_row(const struct view_entry *e)
{
	return doctor_drop_reason_is(e, "QDISC_DROP");
}

static int device_finding(const struct view *v, size_t i,
			  struct doctor_findings *out)
{
	const struct view_entry *e = &v->e[i];
	char ns[NETNS_NAME_MAX], sel[NETNS_NAME_MAX + 8];
	char devbuf[ESC_SIZE(DOCTOR_DEVICE_MAX) + 16];
	struct doctor_finding *f;
	const char *dev;
	uint64_t sum = 0;

	for (size_t k = 0; k < i; k++)
		if (qdisc_row(&v->e[k]) && doctor_same_device(&v->e[k], e))
			return 0;
	for (size_t k = i; k < v->n; k++)
		if (qdisc_row(&v->e[k]) && doctor_same_device(&v->e[k], e))
			sum += v->e[k].count;
	if (sum < DOCTOR_MIN_COUNT)
		return 0;
	f = doctor_add(out, &qdisc_drops_rule);
	if (!f)
		return -1;
	f->count = sum;
	doctor_set_device(f, e);
	dev = view_dev_text(e, devbuf, sizeof(devbuf));
	snprintf(f->what, sizeof(f->what),
		 "%llu packets dropped by %s's queue discipline (QDISC_DROP)",
		 (unsigned long long)sum, dev);
	snprintf(f->who, sizeof(f->who), "device %s, netns %s", dev,
		 netns_text(e->netns, ns, sizeof(ns)));
	snprintf(f->cause, sizeof(f->cause), "%s", CAUSE);
	doctor_knob(f, "net.core.default_qdisc");
	snprintf(f->more, sizeof(f->more),
		 "tpstat drops --by dev reason QDISC_DROP%s",
		 doctor_netns_selector(e->netns, sel, sizeof(sel)));
	return 0;
}

static int qdisc_drops_eval(const struct doctor_input *in,
			    struct doctor_findings *out)
{
	const struct view *drops = in->views[TPSTAT_VIEW_DROPS];

	for (size_t i = 0; drops && i < drops->n; i++)
		if (qdisc_row(&drops->e[i]) && device_finding(drops, i, out))
			return -1;
	return 0;
}

const struct doctor_rule qdisc_drops_rule = {
	.name = "qdisc_drops",
	.threshold = "at least 10 drops for QDISC_DROP on one device per netns (drops view: a kernel whose drop reasons name it, as 6.1 does), counted since the module's load or last reset",
	.false_alarm = "a shaper or policer that drops on purpose (a rate limit), or an AQM keeping latency low under a bulk transfer: the qdisc did its job; tc -s qdisc show says which",
	.views = DOCTOR_VIEW(TPSTAT_VIEW_DROPS),
	.eval = qdisc_drops_eval,
	/* Per host: the export's drops have no device. */
	.alert = {
		.name = "TpstatQdiscDrops",
		.expr = "sum without (code) (@(tpstat_skb_drops_by_reason_total{reason=\"QDISC_DROP\"})) >= @N",
		.summary = "{{ $value }} packets dropped in the last " DOCTOR_ALERT_WINDOW " by a device's queue discipline (QDISC_DROP; the export names no device: tpstat drops --by dev on the host does)",
		.cause = CAUSE,
		.knobs = "the qdisc's limit (tc qdisc change) or the device's txqueuelen (ip link set); net.core.default_qdisc is what new devices get",
		.more = "tpstat drops --by dev reason QDISC_DROP",
	},
};
