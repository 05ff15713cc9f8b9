// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs files of the views (README.md, "debugfs contract").  Each
 * starts with "# overflow <lost> entries <used> capacity <max>", then a
 * "# " line naming the columns, then one line per entry:
 *   drops      count location reason netns dev
 *   traps      count devlink group trap
 *   retrans    retrans synack_retrans state netns local remote
 *   resets     sent received netns lport peer reason
 *   states     old new count; then "opens active|passive|failed N"
 *   lifetimes  netns lport comm count sum_us buckets
 *   devices    netns dev tx_packets tx_bytes rx_packets rx_bytes
 *              xmit_errors xmit_timeouts gro napi_polls napi_work
 *              napi_budget_exhausted
 *   hists      name count sum buckets
 *   errors     count errno protocol side port netns  (side: local|remote)
 *   auth       count kind peer lport netns  (kind: the tracepoint's name,
 *              e.g. tcp_hash_md5_mismatch)
 * A missing value is "-"; reasons are "NAME(code)"; buckets are
 * "<bucket>:<count>" for non-empty buckets, bucket b >= 1 holding
 * [2^(b-1), 2^b - 1].
 */
#include <linux/debugfs.h>
#include <linux/in.h>
#include <linux/seq_file.h>

#include "compat.h"
#include "debugfs.h"
#include "probes_auth.h"
#include "reasons.h"
#include "registry.h"
#include "report.h"
#include "viewread.h"

static const char *const tpstat_view_columns[__TPSTAT_VIEW_CNT] = {
	[TPSTAT_VIEW_DROPS] = "count location reason netns dev",
	[TPSTAT_VIEW_TRAPS] = "count devlink group trap",
	[TPSTAT_VIEW_RETRANS] = "retrans synack_retrans state netns local remote",
	[TPSTAT_VIEW_RESETS] = "sent received netns lport peer reason",
	[TPSTAT_VIEW_STATES] = "old new count",
	[TPSTAT_VIEW_LIFETIMES] = "netns lport comm count sum_us buckets",
	[TPSTAT_VIEW_DEVICES] = "netns dev tx_packets tx_bytes rx_packets rx_bytes xmit_errors xmit_timeouts gro napi_polls napi_work napi_budget_exhausted",
	[TPSTAT_VIEW_HISTS] = "name count sum buckets",
	[TPSTAT_VIEW_ERRORS] = "count errno protocol side port netns",
	[TPSTAT_VIEW_AUTH] = "count kind peer lport netns",
};

static void tpstat_seq_dev(struct seq_file *m, u32 netns, u32 ifindex)
{
	char name[IFNAMSIZ];

	if (!ifindex)
		seq_puts(m, " -");
	else if (tpstat_ifname(netns, ifindex, name))
		seq_printf(m, " %s", name);
	else
		seq_printf(m, " if%u", ifindex);
}

static void tpstat_seq_reason(struct seq_file *m, const char *name, u32 code)
{
	seq_printf(m, " %s(%u)", name ? name : "?", code);
}

static void tpstat_seq_addr(struct seq_file *m, u16 family, const u8 *addr,
			    u16 port)
{
	if (family == AF_INET)
		seq_printf(m, " %pI4:%u", addr, port);
	else
		seq_printf(m, " [%pI6c]:%u", addr, port);
}

static void tpstat_seq_hist(struct seq_file *m, const u64 *buckets, u64 sum)
{
	u64 count = 0;
	int b, first = 1;

	for (b = 0; b < TPSTAT_HIST_BUCKETS; b++)
		count += buckets[b];
	seq_printf(m, " %llu %llu ", count, sum);
	for (b = 0; b < TPSTAT_HIST_BUCKETS; b++) {
		if (!buckets[b])
			continue;
		seq_printf(m, "%s%d:%llu", first ? "" : ",", b, buckets[b]);
		first = 0;
	}
	if (first)
		seq_putc(m, '-');
}

static const char *tpstat_state_or_dash(unsigned int state)
{
	const char *name = tpstat_tcp_state_name(state);

	return name ? name : "-";
}

