// SPDX-License-Identifier: GPL-2.0
/*
 * Prometheus text exposition of the module's counters.
 *
 * Each metric family is one small function below that walks the counters
 * dump (sorted by name) and calls prom_sample() for what it claims; a
 * family's HELP and TYPE come with its first sample.  Labels have bounded
 * values only (tracepoint names, TCP states, drop reasons, errnos,
 * service ports and namespaces): never per-flow data.
 *
 * A namespace is two labels, netns and right after it netns_cookie: netns
 * the inode number, for people (ip netns, /proc/PID/ns/net), netns_cookie
 * the entry's NETNS_COOKIE in decimal, which names it.  An inode number
 * is reused once its namespace is gone, so a dead namespace's series and
 * a new one's could have the same labels (and a duplicate series fails
 * the whole scrape); the cookie never is.  An entry without a cookie (a
 * module older than NETNS_COOKIE) gets netns_cookie="": the label is
 * always written, empty then, which Prometheus takes as no label.
 *
 * From the views (TPSTAT_CMD_GET_VIEW, read by cmd_export.c; a view that is
 * off or not readable leaves its families out), each written by the
 * view's *_export() in its views/<name>.c:
 *  - tpstat_skb_drops_by_reason_total{reason,code}: the DROPS view
 *    summed per drop reason; reason is the kernel's short name (empty
 *    when it gave none), code its number.  Only where the kernel has
 *    drop reasons (TPSTAT_F_DROP_REASON); the reasons are an enum, so
 *    the labels stay bounded.
 *  - tpstat_socket_errors_total{errno,protocol,port,side,netns,
 *    netns_cookie}: the ERRORS view summed over the address family.
 *    errno is the E-name (the number where this tool has none), port
 *    the service port: the remote one for clients, whose local port is
 *    ephemeral, else the local one (side); netns and netns_cookie the
 *    namespace.  Bounded as services and namespaces are, never per
 *    flow.  Left out where the kernel lacks sock:inet_sk_error_report
 *    (the view is refused).
 *  - tpstat_tcp_resets_total{kind,direction,port,netns,netns_cookie,
 *    reason}: the RESETS view by service (summed over peers): kind is
 *    sent or received, direction passive (the port is local: a
 *    server's end) or active (the port is remote: a client's), reason
 *    the kernel's name for a sent one (6.10+; else empty).  Bounded as
 *    services and namespaces are: a client's ephemeral ports are not
 *    labels.
 *  - tpstat_socket_rcvq_drops_total{protocol,port,netns,netns_cookie}:
 *    the RCVQ view summed over the address family: packets dropped
 *    because a socket's receive queue was full, per protocol (udp,
 *    udplite, icmp, icmpv6, raw, else the number), local port (a raw
 *    socket's: the IP protocol it receives) and namespace.  Bounded as
 *    bound ports are, never per flow.  The receive buffer is not
 *    exported: a gauge of the last drop would say nothing between
 *    drops.
 *  - tpstat_neigh_failures_total{device,family,address,netns,
 *    netns_cookie}: the NEIGH view, one sample per neighbour whose
 *    resolution failed (views/neigh.c).  Bounded by the module's table
 *    (neigh_keys=, default 256 keys), as the addresses a host tries are.
 *  - tpstat_tcp_auth_failures_total{kind,peer,port,netns,netns_cookie}:
 *    the AUTH view, segments that failed TCP-MD5/AO per kind
 *    (md5_mismatch, ...), peer address, local port and namespace.  peer
 *    is per remote host, not per flow: configured peers (BGP) and
 *    whoever tries them, at most the module's auth_keys= entries.  Left
 *    out where the kernel has none of the tracepoints (the view is
 *    refused).
 *  - tpstat_device_transmit_{packets,errors,timeouts}_total{device,
 *    netns,netns_cookie}: the DEVICES view, per device (its name when
 *    read, else "ifindex N") and namespace: what the driver took, what
 *    it refused and the watchdog's timeouts (views/devices.c).  Bounded
 *    by the module's device_keys.
 *  - histograms, one family per HISTS name, from its log2 buckets (see
 *    hists[] in views/hists.c): tpstat_tcp_srtt_seconds (srtt_us),
 *    tpstat_tcp_snd_cwnd_segments (snd_cwnd), tpstat_xmit_length_bytes
 *    (xmit_len), tpstat_rx_length_bytes (rx_len).  Bucket b >= 1 holds
 *    [2^(b-1), 2^b - 1], so its le is 2^b - 1; bucket 0's le is 0.
 *    srtt is kept in microseconds and exported in seconds, Prometheus'
 *    base unit, with exact decimal bounds (le="0.000127").
 * Where more plugs in: anything top-N (per-flow) as the N largest plus
 * one "other" sample.
 * Until a family knows a new "<event>.<metric>" counter, export_other()
 * exports it as tpstat_derived_total, so nothing the dump has is lost.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "export.h"
#include "views.h"
#include "../uapi/linux/tpstat.h"

/* --- the families ---------------------------------------------------- */

