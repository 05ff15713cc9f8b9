// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs files of the views (docs/debugfs.md).  Each
 * starts with "# overflow <lost> entries <used> capacity <max>", then a
 * "# " line naming the columns, then one line per entry:
 *   drops      count location reason netns dev
 *   traps      count devlink group trap
 *   retrans    retrans synack_retrans state netns local remote
 *   resets     sent received netns direction port peer reason
 *   states     old new count; then "opens active|passive|failed N"
 *   lifetimes  netns direction port comm count sum_us buckets
 *   (direction: active, the port is the remote service's; passive, the
 *   local one)
 *   devices    netns dev tx_packets tx_bytes rx_packets rx_bytes
 *              xmit_errors xmit_timeouts gro napi_polls napi_work
 *              napi_budget_exhausted
 *   hists      name count sum buckets
 *   errors     count errno protocol side port netns  (side: local|remote)
 *   rcvq       count rcvbuf family protocol port netns  (family: ipv4|ipv6;
 *              protocol: udp udplite icmp icmpv6 raw, else its number)
 *   neigh      count netns dev family address  (family: ipv4|ipv6|<number>)
 *   auth       count kind peer lport netns  (kind: the tracepoint's name,
 *              e.g. tcp_hash_md5_mismatch)
 * A location is "sym+off/len [module]", or "?" once no symbol is known
 * (never an address).  A missing value is "-"; reasons are "NAME(code)";
 * buckets are "<bucket>:<count>" for non-empty buckets, bucket b >= 1
 * holding [2^(b-1), 2^b - 1].  netns is the namespace's inode number, for
 * display: the entries are keyed by its cookie, which netlink gives as
 * NETNS_COOKIE, so two rows may show one number (a namespace that died,
 * and a later one that got its number).
 */
#include <linux/debugfs.h>
#include <linux/in.h>
#include <linux/seq_file.h>

#include "compat.h"
#include "debugfs.h"
#include "nlput.h"
#include "probes_auth.h"
#include "reasons.h"
#include "registry.h"
#include "report.h"
#include "viewread.h"

static const char *const tpstat_view_columns[__TPSTAT_VIEW_CNT] = {
	[TPSTAT_VIEW_DROPS] = "count location reason netns dev",
	[TPSTAT_VIEW_TRAPS] = "count devlink group trap",
	[TPSTAT_VIEW_RETRANS] = "retrans synack_retrans state netns local remote",
	[TPSTAT_VIEW_RESETS] = "sent received netns direction port peer reason",
	[TPSTAT_VIEW_STATES] = "old new count",
	[TPSTAT_VIEW_LIFETIMES] = "netns direction port comm count sum_us buckets",
	[TPSTAT_VIEW_DEVICES] = "netns dev tx_packets tx_bytes rx_packets rx_bytes xmit_errors xmit_timeouts gro napi_polls napi_work napi_budget_exhausted",
	[TPSTAT_VIEW_HISTS] = "name count sum buckets",
	[TPSTAT_VIEW_ERRORS] = "count errno protocol side port netns",
	[TPSTAT_VIEW_RCVQ] = "count rcvbuf family protocol port netns",
	[TPSTAT_VIEW_NEIGH] = "count netns dev family address",
	[TPSTAT_VIEW_AUTH] = "count kind peer lport netns",
};

static void tpstat_seq_dev(struct seq_file *m, u64 ns_cookie, u32 ifindex)
{
	char name[IFNAMSIZ];

	if (!ifindex)
		seq_puts(m, " -");
	else if (tpstat_ifname(ns_cookie, ifindex, name))
		seq_printf(m, " %s", name);
	else
		seq_printf(m, " if%u", ifindex);
}

