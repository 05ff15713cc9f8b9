// SPDX-License-Identifier: GPL-2.0
/*
 * The DEVICES view (tpstat devices): per device, what it transmitted and
 * received, its transmit errors and timeouts, and its NAPI polls.
 */
#include "../fields.h"
#include "../netns.h"
#include "../prom.h"
#include "../view_columns.h"
#include "../view_fmt.h"
#include "../view_sort.h"
#include "../views.h"

#define NUM_MAX 24	/* a u64 in decimal */
#define DEV_MAX 24	/* "ifindex N" */

/* By namespace, then index: as ip link lists them. */
static int devices_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	int c = cmp_netns(a, b);

	return c ? c : cmp_u64(a->ifindex, b->ifindex);
}

VIEW_SORT(devices_sort, devices_qsort)

/* A figure of the block: -h writes it as ip -s -h does. */
static void device_count(struct fields *w, const struct view_print *p,
			 const char *label, const char *key, uint64_t count)
{
	char buf[COUNT_MAX];

	field_u64(w, label, field_json(w) ? NULL :
		  count_text(count, p->human, buf, sizeof(buf)), key, true,
		  count);
}

/* A block per device, as ip -s link: no table, so no header to hide. */
static void devices_record(struct fields *w, const struct view_print *p,
			   const struct view_entry *e)
{
	const struct dev_counters *d = dev_of(e);
	char name[VIEW_TEXT_MAX], index[NUM_MAX];

	field_str(w, NULL, view_dev_text(e, name, sizeof(name)), "ifname",
		  e->has_ifname ? e->ifname : NULL);
	snprintf(index, sizeof(index), "%u", e->ifindex);
	field_u64(w, " (ifindex ", index, "ifindex", true, e->ifindex);
	view_field_netns(w, ", netns ", e);
	field_text(w, ")\n    tx:");
	device_count(w, p, " packets ", "tx_packets", d->tx_packets);
	device_count(w, p, "  bytes ", "tx_bytes", d->tx_bytes);
	device_count(w, p, "  errors ", "xmit_errors", d->xmit_errors);
	device_count(w, p, "  timeouts ", "xmit_timeouts", d->xmit_timeouts);
	field_text(w, "\n    rx:");
	device_count(w, p, " packets ", "rx_packets", d->rx_packets);
	device_count(w, p, "  bytes ", "rx_bytes", d->rx_bytes);
	device_count(w, p, "  gro ", "gro", d->gro);
	field_text(w, "\n    napi:");
	device_count(w, p, " polls ", "napi_polls", d->napi_polls);
	device_count(w, p, "  work ", "napi_work", d->napi_work);
	device_count(w, p, "  budget exhausted ", "napi_budget_exhausted",
		     d->napi_budget_exhausted);
	field_text(w, "\n");
}

/*
 * Export: what a device's failures are judged against, per device and
 * namespace.  Devices are few and named: bounded labels.  Bytes, GRO and
 * NAPI stay with ip -s link and the view.
 */
static const struct prom_family fam_tx_packets = {
	"tpstat_device_transmit_packets_total", "counter",
	"Packets the device's driver took (net:net_dev_xmit with NETDEV_TX_OK), per device (its name when read, else ifindex N) and netns (the namespace's inode number; netns_cookie its cookie, never reused); bounded by the module's device_keys",
};

static const struct prom_family fam_xmit_errors = {
	"tpstat_device_transmit_errors_total", "counter",
	"Packets the device's driver refused (net:net_dev_xmit with another return: a full ring, a tun or tap nobody reads fast enough, a link down), per device and netns as tpstat_device_transmit_packets_total",
};

static const struct prom_family fam_xmit_timeouts = {
	"tpstat_device_transmit_timeouts_total", "counter",
	"Transmit watchdog timeouts (net:net_dev_xmit_timeout: a queue stopped for longer than the driver's watchdog), per device and netns as tpstat_device_transmit_packets_total",
};

static void devices_export_family(struct prom *p, const struct view *v,
				  const struct prom_family *fam,
				  size_t offset)
{
	for (size_t i = 0; v && i < v->n; i++) {
		const struct view_entry *e = &v->e[i];
		char dev[DEV_MAX], ns[NUM_MAX], ck[NUM_MAX];
		const struct prom_label l[3] = {
			/* The name as it is: prom_labels() escapes it. */
			{ "device", e->has_ifname ? e->ifname : dev },
			{ "netns", ns },
			{ "netns_cookie", netns_cookie_text(e, ck, sizeof(ck)) },
		};

		snprintf(dev, sizeof(dev), "ifindex %u", e->ifindex);
		snprintf(ns, sizeof(ns), "%u", e->netns);
		prom_sample(p, fam, "", l, 3,
			    *(const uint64_t *)((const char *)dev_of(e) +
						offset));
	}
}

static void devices_export(struct prom *p, const struct view *v)
{
	devices_export_family(p, v, &fam_tx_packets,
			      offsetof(struct dev_counters, tx_packets));
	devices_export_family(p, v, &fam_xmit_errors,
			      offsetof(struct dev_counters, xmit_errors));
	devices_export_family(p, v, &fam_xmit_timeouts,
			      offsetof(struct dev_counters, xmit_timeouts));
}

static const struct view_field devices_fields[] = {
	{ "tx_packets", fld_tx_packets }, { "tx_bytes", fld_tx_bytes },
	{ "rx_packets", fld_rx_packets }, { "rx_bytes", fld_rx_bytes },
	{ "xmit_errors", fld_xmit_errors },
	{ "xmit_timeouts", fld_xmit_timeouts }, { "gro", fld_gro },
	{ "napi_polls", fld_napi_polls }, { "napi_work", fld_napi_work },
	{ "napi_budget_exhausted", fld_napi_budget },
	{ "dev", fld_dev }, { "ifindex", fld_ifindex }, { "netns", fld_netns },
	{ NULL, NULL },
};

const struct view_ops devices_view_ops = {
	VIEW_OPS_RECORDS(DEVICES, devices),
	.dev_values = true,
	.usage =
		"tpstat devices [SELECTOR]... [--sort FIELD] [--top N]\n"
		"    per device: packets and bytes sent and received, transmit errors\n"
		"    and timeouts, GRO packets, NAPI polls, work and exhausted budgets",
	.list_key = "devices",
	.selectors = SEL_BIT(SEL_DEV) | SEL_BIT(SEL_NETNS),
	.sort = devices_sort,
	.export = devices_export,
};
