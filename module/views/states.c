// SPDX-License-Identifier: GPL-2.0
/*
 * STATES: the TCP state transition matrix, system-wide, from the
 * per-CPU counters (counters.h) that sock:inet_sock_set_state fills
 * (probes.c): no table of its own.
 *
 * debugfs: old new count, one line per transition seen; then
 * "opens active|passive|failed N".
 */
#include <linux/seq_file.h>
#include <net/tcp_states.h>

#include "alerts/alerts.h"
#include "control/viewread.h"
#include "counters/counters.h"
#include "format/nlput.h"
#include "format/view_fmt.h"
#include "tables/view_type.h"

/* The cells that counted anything, in r->cells. */
static u32 tpstat_states_rows(struct tpstat_view_read *r)
{
	unsigned int cell;
	u32 n = 0;

	for (cell = 0; cell < TPSTAT_TCP_CELLS; cell++)
		if (r->totals->slot[TPSTAT_SLOT_TCP_STATES + cell])
			r->cells[n++] = cell;
	return n;
}

static int tpstat_states_put_row(struct sk_buff *skb,
				 const struct tpstat_view_read *r, u32 i)
{
	const u64 *s = r->totals->slot;

	return nla_put_u8(skb, TPSTAT_A_OLD_STATE,
			  TPSTAT_TCP_CELL_OLD(r->cells[i])) ||
	       nla_put_u8(skb, TPSTAT_A_NEW_STATE,
			  TPSTAT_TCP_CELL_NEW(r->cells[i])) ||
	       tpstat_put_u64(skb, TPSTAT_A_COUNT,
			      s[TPSTAT_SLOT_TCP_STATES + r->cells[i]]);
}

static int tpstat_states_put_header(struct sk_buff *skb,
				    const struct tpstat_view_read *r)
{
	const u64 *s = r->totals->slot;

	return tpstat_put_u64(skb, TPSTAT_A_OPENS_ACTIVE,
			      s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_ESTABLISHED)]) ||
	       tpstat_put_u64(skb, TPSTAT_A_OPENS_PASSIVE,
			      s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_RECV, TCP_ESTABLISHED)]) ||
	       tpstat_put_u64(skb, TPSTAT_A_OPENS_FAILED,
			      s[TPSTAT_SLOT_TCP_STATE(TCP_SYN_SENT, TCP_CLOSE)]);
}

static void tpstat_states_seq_rows(struct seq_file *m,
				   const struct tpstat_view_read *r)
{
	const u64 *s = r->totals->slot;
	u32 i;

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

const struct tpstat_view_type tpstat_view_states = {
	.name = "states",
	.columns = "old new count",
	.privacy = TPSTAT_VIEW_OPEN,
	.ns_offset = -1,
	.rows = tpstat_states_rows,
	.capacity = TPSTAT_TCP_CELLS,
	.put_row = tpstat_states_put_row,
	.put_header = tpstat_states_put_header,
	.seq_rows = tpstat_states_seq_rows,
};

/* A transition's alert: the family, and the states from and to. */
static int tpstat_states_alert_put(struct sk_buff *skb,
				   const struct tpstat_alert_key *k)
{
	return nla_put_u8(skb, TPSTAT_A_FAMILY, k->family) ||
	       nla_put_u8(skb, TPSTAT_A_OLD_STATE, k->old_state) ||
	       nla_put_u8(skb, TPSTAT_A_NEW_STATE, k->new_state);
}

const struct tpstat_alert_ops tpstat_states_alert_ops = {
	.name = "states",
	.put_key = tpstat_states_alert_put,
};
