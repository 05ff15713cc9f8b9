/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the BPF peer's programs (rawtp.bpf.c) and their loader (rawtp.c)
 * agree on: the hit counter slots and the views' maps' keys and sizes.
 */
#ifndef RAWTP_H
#define RAWTP_H

/* At most this many tracepoints, one hit counter slot each. */
#define RAWTP_MAX_TPS 64

/*
 * The tracepoints with a view program own the first slots whatever the
 * command line's order, so that each view program counts its hits in a
 * constant slot, as each count_N program does (no lookup of the slot).
 */
enum rawtp_view {
	RAWTP_KFREE_SKB,
	RAWTP_RETRANSMIT_SKB,
	RAWTP_SEND_RESET,
	RAWTP_RECEIVE_RESET,
	RAWTP_SET_STATE,
	RAWTP_DEV_XMIT,
	RAWTP_NR_VIEWS,
};

/* The tables' sizes: tpstat's *_keys defaults (module/views/). */
#define RAWTP_DROP_KEYS 256
#define RAWTP_FLOW_KEYS 1024
#define RAWTP_RESET_KEYS 256
#define RAWTP_DEVICE_KEYS 64

/* TCP states are below 16: the transition matrix is 16 x 16 cells. */
#define RAWTP_STATES 16
/* Bucket b of the length histogram counts lengths with fls(len) == b. */
#define RAWTP_LEN_BUCKETS 33

struct rawtp_drop_key {
	__u64 location;
	__u32 reason;
	__u32 pad;	/* zero: the hash compares every byte of the key */
};

struct rawtp_dev_val {
	__u64 packets;
	__u64 bytes;
};

#endif /* RAWTP_H */
