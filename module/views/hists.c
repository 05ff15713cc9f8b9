// SPDX-License-Identifier: GPL-2.0
/*
 * HISTS: log2 histograms of srtt_us and snd_cwnd (tcp:tcp_probe),
 * xmit_len (net:net_dev_xmit) and rx_len (net:netif_receive_skb),
 * system-wide, from the per-CPU counters (counters.h): no table of its
 * own.
 *
 * debugfs: name count sum buckets.
 */
#include <linux/seq_file.h>

#include "control/viewread.h"
#include "counters/counters.h"
#include "format/nlput.h"
#include "format/view_fmt.h"
#include "tables/view_type.h"

static const char *const tpstat_hist_names[TPSTAT_NR_HISTS] = {
	[TPSTAT_HIST_SRTT] = "srtt_us",
	[TPSTAT_HIST_CWND] = "snd_cwnd",
	[TPSTAT_HIST_XMIT_LEN] = "xmit_len",
	[TPSTAT_HIST_RX_LEN] = "rx_len",
};

/* Every histogram, empty or not. */
static u32 tpstat_hists_rows(struct tpstat_view_read *r)
{
	return TPSTAT_NR_HISTS;
}

static int tpstat_hists_put_row(struct sk_buff *skb,
				const struct tpstat_view_read *r, u32 i)
{
	const u64 *s = r->totals->slot;

	return nla_put_string(skb, TPSTAT_A_HIST_NAME, tpstat_hist_names[i]) ||
	       tpstat_put_hist(skb, &s[TPSTAT_SLOT_HIST(i, 0)], 1,
			       s[TPSTAT_SLOT_HIST_SUM(i)]);
}

static void tpstat_hists_seq_rows(struct seq_file *m,
				  const struct tpstat_view_read *r)
{
	const u64 *s = r->totals->slot;
	u32 i;

	for (i = 0; i < TPSTAT_NR_HISTS; i++) {
		seq_puts(m, tpstat_hist_names[i]);
		tpstat_seq_hist(m, &s[TPSTAT_SLOT_HIST(i, 0)],
				s[TPSTAT_SLOT_HIST_SUM(i)]);
		seq_putc(m, '\n');
	}
}

const struct tpstat_view_type tpstat_view_hists = {
	.name = "hists",
	.columns = "name count sum buckets",
	.privacy = TPSTAT_VIEW_OPEN,
	.ns_offset = -1,
	.rows = tpstat_hists_rows,
	.capacity = TPSTAT_NR_HISTS,
	.put_row = tpstat_hists_put_row,
	.seq_rows = tpstat_hists_seq_rows,
};
