// SPDX-License-Identifier: GPL-2.0
/*
 * The AUTH view's probes: TCP segments that failed their TCP-MD5 or
 * TCP-AO check, from the tracepoints of the tcp_hash_event and
 * tcp_ao_event classes.  All of a class share one prototype, so one body
 * per class, told the kind by a small wrapper per tracepoint.  Probe
 * context: see probes.c.
 *
 * Not probed (no failure, or no peer to name): tcp_ao_rnext_request,
 * tcp_ao_synack_no_key and the sequence number extension updates
 * (uapi/linux/tpstat.h, enum tpstat_auth_kind).
 */
#include <linux/skbuff.h>
#include <net/sock.h>
#include <trace/events/tcp.h>

#include "probe_body.h"
#include "probes_auth.h"
#include "record.h"

const enum tpstat_event_id tpstat_auth_events[__TPSTAT_AUTH_CNT] = {
	[TPSTAT_AUTH_MD5_REQUIRED] = TPSTAT_EV_TCP_HASH_MD5_REQUIRED,
	[TPSTAT_AUTH_MD5_UNEXPECTED] = TPSTAT_EV_TCP_HASH_MD5_UNEXPECTED,
	[TPSTAT_AUTH_MD5_MISMATCH] = TPSTAT_EV_TCP_HASH_MD5_MISMATCH,
	[TPSTAT_AUTH_AO_REQUIRED] = TPSTAT_EV_TCP_HASH_AO_REQUIRED,
	[TPSTAT_AUTH_AO_MISMATCH] = TPSTAT_EV_TCP_AO_MISMATCH,
	[TPSTAT_AUTH_AO_KEY_NOT_FOUND] = TPSTAT_EV_TCP_AO_KEY_NOT_FOUND,
	[TPSTAT_AUTH_AO_WRONG_MACLEN] = TPSTAT_EV_TCP_AO_WRONG_MACLEN,
	[TPSTAT_AUTH_AO_HANDSHAKE_FAILURE] = TPSTAT_EV_TCP_AO_HANDSHAKE_FAILURE,
	[TPSTAT_AUTH_BAD_HEADER] = TPSTAT_EV_TCP_HASH_BAD_HEADER,
};

/*
 * One failed segment: @skb arrived on @sk (a listener, a request's
 * listener or a full socket), the tracepoint's @id, the view's @kind.
 */
static __always_inline void tpstat_auth(void *data,
					const enum tpstat_probe_kind probe_kind,
					const struct sock *sk,
					const struct sk_buff *skb,
					enum tpstat_event_id id,
					enum tpstat_auth_kind kind)
{
	struct tpstat_views *v;

	if (tpstat_filtered_out(sk, skb, NULL))
		return;
	tpstat_hit(data, id);
	v = tpstat_feeds_views ? tpstat_views(TPSTAT_VIEW_AUTH) : NULL;
	if (v)
		tpstat_record_auth(v, sk, skb, kind);
}

/* tcp_hash_event: (sk, skb); tcp_ao_event adds keyid, rnext, maclen. */
#ifdef TPSTAT_HAVE_TP_TCP_HASH_MD5_REQUIRED
TPSTAT_PROBE_EXTERN(tcp_hash_md5_required,
		    (const struct sock *sk, const struct sk_buff *skb),
		    (sk, skb))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_HASH_MD5_REQUIRED,
		    TPSTAT_AUTH_MD5_REQUIRED);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_HASH_MD5_UNEXPECTED
TPSTAT_PROBE_EXTERN(tcp_hash_md5_unexpected,
		    (const struct sock *sk, const struct sk_buff *skb),
		    (sk, skb))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_HASH_MD5_UNEXPECTED,
		    TPSTAT_AUTH_MD5_UNEXPECTED);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_HASH_MD5_MISMATCH
TPSTAT_PROBE_EXTERN(tcp_hash_md5_mismatch,
		    (const struct sock *sk, const struct sk_buff *skb),
		    (sk, skb))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_HASH_MD5_MISMATCH,
		    TPSTAT_AUTH_MD5_MISMATCH);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_HASH_AO_REQUIRED
TPSTAT_PROBE_EXTERN(tcp_hash_ao_required,
		    (const struct sock *sk, const struct sk_buff *skb),
		    (sk, skb))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_HASH_AO_REQUIRED,
		    TPSTAT_AUTH_AO_REQUIRED);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_HASH_BAD_HEADER
TPSTAT_PROBE_EXTERN(tcp_hash_bad_header,
		    (const struct sock *sk, const struct sk_buff *skb),
		    (sk, skb))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_HASH_BAD_HEADER,
		    TPSTAT_AUTH_BAD_HEADER);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_AO_MISMATCH
TPSTAT_PROBE_EXTERN(tcp_ao_mismatch,
		    (const struct sock *sk, const struct sk_buff *skb,
		     const u8 keyid, const u8 rnext, const u8 maclen),
		    (sk, skb, keyid, rnext, maclen))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_AO_MISMATCH,
		    TPSTAT_AUTH_AO_MISMATCH);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_AO_KEY_NOT_FOUND
TPSTAT_PROBE_EXTERN(tcp_ao_key_not_found,
		    (const struct sock *sk, const struct sk_buff *skb,
		     const u8 keyid, const u8 rnext, const u8 maclen),
		    (sk, skb, keyid, rnext, maclen))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_AO_KEY_NOT_FOUND,
		    TPSTAT_AUTH_AO_KEY_NOT_FOUND);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_AO_WRONG_MACLEN
TPSTAT_PROBE_EXTERN(tcp_ao_wrong_maclen,
		    (const struct sock *sk, const struct sk_buff *skb,
		     const u8 keyid, const u8 rnext, const u8 maclen),
		    (sk, skb, keyid, rnext, maclen))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_AO_WRONG_MACLEN,
		    TPSTAT_AUTH_AO_WRONG_MACLEN);
}
#endif
#ifdef TPSTAT_HAVE_TP_TCP_AO_HANDSHAKE_FAILURE
TPSTAT_PROBE_EXTERN(tcp_ao_handshake_failure,
		    (const struct sock *sk, const struct sk_buff *skb,
		     const u8 keyid, const u8 rnext, const u8 maclen),
		    (sk, skb, keyid, rnext, maclen))
{
	tpstat_auth(data, probe_kind, sk, skb, TPSTAT_EV_TCP_AO_HANDSHAKE_FAILURE,
		    TPSTAT_AUTH_AO_HANDSHAKE_FAILURE);
}
#endif