static const struct prom_family fam_up = {
	"tpstat_up", "gauge",
	"1 if the tpstat module answered this scrape, 0 if it did not (not loaded)",
};

static void export_up(struct prom *p, bool up)
{
	prom_sample(p, &fam_up, "", NULL, 0, up);
}

static const struct prom_family fam_info = {
	"tpstat_info", "gauge",
	"Always 1; the module's version and the running kernel's release as labels",
};

static void export_info(struct prom *p, const struct info *info)
{
	const struct prom_label l[] = {
		{ "version", info->version },
		{ "kernel", info->kernel },
	};

	prom_sample(p, &fam_info, "", l, 2, 1);
}

static const struct prom_family fam_attached = {
	"tpstat_tracepoint_attached", "gauge",
	"1 if tpstat counts this tracepoint, 0 if it is detached; tracepoints this kernel lacks are left out",
};

static void export_attached(struct prom *p, const struct export_data *d)
{
	for (size_t i = 0; i < d->n_events; i++) {
		const struct prom_label l = { "tracepoint", d->events[i].name };

		if (d->events[i].state == TPSTAT_STATE_MISSING)
			continue;
		prom_sample(p, &fam_attached, "", &l, 1,
			    d->events[i].state == TPSTAT_STATE_ATTACHED);
	}
}

static const struct prom_family fam_hits = {
	"tpstat_tracepoint_hits_total", "counter",
	"Times the tracepoint fired while tpstat counted it, since load or its last reset",
};

/* "<group>:<name>": the hits; derived values have a '.' in their name. */
static void export_hits(struct prom *p, const struct export_data *d)
{
	for (size_t i = 0; i < d->n_counters; i++) {
		const struct prom_label l = { "tracepoint", d->counters[i].name };

		if (!strchr(d->counters[i].name, '.'))
			prom_sample(p, &fam_hits, "", &l, 1,
				    d->counters[i].value);
	}
}

/* Derived values that are one number each, and their own family. */
static const struct {
	const char *counter;
	struct prom_family fam;
} derived[] = {
	{ "net:net_dev_xmit.bytes", {
		"tpstat_net_dev_xmit_bytes_total", "counter",
		"Bytes drivers accepted for transmit (net:net_dev_xmit with rc NETDEV_TX_OK), link-layer header included" } },
	{ "net:net_dev_xmit.errors", {
		"tpstat_net_dev_xmit_errors_total", "counter",
		"Transmits drivers refused (net:net_dev_xmit with rc other than NETDEV_TX_OK)" } },
	{ "net:netif_receive_skb.bytes", {
		"tpstat_netif_receive_skb_bytes_total", "counter",
		"Bytes received (net:netif_receive_skb), link-layer header included" } },
	{ "skb:kfree_skb.drops", {
		"tpstat_skb_drops_total", "counter",
		"Packets dropped (skb:kfree_skb); consumed packets are not drops" } },
};

#define N_DERIVED (sizeof(derived) / sizeof(derived[0]))

static const struct counter_row *find(const struct export_data *d,
				      const char *name)
{
	for (size_t i = 0; i < d->n_counters; i++)
		if (!strcmp(d->counters[i].name, name))
			return &d->counters[i];
	return NULL;
}

static void export_derived(struct prom *p, const struct export_data *d)
{
	for (size_t i = 0; i < N_DERIVED; i++) {
		const struct counter_row *c = find(d, derived[i].counter);

		if (c)
			prom_sample(p, &derived[i].fam, "", NULL, 0, c->value);
	}
}