static void tpstat_seq_keyed(struct seq_file *m, enum tpstat_view view,
			     const void *key, const u64 *v)
{
	switch (view) {
	case TPSTAT_VIEW_DROPS: {
		const struct tpstat_drop_key *k = key;

		seq_printf(m, "%llu %pS", v[TPSTAT_DROP_COUNT],
			   (void *)(unsigned long)k->location);
		if (TPSTAT_FEATURES & TPSTAT_F_DROP_REASON)
			tpstat_seq_reason(m, tpstat_drop_reason_name(k->reason),
					  k->reason);
		else
			seq_puts(m, " -");
		seq_printf(m, " %u", k->netns);
		tpstat_seq_dev(m, k->netns, k->ifindex);
		break;
	}
	case TPSTAT_VIEW_TRAPS: {
		const struct tpstat_trap_key *k = key;

		seq_printf(m, "%llu %s/%s %s %s", v[TPSTAT_TRAP_COUNT], k->bus,
			   k->device, k->group, k->trap);
		break;
	}
	case TPSTAT_VIEW_RETRANS: {
		const struct tpstat_flow_key *k = key;

		seq_printf(m, "%llu %llu %s %u", v[TPSTAT_FLOW_RETRANS],
			   v[TPSTAT_FLOW_SYNACK],
			   tpstat_state_or_dash(v[TPSTAT_FLOW_STATE]), k->netns);
		tpstat_seq_addr(m, k->family, k->saddr, k->sport);
		tpstat_seq_addr(m, k->family, k->daddr, k->dport);
		break;
	}
	case TPSTAT_VIEW_RESETS: {
		const struct tpstat_reset_key *k = key;

		seq_printf(m, "%llu %llu %u %u", v[TPSTAT_RST_SENT],
			   v[TPSTAT_RST_RECEIVED], k->netns, k->lport);
		if (k->family == AF_INET)
			seq_printf(m, " %pI4", k->peer);
		else if (k->family == AF_INET6)
			seq_printf(m, " %pI6c", k->peer);
		else
			seq_puts(m, " -");
		if ((TPSTAT_FEATURES & TPSTAT_F_RST_REASON) && v[TPSTAT_RST_SENT])
			tpstat_seq_reason(m, tpstat_rst_reason_name(k->reason),
					  k->reason);
		else
			seq_puts(m, " -");
		break;
	}
	case TPSTAT_VIEW_LIFETIMES: {
		const struct tpstat_life_key *k = key;

		seq_printf(m, "%u %u %s", k->netns, k->lport,
			   k->comm[0] ? k->comm : "-");
		tpstat_seq_hist(m, v, v[TPSTAT_LIFE_SUM]);
		break;
	}
	case TPSTAT_VIEW_ERRORS: {
		const struct tpstat_err_key *k = key;

		seq_printf(m, "%llu %u %s %s %u %u", v[TPSTAT_ERR_COUNT], k->err,
			   k->protocol == IPPROTO_TCP ? "tcp" :
			   k->protocol == IPPROTO_UDP ? "udp" : "-",
			   k->remote ? "remote" : "local", k->port, k->netns);
		break;
	}
	case TPSTAT_VIEW_AUTH: {
		const struct tpstat_auth_key *k = key;

		seq_printf(m, "%llu %s", v[TPSTAT_AUTH_COUNT],
			   k->kind < __TPSTAT_AUTH_CNT ?
			   tpstat_events[tpstat_auth_events[k->kind]].name : "-");
		if (k->family == AF_INET)
			seq_printf(m, " %pI4", k->peer);
		else if (k->family == AF_INET6)
			seq_printf(m, " %pI6c", k->peer);
		else
			seq_puts(m, " -");
		seq_printf(m, " %u %u", k->lport, k->netns);
		break;
	}
	case TPSTAT_VIEW_DEVICES: {
		const struct tpstat_dev_key *k = key;
		int i;

		seq_printf(m, "%u", k->netns);
		tpstat_seq_dev(m, k->netns, k->ifindex);
		for (i = 0; i < TPSTAT_DEV_NR; i++)
			seq_printf(m, " %llu", v[i]);
		break;
	}
	default:
		break;
	}
	seq_putc(m, '\n');
}

static void tpstat_seq_dense(struct seq_file *m,
			     const struct tpstat_view_read *r)
{
	const u64 *s = r->totals->slot;
	u32 i;

	if (r->view == TPSTAT_VIEW_HISTS) {
		for (i = 0; i < TPSTAT_NR_HISTS; i++) {
			seq_puts(m, tpstat_hist_names[i]);
			tpstat_seq_hist(m, &s[TPSTAT_SLOT_HIST(i, 0)],
					s[TPSTAT_SLOT_HIST_SUM(i)]);
			seq_putc(m, '\n');
		}
		return;
	}
	for (i = 0; i < r->count; i++) {
		unsigned int cell = r->cells[i];

		seq_printf(m, "%s %s %llu\n",
			   tpstat_state_or_dash(TPSTAT_TCP_CELL_OLD(cell)),
			   tpstat_state_or_dash(TPSTAT_TCP_CELL_NEW(cell)),
			   s[TPSTAT_SLOT_TCP_STATES + cell]);
	}
	seq_printf(m, "opens active %llu\nopens passive %llu\nopens failed %llu\n",
		   s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_ESTABLISHED)],
		   s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_RECV, TCP_ESTABLISHED)],
		   s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_CLOSE)]);
}

static int tpstat_view_show(struct seq_file *m, void *unused)
{
	enum tpstat_view view = (unsigned long)m->private;
	struct tpstat_view_read *r = tpstat_view_read(view, 0);
	u32 i;

	if (!r)
		return -ENOMEM;
	if (r->snap)
		seq_printf(m, "# overflow %llu entries %u capacity %u\n",
			   r->snap->overflow, r->snap->used, r->snap->capacity);
	else
		seq_printf(m, "# overflow 0 entries %u capacity %u\n", r->count,
			   view == TPSTAT_VIEW_HISTS ? TPSTAT_NR_HISTS :
			   TPSTAT_TCP_CELLS);
	seq_printf(m, "# %s\n", tpstat_view_columns[view]);
	if (r->snap)
		for (i = 0; i < r->count; i++)
			tpstat_seq_keyed(m, view, tpstat_snap_key(r->snap, i),
					 tpstat_snap_vals(r->snap, i));
	else
		tpstat_seq_dense(m, r);
	tpstat_view_read_free(r);
	return 0;
}

static int tpstat_view_open(struct inode *inode, struct file *file)
{
	return single_open(file, tpstat_view_show, inode->i_private);
}

static const struct file_operations tpstat_view_fops = {
	.owner = THIS_MODULE,
	.open = tpstat_view_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

/* A file for every view views= enabled. */
void tpstat_debugfs_views_init(struct dentry *dir)
{
	unsigned long view;

	for (view = 0; view < __TPSTAT_VIEW_CNT; view++)
		if (tpstat_view_on(view))
			debugfs_create_file(tpstat_view_name(view), 0400, dir,
					    (void *)view, &tpstat_view_fops);
}
