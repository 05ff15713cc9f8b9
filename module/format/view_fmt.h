/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What several views' put and seq functions (views/<name>.c) write the same
 * way: devices, directions, reasons, addresses, histograms, states and
 * protocols.  Process context (a reader's dump or open).
 */
#ifndef _TPSTAT_VIEW_FMT_H
#define _TPSTAT_VIEW_FMT_H

#include <linux/types.h>

struct seq_file;
struct sk_buff;

/* " <name>", " if<index>" once the device is gone, " -" for none. */
void tpstat_seq_dev(struct seq_file *m, u64 ns_cookie, u32 ifindex);
/* "active", "passive" or "-" (enum tpstat_direction). */
const char *tpstat_direction_name(u8 direction);
/* " NAME(code)", "?" for an unknown name. */
void tpstat_seq_reason(struct seq_file *m, const char *name, u32 code);
/* " a.b.c.d:port" or " [v6]:port". */
void tpstat_seq_addr(struct seq_file *m, u16 family, const u8 *addr, u16 port);
/* " a.b.c.d", " v6", or " -" for a key without an address. */
void tpstat_seq_peer(struct seq_file *m, u16 family, const u8 *addr);
/* " count sum b:n,b:n" (or "-" for no bucket) of TPSTAT_HIST_BUCKETS. */
void tpstat_seq_hist(struct seq_file *m, const u64 *buckets, u64 sum);
/* A TCP state's name as tcpstates prints it; NULL for no state. */
const char *tpstat_tcp_state_name(unsigned int state);
/* A TCP state's name, "-" for none. */
const char *tpstat_state_or_dash(unsigned int state);
/* tcp udp udplite icmp icmpv6 raw, else the number. */
void tpstat_seq_protocol(struct seq_file *m, u8 protocol);

/* HIST_BUCKETS (every @stride-th of @buckets), HIST_SUM, HIST_COUNT. */
int tpstat_put_hist(struct sk_buff *skb, const u64 *buckets, size_t stride,
		    u64 sum);
/* A service port: the remote one (DPORT) of an active end, else SPORT. */
int tpstat_put_service(struct sk_buff *skb, u8 direction, u16 port);

#endif /* _TPSTAT_VIEW_FMT_H */