#define TCP_STATES_PREFIX "sock:inet_sock_set_state."

static const struct prom_family fam_tcp_states = {
	"tpstat_tcp_state_transitions_total", "counter",
	"TCP state transitions (sock:inet_sock_set_state), states as tcpstates names them; only transitions that happened",
};

/* "sock:inet_sock_set_state.<OLD>-><NEW>": @old and @new point into @buf. */
static bool tcp_transition(const char *name, char *buf, size_t len,
			   const char **old, const char **new)
{
	size_t plen = strlen(TCP_STATES_PREFIX);
	char *arrow;

	if (strncmp(name, TCP_STATES_PREFIX, plen))
		return false;
	snprintf(buf, len, "%s", name + plen);
	arrow = strstr(buf, "->");
	if (!arrow || arrow == buf || !arrow[2])
		return false;
	*arrow = '\0';
	*old = buf;
	*new = arrow + 2;
	return true;
}

static void export_tcp_states(struct prom *p, const struct export_data *d)
{
	for (size_t i = 0; i < d->n_counters; i++) {
		struct prom_label l[2] = { { "old", NULL }, { "new", NULL } };
		char buf[sizeof(d->counters[i].name)];

		if (tcp_transition(d->counters[i].name, buf, sizeof(buf),
				   &l[0].value, &l[1].value))
			prom_sample(p, &fam_tcp_states, "", l, 2,
				    d->counters[i].value);
	}
}

static const struct prom_family fam_other = {
	"tpstat_derived_total", "counter",
	"Other derived values of the counters dump, as \"<tracepoint>.<value>\" there",
};

static bool claimed(const char *name)
{
	char buf[sizeof(((struct counter_row *)0)->name)];
	const char *old, *new;

	for (size_t i = 0; i < N_DERIVED; i++)
		if (!strcmp(name, derived[i].counter))
			return true;
	return tcp_transition(name, buf, sizeof(buf), &old, &new);
}

/* Derived values no family above knows (newer module than tool). */
static void export_other(struct prom *p, const struct export_data *d)
{
	for (size_t i = 0; i < d->n_counters; i++) {
		const char *name = d->counters[i].name, *dot = strchr(name, '.');
		char tracepoint[sizeof(d->counters[i].name)];
		struct prom_label l[2] = {
			{ "tracepoint", tracepoint }, { "value", NULL },
		};

		if (!dot || claimed(name))
			continue;
		snprintf(tracepoint, sizeof(tracepoint), "%.*s",
			 (int)(dot - name), name);
		l[1].value = dot + 1;
		prom_sample(p, &fam_other, "", l, 2, d->counters[i].value);
	}
}

void export_write(FILE *f, const struct export_data *d)
{
	const struct view_ops *ops;
	struct prom p;

	prom_init(&p, f);
	export_up(&p, true);
	export_info(&p, d->info);
	export_attached(&p, d);
	export_hits(&p, d);
	export_derived(&p, d);
	export_tcp_states(&p, d);
	/* The views' families (views/<name>.c), in the table's order. */
	for (size_t i = 0; (ops = view_at(i)); i++) {
		const struct view *v = d->views[ops->id];

		if (v && ops->export &&
		    !(ops->export_features & ~d->info->features))
			ops->export(&p, v);
	}
	export_other(&p, d);
}

void export_write_down(FILE *f)
{
	struct prom p;

	prom_init(&p, f);
	export_up(&p, false);
}

/* atomic_file_write()'s filler: the scrape, or tpstat_up 0 without one. */
static void fill_textfile(FILE *f, const void *arg)
{
	if (arg)
		export_write(f, arg);
	else
		export_write_down(f);
}

int export_textfile(const char *dir, const struct export_data *d, char *err,
		    size_t err_len)
{
	char dst[4096];

	if (snprintf(dst, sizeof(dst), "%s/%s", dir, EXPORT_TEXTFILE_NAME) >=
	    (int)sizeof(dst)) {
		snprintf(err, err_len, "writing into %s: %s", dir,
			 strerror(ENAMETOOLONG));
		return -ENAMETOOLONG;
	}
	return atomic_file_write(dst, fill_textfile, d, err, err_len);
}
