// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF peer of make bench: raw tracepoint programs (no perf buffer, no
 * tracefs event record: the tracepoint's own arguments, as tpstat's
 * probes get them), built with clang -target bpf and loaded by rawtp.c.
 *
 * A raw tracepoint's context does not say which tracepoint fired, so
 * each tracepoint gets its own program: count_N adds one to slot N of
 * the per-CPU hits array; the loader attaches count_N to the N-th
 * tracepoint and leaves the unused ones unloaded.
 *
 * The view programs also count their hits (a constant slot, enum
 * rawtp_view), and aggregate with the integer keys bench/views.bt uses,
 * taken from the raw arguments alone (no struct field is read: no BTF
 * or CO-RE needed, the same object on every kernel).  The arguments are
 * the TP_PROTO's, whose order is the same on 6.1, 6.12 and 7.3 for those
 * used here:
 *   kfree_skb(skb, location, reason[, rx_sk from 6.12])
 *   tcp_retransmit_skb(sk, skb[, err from 7.x])
 *   tcp_send_reset(sk, skb[, reason from 6.10])	sk may be NULL
 *   tcp_receive_reset(sk)
 *   inet_sock_set_state(sk, oldstate, newstate)
 *   net_dev_xmit(skb, rc, dev, skb_len)
 * So a flow is its socket (views.bt adds the ports, fixed for the
 * socket's life) and a device is its net_device pointer (views.bt's
 * name).  netif_receive_skb(skb) carries no device or length but in the
 * skb: it is only counted here, where views.bt also keys by device.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "rawtp.h"

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, RAWTP_MAX_TPS);
	__type(key, __u32);
	__type(value, __u64);
} hits SEC(".maps");

/* Inserts a full table refused, per view (tpstat counts its own too). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, RAWTP_NR_VIEWS);
	__type(key, __u32);
	__type(value, __u64);
} lost SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, RAWTP_DROP_KEYS);
	__type(key, struct rawtp_drop_key);
	__type(value, __u64);
} drops SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, RAWTP_FLOW_KEYS);
	__type(key, __u64);
	__type(value, __u64);
} retrans SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, RAWTP_RESET_KEYS);
	__type(key, __u64);
	__type(value, __u64);
} rst_tx SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, RAWTP_RESET_KEYS);
	__type(key, __u64);
	__type(value, __u64);
} rst_rx SEC(".maps");

/* A dense key: cells, as tpstat's per-CPU transition counters. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, RAWTP_STATES * RAWTP_STATES);
	__type(key, __u32);
	__type(value, __u64);
} states SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, RAWTP_DEVICE_KEYS);
	__type(key, __u64);
	__type(value, struct rawtp_dev_val);
} tx SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, RAWTP_LEN_BUCKETS);
	__type(key, __u32);
	__type(value, __u64);
} tx_len SEC(".maps");

static __always_inline void add_slot(void *map, __u32 slot)
{
	__u64 *n = bpf_map_lookup_elem(map, &slot);

	/* Per-CPU, and a program does not migrate: a plain add. */
	if (n)
		(*n)++;
}

/*
 * One more for key in a per-CPU hash.  A new key's element is inserted
 * with this CPU's count at one (the others' zeroed by the kernel); an
 * insert that lost to a nested program on this CPU (-EEXIST) adds to
 * the winner's, and one that found the table full is counted as lost.
 */
static __always_inline void add_key(void *map, const void *key, enum rawtp_view view)
{
	__u64 one = 1, *n = bpf_map_lookup_elem(map, key);

	if (n) {
		(*n)++;
		return;
	}
	if (!bpf_map_update_elem(map, key, &one, BPF_NOEXIST))
		return;
	n = bpf_map_lookup_elem(map, key);
	if (n)
		(*n)++;
	else
		add_slot(&lost, view);
}

#define COUNT_PROG(n)					\
SEC("raw_tp")						\
int count_##n(void *ctx)				\
{							\
	add_slot(&hits, n);				\
	return 0;					\
}