static const char *tpstat_direction_name(u8 direction)
{
	return direction == TPSTAT_DIRECTION_ACTIVE ? "active" :
	       direction == TPSTAT_DIRECTION_PASSIVE ? "passive" : "-";
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

static void tpstat_seq_protocol(struct seq_file *m, u8 protocol)
{
	switch (protocol) {
	case IPPROTO_UDP:
		seq_puts(m, "udp");
		break;
	case IPPROTO_UDPLITE:
		seq_puts(m, "udplite");
		break;
	case IPPROTO_ICMP:
		seq_puts(m, "icmp");
		break;
	case IPPROTO_ICMPV6:
		seq_puts(m, "icmpv6");
		break;
	case IPPROTO_RAW:
		seq_puts(m, "raw");
		break;
	default:
		seq_printf(m, "%u", protocol);
	}
}

static void tpstat_seq_keyed(struct seq_file *m, enum tpstat_view view,
			     const void *key, const u64 *v)
{
	switch (view) {
	case TPSTAT_VIEW_DROPS: {
		const struct tpstat_drop_key *k = key;
		char loc[KSYM_SYMBOL_LEN];

		seq_printf(m, "%llu %s", v[TPSTAT_DROP_COUNT],
			   tpstat_location_name(loc, k->location));
		if (TPSTAT_FEATURES & TPSTAT_F_DROP_REASON)
			tpstat_seq_reason(m, tpstat_drop_reason_name(k->reason),
					  k->reason);
		else
			seq_puts(m, " -");
		seq_printf(m, " %u", k->ns_inum);
		tpstat_seq_dev(m, k->ns_cookie, k->ifindex);
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
			   tpstat_state_or_dash(v[TPSTAT_FLOW_STATE]), k->ns_inum);
		tpstat_seq_addr(m, k->family, k->saddr, k->sport);
		tpstat_seq_addr(m, k->family, k->daddr, k->dport);
		break;
	}
	case TPSTAT_VIEW_RESETS: {
		const struct tpstat_reset_key *k = key;

		seq_printf(m, "%llu %llu %u %s %u", v[TPSTAT_RST_SENT],
			   v[TPSTAT_RST_RECEIVED], k->ns_inum,
			   tpstat_direction_name(k->direction), k->port);
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

		seq_printf(m, "%u %s %u %s", k->ns_inum,
			   tpstat_direction_name(k->direction), k->port,
			   k->comm[0] ? k->comm : "-");
		tpstat_seq_hist(m, v, v[TPSTAT_LIFE_SUM]);
		break;
	}
	case TPSTAT_VIEW_ERRORS: {
		const struct tpstat_err_key *k = key;

		seq_printf(m, "%llu %u %s %s %u %u", v[TPSTAT_ERR_COUNT], k->err,
			   k->protocol == IPPROTO_TCP ? "tcp" :
			   k->protocol == IPPROTO_UDP ? "udp" : "-",
			   k->remote ? "remote" : "local", k->port, k->ns_inum);
		break;
	}
	case TPSTAT_VIEW_RCVQ: {
		const struct tpstat_rcvq_key *k = key;

		seq_printf(m, "%llu %llu %s ", v[TPSTAT_RCVQ_COUNT],
			   v[TPSTAT_RCVQ_RCVBUF],
			   k->family == AF_INET6 ? "ipv6" : "ipv4");
		tpstat_seq_protocol(m, k->protocol);
		seq_printf(m, " %u %u", k->port, k->ns_inum);
		break;
	}
	case TPSTAT_VIEW_NEIGH: {
		const struct tpstat_neigh_key *k = key;

		seq_printf(m, "%llu %u", v[TPSTAT_NEIGH_COUNT], k->ns_inum);
		tpstat_seq_dev(m, k->ns_cookie, k->ifindex);
		if (k->family == AF_INET)
			seq_printf(m, " ipv4 %pI4", k->daddr);
		else if (k->family == AF_INET6)
			seq_printf(m, " ipv6 %pI6c", k->daddr);
		else
			seq_printf(m, " %u %*phN", k->family, 16, k->daddr);
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
		seq_printf(m, " %u %u", k->lport, k->ns_inum);
		break;
	}
	case TPSTAT_VIEW_DEVICES: {
		const struct tpstat_dev_key *k = key;
		int i;

		seq_printf(m, "%u", k->ns_inum);
		tpstat_seq_dev(m, k->ns_cookie, k->ifindex);
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

/*
 * A file's read is a seq_file over one copy taken at open: position 0 is
 * the header (with the whole of a dense view), position i > 0 the keyed
 * view's entry i - 1.  So each entry is formatted once (again only when
 * it did not fit the reader's buffer), where a single_open() show ran
 * the copy, its sort and every line again each time seq_read doubled its
 * buffer.  Iterator values are position + 1, never NULL.
 */
static void *tpstat_view_seq_at(struct seq_file *m, loff_t pos)
{
	const struct tpstat_view_read *r = m->private;
	loff_t last = r->snap ? r->count : 0;

	return pos <= last ? (void *)(unsigned long)(pos + 1) : NULL;
}

static void *tpstat_view_seq_start(struct seq_file *m, loff_t *pos)
{
	return tpstat_view_seq_at(m, *pos);
}

static void *tpstat_view_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return tpstat_view_seq_at(m, *pos);
}

static void tpstat_view_seq_stop(struct seq_file *m, void *v)
{
}

static int tpstat_view_seq_show(struct seq_file *m, void *v)
{
	const struct tpstat_view_read *r = m->private;
	unsigned long pos = (unsigned long)v - 1;
	enum tpstat_view view = r->view;

	if (pos) {
		tpstat_seq_keyed(m, view, tpstat_snap_key(r->snap, pos - 1),
				 tpstat_snap_vals(r->snap, pos - 1));
		return 0;
	}
	if (r->snap)
		seq_printf(m, "# overflow %llu entries %u capacity %u\n",
			   r->snap->overflow, r->snap->used, r->snap->capacity);
	else
		seq_printf(m, "# overflow 0 entries %u capacity %u\n", r->count,
			   view == TPSTAT_VIEW_HISTS ? TPSTAT_NR_HISTS :
			   TPSTAT_TCP_CELLS);
	seq_printf(m, "# %s\n", tpstat_view_columns[view]);
	if (!r->snap)
		tpstat_seq_dense(m, r);
	return 0;
}

static const struct seq_operations tpstat_view_seq_ops = {
	.start = tpstat_view_seq_start,
	.next = tpstat_view_seq_next,
	.stop = tpstat_view_seq_stop,
	.show = tpstat_view_seq_show,
};

static int tpstat_view_open(struct inode *inode, struct file *file)
{
	enum tpstat_view view = (unsigned long)inode->i_private;
	struct tpstat_view_read *r = tpstat_view_read(view, 0);
	int err;

	if (!r)
		return -ENOMEM;
	err = seq_open(file, &tpstat_view_seq_ops);
	if (err) {
		tpstat_view_read_free(r);
		return err;
	}
	((struct seq_file *)file->private_data)->private = r;
	return 0;
}

static int tpstat_view_release(struct inode *inode, struct file *file)
{
	tpstat_view_read_free(((struct seq_file *)file->private_data)->private);
	return seq_release(inode, file);
}

static const struct file_operations tpstat_view_fops = {
	.owner = THIS_MODULE,
	.open = tpstat_view_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = tpstat_view_release,
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
