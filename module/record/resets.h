/* SPDX-License-Identifier: GPL-2.0 */
/* The RESETS view's key, which the alerts share (views/resets.c). */
#ifndef _TPSTAT_VIEWS_RESETS_H
#define _TPSTAT_VIEWS_RESETS_H

#include <linux/types.h>

struct sock;
struct sk_buff;

/*
 * A reset by its service and peer (resets.c decides the side): @port is
 * the local port where @direction is PASSIVE (a server's end), the
 * remote one where it is ACTIVE (a client's); @peer is the other end.
 * So a client's resets do not take a key per ephemeral port.
 */
struct tpstat_reset_key {
	u64 ns_cookie;
	u32 ns_inum;
	u16 family;
	u16 port;
	u32 reason;		/* sent resets, 6.10+; else 0 */
	u8 direction;		/* enum tpstat_direction */
	u8 pad[3];
	u8 peer[16];
} __aligned(8);

enum { TPSTAT_RST_SENT, TPSTAT_RST_RECEIVED, TPSTAT_RST_NR };

/*
 * A reset's key: with @by_service, its service port and direction (the
 * view); else the local port, direction UNKNOWN (the monitor's alerts).
 * Wants a zeroed key.
 */
void tpstat_reset_key_fill(struct tpstat_reset_key *key,
			   const struct sock *sk, const struct sk_buff *skb,
			   u32 reason, bool by_service);

#endif /* _TPSTAT_VIEWS_RESETS_H */