/* count_0 .. count_63: RAWTP_MAX_TPS of them. */
COUNT_PROG(0) COUNT_PROG(1) COUNT_PROG(2) COUNT_PROG(3)
COUNT_PROG(4) COUNT_PROG(5) COUNT_PROG(6) COUNT_PROG(7)
COUNT_PROG(8) COUNT_PROG(9) COUNT_PROG(10) COUNT_PROG(11)
COUNT_PROG(12) COUNT_PROG(13) COUNT_PROG(14) COUNT_PROG(15)
COUNT_PROG(16) COUNT_PROG(17) COUNT_PROG(18) COUNT_PROG(19)
COUNT_PROG(20) COUNT_PROG(21) COUNT_PROG(22) COUNT_PROG(23)
COUNT_PROG(24) COUNT_PROG(25) COUNT_PROG(26) COUNT_PROG(27)
COUNT_PROG(28) COUNT_PROG(29) COUNT_PROG(30) COUNT_PROG(31)
COUNT_PROG(32) COUNT_PROG(33) COUNT_PROG(34) COUNT_PROG(35)
COUNT_PROG(36) COUNT_PROG(37) COUNT_PROG(38) COUNT_PROG(39)
COUNT_PROG(40) COUNT_PROG(41) COUNT_PROG(42) COUNT_PROG(43)
COUNT_PROG(44) COUNT_PROG(45) COUNT_PROG(46) COUNT_PROG(47)
COUNT_PROG(48) COUNT_PROG(49) COUNT_PROG(50) COUNT_PROG(51)
COUNT_PROG(52) COUNT_PROG(53) COUNT_PROG(54) COUNT_PROG(55)
COUNT_PROG(56) COUNT_PROG(57) COUNT_PROG(58) COUNT_PROG(59)
COUNT_PROG(60) COUNT_PROG(61) COUNT_PROG(62) COUNT_PROG(63)

SEC("raw_tp")
int view_kfree_skb(struct bpf_raw_tracepoint_args *ctx)
{
	struct rawtp_drop_key key = {
		.location = ctx->args[1],
		.reason = (__u32)ctx->args[2],
	};

	add_slot(&hits, RAWTP_KFREE_SKB);
	add_key(&drops, &key, RAWTP_KFREE_SKB);
	return 0;
}

SEC("raw_tp")
int view_tcp_retransmit_skb(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 sk = ctx->args[0];

	add_slot(&hits, RAWTP_RETRANSMIT_SKB);
	add_key(&retrans, &sk, RAWTP_RETRANSMIT_SKB);
	return 0;
}

SEC("raw_tp")
int view_tcp_send_reset(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 sk = ctx->args[0];

	add_slot(&hits, RAWTP_SEND_RESET);
	add_key(&rst_tx, &sk, RAWTP_SEND_RESET);
	return 0;
}

SEC("raw_tp")
int view_tcp_receive_reset(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 sk = ctx->args[0];

	add_slot(&hits, RAWTP_RECEIVE_RESET);
	add_key(&rst_rx, &sk, RAWTP_RECEIVE_RESET);
	return 0;
}

SEC("raw_tp")
int view_inet_sock_set_state(struct bpf_raw_tracepoint_args *ctx)
{
	__u32 cell = ((__u32)ctx->args[1] % RAWTP_STATES) * RAWTP_STATES +
		     (__u32)ctx->args[2] % RAWTP_STATES;

	add_slot(&hits, RAWTP_SET_STATE);
	add_slot(&states, cell);
	return 0;
}

/* fls(): the kernel's generic one, no loop for the verifier to walk. */
static __always_inline __u32 fls32(__u32 x)
{
	__u32 r = 32;

	if (!x)
		return 0;
	if (!(x & 0xffff0000u)) {
		x <<= 16;
		r -= 16;
	}
	if (!(x & 0xff000000u)) {
		x <<= 8;
		r -= 8;
	}
	if (!(x & 0xf0000000u)) {
		x <<= 4;
		r -= 4;
	}
	if (!(x & 0xc0000000u)) {
		x <<= 2;
		r -= 2;
	}
	if (!(x & 0x80000000u))
		r -= 1;
	return r;
}

SEC("raw_tp")
int view_net_dev_xmit(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 dev = ctx->args[2];
	__u32 len = (__u32)ctx->args[3];
	struct rawtp_dev_val *v, first = { 1, len };

	add_slot(&hits, RAWTP_DEV_XMIT);
	v = bpf_map_lookup_elem(&tx, &dev);
	if (v) {
		v->packets++;
		v->bytes += len;
	} else if (bpf_map_update_elem(&tx, &dev, &first, BPF_NOEXIST)) {
		v = bpf_map_lookup_elem(&tx, &dev);
		if (v) {
			v->packets++;
			v->bytes += len;
		} else {
			add_slot(&lost, RAWTP_DEV_XMIT);
		}
	}
	add_slot(&tx_len, fls32(len));
	return 0;
}
