/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * tpstat: counters for the kernel's network tracepoints.
 *
 * Interface shared by the tpstat module and user space.
 *
 * Events are addressed by name, "<system>:<tracepoint>" (TPSTAT_A_EVENT_NAME,
 * and the globs of TPSTAT_A_GLOB), as ftrace and perf name them.  Which
 * events a module knows depends on the kernel it was built for: it counts
 * every tracepoint that kernel's headers declare in the networking trace
 * systems.  So there is no list of events here.  TPSTAT_A_EVENT_ID is a
 * handle, valid while the module stays loaded: LIST_EVENTS announces each
 * event's id beside its name, and the same event may have another id after
 * the module is loaded again.  (Before version 2 of the family, ids were a
 * compile-time enum in this header; that enum is gone.)
 */
#ifndef _UAPI_LINUX_TPSTAT_H
#define _UAPI_LINUX_TPSTAT_H

/* Longest "<system>:<tracepoint>" name, including the terminating NUL. */
#define TPSTAT_EVENT_NAME_MAX	64

enum tpstat_event_state {
	TPSTAT_STATE_MISSING,	/* the running kernel lacks the tracepoint */
	TPSTAT_STATE_DETACHED,	/* present, not counting */
	TPSTAT_STATE_ATTACHED,	/* counting */
};

/*
 * Generic netlink family.  Every request is strictly validated.
 *
 * Every network namespace may use the family.  In the initial one it
 * answers for the whole system.  In any other, it answers for that
 * namespace only: GET_VIEW gives only the entries whose NETNS_COOKIE is the
 * caller's, and refuses views whose keys name no namespace (TRAPS,
 * STATES, HISTS); MONITOR's alerts reach a namespace's listeners only
 * for its own events.  Such a namespace has its own counters and its
 * own filter: SET_FILTER there (CAP_NET_ADMIN over the namespace)
 * starts, or starts over, counting its own events under that filter,
 * and GET_COUNTERS and GET_FILTER then give its own (before, they are
 * refused: EOPNOTSUPP, ENODATA).  Its counters hold only the events of
 * hand-written probes (LIST_EVENTS' EVENT_VARIANT is not "generated")
 * that tell their namespace by a socket, device or skb.  Its filter may
 * name no other namespace, and narrows only its own counters.  What is
 * attached, and the system's counters, are the initial namespace's:
 * RESET, ATTACH and DETACH are refused elsewhere (EPERM), whatever the
 * caller's capabilities.
 *
 * Who may do what.  "admin": CAP_NET_ADMIN over the caller's network
 * namespace (root in the initial one; in another, root of the user
 * namespace that owns it, as in a container); "anyone": any user of
 * that namespace.  "init" is the initial namespace, "other" any other.
 *
 *   request                  init: admin  anyone   other: admin  anyone
 *   LIST_EVENTS, GET_INFO    yes          yes             yes    yes
 *   GET_COUNTERS             yes          yes (a)         own (b) own (b)
 *   GET_HISTORY              yes          yes (a)         no      no
 *   RESET, ATTACH, DETACH    yes          no              no     no
 *   SET_FILTER               system's     no              own (c) no
 *   GET_FILTER               system's     no              own    no
 *   MONITOR, alerts group    all events   no              own (d) no
 *   GET_VIEW DROPS, DEVICES  all          init's own (e)  own    own
 *   GET_VIEW STATES, HISTS   yes          yes (a)         no     no
 *   GET_VIEW TRAPS           yes          no (f)          no     no
 *   GET_VIEW RETRANS RESETS  all          no              own    no
 *     LIFETIMES ERRORS RCVQ NEIGH AUTH SOCKMEM
 *   debugfs tpstat/ files    root only (mode 0400; debugfs itself is
 *                            the initial namespace's root's)
 *
 *   (a) system-wide sums, as /proc/net/snmp gives them: no device,
 *       address, port or task, and no namespace's share.
 *   (b) once its root has set its filter (SET_FILTER).
 *   (c) its counters are charged to the caller's memory cgroup, its slot
 *       to the user who made its user namespace (root for the initial
 *       user namespace's); at most netns_max (module parameter, default
 *       64, at most 4096) namespaces count at once, at most
 *       netns_user_max (default 8, at most 4096) of one user other than
 *       root, and netns_max less netns_user_max of all such users:
 *       ENOSPC, with a message naming the cap, beyond.
 *   (d) arming the alerts makes every probe fold its event while anyone
 *       listens (bounded work, fixed memory, alert_rate a second),
 *       however many namespaces armed them; netns_monitor=0 (module
 *       parameter) keeps MONITOR to the initial namespace (EPERM).
 *   (e) only the initial namespace's own devices and drops, as its
 *       /proc/net/dev shows them; never another namespace's.
 *   (f) a devlink instance may be another namespace's, and a trap's key
 *       cannot tell.
 *
 * A reader of one namespace's entries (other, or (e)) gets VIEW_ENTRIES
 * and VIEW_OVERFLOW of that namespace's.  Its dump works on a copy of
 * those entries only, charged to its memory cgroup, and a namespace has
 * at most 8 such dumps open at once: EBUSY, with a message, beyond (an
 * unread dump keeps its copy until its socket is read or closed).  No reply holds a kernel
 * address: LOCATION is a symbol, or "?" once none is known.  No caller
 * can fill a view's table for the others: a namespace other than the
 * initial one holds at most an eighth of a table (shared with the few
 * namespaces that hash with it), and all of them together three
 * quarters; what that keeps out is counted as overflow.  LIFETIMES keeps
 * the births of at most sockets=/8 open sockets of one owner's
 * namespaces (the user who made their user namespaces; a namespace of
 * the initial user namespace is its own owner), three quarters of
 * sockets= of all but the initial one's; the rest is counted in the
 * initial namespace's VIEW_OVERFLOW.
 */
#define TPSTAT_GENL_NAME	"tpstat"
#define TPSTAT_GENL_VERSION	2

/* Longest TPSTAT_A_GLOB, including the terminating NUL. */
#define TPSTAT_GLOB_MAX		256

enum tpstat_cmd {
	TPSTAT_CMD_UNSPEC,
	/* dump, [GLOB]: one message per event, EVENT_* attributes */
	TPSTAT_CMD_LIST_EVENTS,
	/* dump, [GLOB]: one message per value: COUNTER_*, EVENT_ID */
	TPSTAT_CMD_GET_COUNTERS,
	/* do, CAP_NET_ADMIN, [GLOB] (default: all): counters restart at 0 */
	TPSTAT_CMD_RESET,
	/* do, CAP_NET_ADMIN, GLOB: attach the probes of matching events */
	TPSTAT_CMD_ATTACH,
	/* do, CAP_NET_ADMIN, GLOB: detach them; returns when they are still */
	TPSTAT_CMD_DETACH,
	/* do: INFO_* attributes */
	TPSTAT_CMD_GET_INFO,
	/*
	 * dump, VIEW: first one message with VIEW_* (the table's size, use
	 * and lost updates), then one message per entry with the view's key
	 * and value attributes.  Views that name sockets, addresses, ports
	 * or tasks (RETRANS, RESETS, LIFETIMES, ERRORS, RCVQ, NEIGH, AUTH,
	 * SOCKMEM),
	 * and TRAPS, need CAP_NET_ADMIN over the caller's network
	 * namespace; without it, DROPS and DEVICES give the caller's
	 * namespace's entries only (see "Who may do what").
	 */
	TPSTAT_CMD_GET_VIEW,
	/*
	 * do, CAP_NET_ADMIN, FILTER_* (each optional): replaces the filter;
	 * with none, clears it.  What a filter keeps out is not counted
	 * anywhere, counters included.  In a namespace other than the
	 * initial one (CAP_NET_ADMIN over it): that namespace's own filter,
	 * which starts its own counters over (see above).
	 */
	TPSTAT_CMD_SET_FILTER,
	/* do, CAP_NET_ADMIN: the filter's FILTER_* attributes (none: no filter) */
	TPSTAT_CMD_GET_FILTER,
	/*
	 * do, CAP_NET_ADMIN over the caller's network namespace (its own
	 * root in a container): send alerts to the TPSTAT_MCGRP_ALERTS group,
	 * from now until it has had no listener for a whole window.  Join
	 * the group first, then send this (again after a while of no
	 * listener: it is a no-op while alerts flow).  The probes fold
	 * events into per-CPU pending counts; once a window (1 s) a
	 * deferred work sends one ALERT per key that moved, at most
	 * ALERT_RATE a second, and one ALERTS_LOST per kind for what it
	 * could not send.  Without listeners the probes pay one patched
	 * jump.
	 */
	TPSTAT_CMD_MONITOR,
	/*
	 * notification, TPSTAT_MCGRP_ALERTS: ALERT_KIND, the kind's key
	 * attributes and its counts (enum tpstat_alert_kind), for one
	 * window.
	 */
	TPSTAT_CMD_ALERT,
	/*
	 * notification, TPSTAT_MCGRP_ALERTS: ALERT_KIND ALERTS_LOST
	 * EVENTS_LOST ALERT_RATE: what a window could not send, because
	 * of the rate limit or because a CPU's pending table was full.
	 * ALERTS plus EVENTS_LOST account for every event of the kind.
	 */
	TPSTAT_CMD_ALERTS_LOST,
	/*
	 * dump: the recorder's intervals, oldest first (see "History").
	 * First the counters': one message per value that moved in an
	 * interval: HISTORY_SEQ HISTORY_START HISTORY_DURATION
	 * HISTORY_FLAGS HISTORY_LOST, then COUNTER_NAME COUNTER_VALUE (the
	 * interval's change) EVENT_ID; an interval in which nothing moved
	 * gets one message without the COUNTER_* ones.  Then the views':
	 * for each views interval and view in which a key moved, one
	 * message per key kept (the most moved first), with the HISTORY_*
	 * attributes (HISTORY_SEQ numbering the views intervals, HISTORY_LOST
	 * what their ring dropped), VIEW, and the key's attributes and
	 * values as GET_VIEW gives them, each count its change in the
	 * interval (a level as it was at its end); then one message with
	 * VIEW and HISTORY_REST.  In the initial namespace, anyone gets
	 * the same system-wide sums GET_COUNTERS gives, and the views' keys
	 * as GET_VIEW would give them, without HISTORY_REST.  In another,
	 * anyone in it gets its own counters' intervals, kept from when its
	 * filter was set (HISTORY_F_FILTER where it was set again), and no
	 * views'; EOPNOTSUPP, with a message, where it counts nothing, and
	 * while the recorder is off (history=0).
	 */
	TPSTAT_CMD_GET_HISTORY,

	__TPSTAT_CMD_MAX
};

#define TPSTAT_CMD_MAX	(__TPSTAT_CMD_MAX - 1)

enum tpstat_attr {
	TPSTAT_A_UNSPEC,
	TPSTAT_A_PAD,		/* pad for 64-bit values */
	/* string: comma-separated globs over "<group>:<name>" (as events=) */
	TPSTAT_A_GLOB,
	TPSTAT_A_EVENT_ID,	/* u32: the event's handle for this load */
	TPSTAT_A_EVENT_NAME,	/* string: "<group>:<name>" */
	TPSTAT_A_EVENT_STATE,	/* u8: enum tpstat_event_state */
	/* string: the probe's prototype variant, e.g. "skb,location,reason" */
	TPSTAT_A_EVENT_VARIANT,
	/* string: the arguments the probe reads beyond counting, e.g. "rc,skb_len" */
	TPSTAT_A_EVENT_FIELDS,
	TPSTAT_A_COUNTER_NAME,	/* string: "<group>:<name>[.<metric>]" */
	TPSTAT_A_COUNTER_VALUE,	/* u64: since load or the event's last reset */
	TPSTAT_A_INFO_VERSION,	/* string: module version */
	TPSTAT_A_INFO_KERNEL,	/* string: release of the running kernel */
	TPSTAT_A_INFO_FEATURES,	/* u32: TPSTAT_F_* */
	TPSTAT_A_INFO_EVENTS,	/* u32: number of events tpstat knows */
	TPSTAT_A_EVENT_GROUP,	/* string: the tracepoint's group, e.g. "tcp" */
	TPSTAT_A_INFO_MEMORY,	/* u64: bytes of counters and view tables */

	/* GET_VIEW request and its first message */
	TPSTAT_A_VIEW,		/* u32: enum tpstat_view */
	TPSTAT_A_VIEW_ENTRIES,	/* u32: keys in use */
	TPSTAT_A_VIEW_CAPACITY,	/* u32: keys the table can hold */
	TPSTAT_A_VIEW_OVERFLOW,	/* u64: updates lost because it was full */

	/* keys of view entries */
	TPSTAT_A_NETNS,		/* u32: namespace inode number (display: see NETNS_COOKIE) */
	TPSTAT_A_FAMILY,	/* u8: AF_INET or AF_INET6 */
	TPSTAT_A_SADDR,		/* binary: local address, 4 or 16 bytes */
	TPSTAT_A_SPORT,		/* u16: local port (host byte order, as all ports) */
	TPSTAT_A_DADDR,		/* binary: remote address, 4 or 16 bytes */
	TPSTAT_A_DPORT,		/* u16: remote port */
	TPSTAT_A_IFINDEX,	/* u32: device index in its namespace (0: none) */
	TPSTAT_A_IFNAME,	/* string: device name (absent: device gone) */
	/* string: where the skb was freed, "sym+off/len [mod]", "?": unknown */
	TPSTAT_A_LOCATION,
	TPSTAT_A_REASON,	/* u32: drop or reset reason code */
	TPSTAT_A_REASON_NAME,	/* string: the running kernel's name for it */
	TPSTAT_A_DEVLINK,	/* string: devlink instance, "bus/device" */
	TPSTAT_A_TRAP,		/* string: trap name */
	TPSTAT_A_TRAP_GROUP,	/* string: trap group name */
	TPSTAT_A_COMM,		/* string: task that opened or closed (absent: softirq) */
	TPSTAT_A_OLD_STATE,	/* u8: TCP state before a transition */
	TPSTAT_A_NEW_STATE,	/* u8: TCP state after it; or the last state seen */
	TPSTAT_A_HIST_NAME,	/* string: histogram name, e.g. "srtt_us" */

	/* values of view entries */
	TPSTAT_A_COUNT,		/* u64: events counted for this key */
	TPSTAT_A_RETRANS,	/* u64: tcp_retransmit_skb */
	TPSTAT_A_SYNACK_RETRANS, /* u64: tcp_retransmit_synack */
	TPSTAT_A_RST_SENT,	/* u64: tcp_send_reset */
	TPSTAT_A_RST_RECEIVED,	/* u64: tcp_receive_reset */
	TPSTAT_A_TX_PACKETS,	/* u64: net_dev_xmit, rc == NETDEV_TX_OK */
	TPSTAT_A_TX_BYTES,	/* u64: their skb_len */
	TPSTAT_A_RX_PACKETS,	/* u64: netif_receive_skb */
	TPSTAT_A_RX_BYTES,	/* u64: their length with the link-layer header */
	TPSTAT_A_XMIT_ERRORS,	/* u64: net_dev_xmit, rc != NETDEV_TX_OK */
	TPSTAT_A_XMIT_TIMEOUTS,	/* u64: net_dev_xmit_timeout */
	TPSTAT_A_GRO,		/* u64: napi_gro_receive_entry + frags_entry */
	TPSTAT_A_NAPI_POLLS,	/* u64: napi_poll */
	TPSTAT_A_NAPI_WORK,	/* u64: sum of napi_poll's work */
	TPSTAT_A_NAPI_BUDGET_EXHAUSTED, /* u64: polls with work >= budget */
	/*
	 * nest: one u64 per non-empty bucket, attribute type = bucket + 1.
	 * Bucket 0 holds 0; bucket b >= 1 holds [2^(b-1), 2^b - 1].  Padding
	 * inside the nest, where an architecture needs it, has type 0.
	 */
	TPSTAT_A_HIST_BUCKETS,
	TPSTAT_A_HIST_SUM,	/* u64: sum of the values */
	TPSTAT_A_HIST_COUNT,	/* u64: number of values */
	TPSTAT_A_OPENS_ACTIVE,	/* u64: SYN_SENT -> ESTABLISHED (STATES) */
	TPSTAT_A_OPENS_PASSIVE,	/* u64: SYN_RECV -> ESTABLISHED (STATES) */
	TPSTAT_A_OPENS_FAILED,	/* u64: SYN_SENT -> CLOSE (STATES) */

	/* SET_FILTER / GET_FILTER: every one that is given must match */
	TPSTAT_A_FILTER_PID,	/* u32: current task's tgid (as set_event_pid) */
	TPSTAT_A_FILTER_COMM,	/* string: current task's comm */
	/*
	 * u32: namespace inode number of socket or device; SET_FILTER
	 * resolves it to the live namespace that has it (ENOENT if none)
	 * and matches that namespace only (see FILTER_NETNS_COOKIE)
	 */
	TPSTAT_A_FILTER_NETNS,
	TPSTAT_A_FILTER_IFINDEX, /* u32: index of the event's device */
	TPSTAT_A_FILTER_LPORT,	/* u16: the socket's local port */
	TPSTAT_A_FILTER_RPORT,	/* u16: the socket's remote port */

	/* ALERT and ALERTS_LOST notifications */
	TPSTAT_A_ALERT_KIND,	/* u8: enum tpstat_alert_kind */
	TPSTAT_A_ALERTS_LOST,	/* u64: alerts not sent in this window */
	TPSTAT_A_EVENTS_LOST,	/* u64: events not in any alert sent */
	TPSTAT_A_ALERT_RATE,	/* u32: the limit, alerts per second */
	TPSTAT_A_ERRNO,		/* u32: socket error (sk_err), e.g. 111 */
	TPSTAT_A_PROTOCOL,	/* u8: IPPROTO_*: TCP or UDP (ERRORS); see RCVQ */
	TPSTAT_A_DIRECTION,	/* u8: enum tpstat_direction */
	TPSTAT_A_RCVBUF,	/* u32: sk_rcvbuf in bytes (RCVQ) */
	TPSTAT_A_AUTH_KIND,	/* u8: enum tpstat_auth_kind */
	/*
	 * u64: the network namespace's cookie, beside every NETNS (view
	 * entries, alerts).  It names the namespace: the kernel never gives
	 * it to another, while NETNS, the inode number, is for display and
	 * ip netns names only (a namespace made later may get a dead one's).
	 */
	TPSTAT_A_NETNS_COOKIE,
	/*
	 * u64, GET_FILTER only: the cookie of the namespace FILTER_NETNS
	 * named when the filter was set.  Events match by it, so the filter
	 * never follows the inode number to a later namespace.
	 */
	TPSTAT_A_FILTER_NETNS_COOKIE,
	/*
	 * SET_FILTER / GET_FILTER: the socket's local (LADDR) or remote
	 * (RADDR) address is in a network.  binary: the address, 4 bytes
	 * (IPv4) or 16 (IPv6), network byte order, no bit set beyond the
	 * prefix (EINVAL).  An IPv4-mapped IPv6 address under a prefix of
	 * 96 or more is its IPv4 address, as GET_FILTER gives it back.  An
	 * IPv4 network matches IPv4 peers of IPv6 sockets too; an IPv6 one
	 * matches IPv6 addresses only.  A socket bound or connected to
	 * none (0.0.0.0, ::), and an event without an internet socket,
	 * never match.
	 */
	TPSTAT_A_FILTER_LADDR,
	/* u8: its prefix length, at most 32 (IPv4) or 128; absent: all */
	TPSTAT_A_FILTER_LADDR_PREFIX,
	TPSTAT_A_FILTER_RADDR,		/* binary: as FILTER_LADDR */
	TPSTAT_A_FILTER_RADDR_PREFIX,	/* u8: as FILTER_LADDR_PREFIX */
	TPSTAT_A_MEM_KIND,	/* u8: enum tpstat_mem_kind (SOCKMEM) */
	/* u64: pages the protocol had allocated, at the last event (SOCKMEM) */
	TPSTAT_A_MEM_ALLOCATED,
	/* u64: the protocol's hard limit in pages (its sysctl _mem[2]), then */
	TPSTAT_A_MEM_LIMIT,

	/* GET_HISTORY */
	TPSTAT_A_HISTORY_SEQ,	/* u64: the interval's number, from 0 at load */
	/* u64: when it began, wall clock, ns since the epoch (UTC) */
	TPSTAT_A_HISTORY_START,
	TPSTAT_A_HISTORY_DURATION, /* u64: how long it lasted, ns */
	TPSTAT_A_HISTORY_FLAGS,	/* u32: TPSTAT_HISTORY_F_* */
	/* u64: intervals the ring has dropped since load, to make room */
	TPSTAT_A_HISTORY_LOST,
	/* GET_INFO: the recorder */
	TPSTAT_A_INFO_HISTORY_INTERVAL,	/* u32: seconds an interval; 0: off */
	TPSTAT_A_INFO_HISTORY_MEMORY,	/* u64: bytes it holds, ring included */
	TPSTAT_A_INFO_HISTORY_INTERVALS, /* u32: intervals in the ring now */
	/* u64: what moved in a view outside the keys kept, by its measure */
	TPSTAT_A_HISTORY_REST,
	/*
	 * u32: seconds a views interval of the recorder; 0: off, or none
	 * here (a namespace other than the initial one)
	 */
	TPSTAT_A_INFO_HISTORY_VIEWS,

	__TPSTAT_A_MAX
};

#define TPSTAT_A_MAX	(__TPSTAT_A_MAX - 1)

/*
 * GET_VIEW views.  Key attributes, then value attributes, of each entry:
 * DROPS:     LOCATION REASON [REASON_NAME] NETNS IFINDEX [IFNAME]; COUNT.
 *            REASON is absent before 5.17 (no reasons).
 * TRAPS:     DEVLINK TRAP TRAP_GROUP; COUNT.
 * RETRANS:   NETNS FAMILY SADDR SPORT DADDR DPORT; RETRANS SYNACK_RETRANS
 *            NEW_STATE (the last state seen).
 * RESETS:    NETNS FAMILY DIRECTION (SPORT | DPORT) DADDR [REASON
 *            REASON_NAME]; RST_SENT RST_RECEIVED.  Per service and peer:
 *            the port is the service's, SPORT where it is local (PASSIVE:
 *            the reset was on a server's side), DPORT where it is remote
 *            (ACTIVE: on a client's side); DADDR is the peer.  The side
 *            of each reset: a socket in SYN_SENT is a client's, one in
 *            LISTEN or SYN_RECV (or a request) a server's; without a
 *            socket, a SYN (no ACK) was sent to a local service; else
 *            the local port is a client's where it is in the namespace's
 *            ephemeral range (net.ipv4.ip_local_port_range) and there is
 *            a remote port, as in ERRORS.  REASON only for sent resets,
 *            6.10+.
 * STATES:    OLD_STATE NEW_STATE; COUNT.  The first message adds
 *            OPENS_ACTIVE, OPENS_PASSIVE, OPENS_FAILED.
 * LIFETIMES: NETNS DIRECTION (SPORT | DPORT) [COMM]; HIST_BUCKETS
 *            (microseconds) HIST_SUM HIST_COUNT.  Per service: a socket
 *            born at SYN_SENT is ACTIVE and keyed by its remote port
 *            (DPORT) and the task that connected (COMM); one born at
 *            SYN_RECV is PASSIVE and keyed by its local port (SPORT),
 *            with no COMM (it is born in softirq, and which task closes
 *            it, if any, depends on which end closes first).
 * DEVICES:   NETNS IFINDEX [IFNAME]; TX_PACKETS ... NAPI_BUDGET_EXHAUSTED.
 * ERRORS:    NETNS FAMILY PROTOCOL ERRNO (SPORT | DPORT); COUNT.  Errors
 *            reported on TCP and UDP sockets (sock:inet_sk_error_report,
 *            5.14 on), per errno and service port: the remote port (DPORT)
 *            when the local one is in the namespace's ephemeral range
 *            (net.ipv4.ip_local_port_range: a client), else the local one
 *            (SPORT).  A report whose sk_err is 0 is no error.  Refused
 *            (EOPNOTSUPP) on a kernel without the tracepoint.
 * RCVQ:      NETNS FAMILY PROTOCOL SPORT; COUNT RCVBUF.  Packets dropped
 *            because the receiving socket's queue was full, per socket
 *            family, protocol and local port; RCVBUF is the socket's
 *            sk_rcvbuf (SO_RCVBUF as getsockopt() reads it) at the last
 *            drop.  UDP and UDP-Lite: udp:udp_fail_queue_rcv_skb with
 *            -ENOMEM, what the kernel counts as UdpRcvbufErrors and
 *            Udp6RcvbufErrors (not -ENOBUFS, the protocol's memory limit,
 *            UdpMemErrors); before 6.10 the kernel fires it for IPv4
 *            datagrams only.  Other IPv4 and IPv6 sockets:
 *            sock:sock_rcvqueue_full, where PROTOCOL is IPPROTO_RAW for
 *            every raw socket, whose SPORT is then the IP protocol it
 *            receives (as /proc/net/raw), and a ping socket's (ICMP,
 *            ICMPV6) SPORT is its identifier.  Refused (EOPNOTSUPP) on a
 *            kernel that lacks one of the two tracepoints.
 * NEIGH:     NETNS IFINDEX [IFNAME] FAMILY DADDR; COUNT.  Neighbours
 *            (ARP, ND) whose resolution failed: the times each reached
 *            NUD_FAILED from INCOMPLETE or PROBE, by the neighbour timer
 *            when its probes ran out (neigh:neigh_timer_handler) or by an
 *            update such as "ip neigh del" (neigh:neigh_update), as the
 *            kernel's res_failed statistic counts them.  FAMILY is the
 *            table's (AF_INET: ARP, AF_INET6: ND), DADDR its key, 4 or 16
 *            bytes; IFNAME as the device is named when read.  Refused
 *            (EOPNOTSUPP) on a kernel without those tracepoints.
 * AUTH:      NETNS FAMILY DADDR SPORT AUTH_KIND; COUNT.  TCP segments
 *            whose TCP-MD5 or TCP-AO check failed (tcp:tcp_hash_* and
 *            tcp:tcp_ao_* failure events, 6.7 on), per peer address (the
 *            segment's source; FAMILY is the segment's, AF_INET for an
 *            IPv4 peer of an IPv6 socket), local port and enum
 *            tpstat_auth_kind.  Each kind comes from its own tracepoint;
 *            a kernel without some of them never counts those kinds.
 *            Refused (EOPNOTSUPP) on a kernel with none of them.
 * HISTS:     HIST_NAME; HIST_BUCKETS HIST_SUM HIST_COUNT.  Names: srtt_us
 *            and snd_cwnd (tcp_probe), xmit_len (net_dev_xmit skb_len),
 *            rx_len (netif_receive_skb, link-layer header included).
 * SOCKMEM:   NETNS FAMILY PROTOCOL SPORT MEM_KIND; COUNT MEM_ALLOCATED
 *            MEM_LIMIT.  Sockets refused memory because their protocol
 *            (TCP, UDP, ...) was over its limits
 *            (sock:sock_exceed_buf_limit), per socket family, protocol,
 *            local port and whether it was sending or receiving;
 *            MEM_ALLOCATED and MEM_LIMIT are the protocol's pages
 *            allocated (as /proc/net/sockstat's "mem") and its hard
 *            limit (net.ipv4.tcp_mem's, udp_mem's third figure) at the
 *            last event.
 */
enum tpstat_view {
	TPSTAT_VIEW_DROPS,
	TPSTAT_VIEW_TRAPS,
	TPSTAT_VIEW_RETRANS,
	TPSTAT_VIEW_RESETS,
	TPSTAT_VIEW_STATES,
	TPSTAT_VIEW_LIFETIMES,
	TPSTAT_VIEW_DEVICES,
	TPSTAT_VIEW_HISTS,
	TPSTAT_VIEW_ERRORS,
	TPSTAT_VIEW_RCVQ,
	TPSTAT_VIEW_NEIGH,
	TPSTAT_VIEW_AUTH,
	TPSTAT_VIEW_SOCKMEM,

	__TPSTAT_VIEW_CNT
};

/*
 * AUTH_KIND: which check a segment failed, one per tracepoint.  Not
 * counted: tcp_ao_rnext_request (the peer asks for another key: no
 * failure), tcp_ao_synack_no_key (no segment, so no peer address: the
 * listener lost the key between SYN and SYN-ACK), tcp_ao_snd_sne_update
 * and tcp_ao_rcv_sne_update (sequence number extension moved on).
 */
enum tpstat_auth_kind {
	/* tcp_hash_md5_required: a key for the peer, no signature (TCPMD5NotFound) */
	TPSTAT_AUTH_MD5_REQUIRED,
	/* tcp_hash_md5_unexpected: signed, no key for the peer (TCPMD5Unexpected) */
	TPSTAT_AUTH_MD5_UNEXPECTED,
	/* tcp_hash_md5_mismatch: wrong signature (TCPMD5Failure) */
	TPSTAT_AUTH_MD5_MISMATCH,
	/* tcp_hash_ao_required: a TCP-AO key for the peer, no AO option (TCPAORequired) */
	TPSTAT_AUTH_AO_REQUIRED,
	/* tcp_ao_mismatch: wrong MAC (TCPAOBad) */
	TPSTAT_AUTH_AO_MISMATCH,
	/* tcp_ao_key_not_found: no key with the segment's key id (TCPAOKeyNotFound) */
	TPSTAT_AUTH_AO_KEY_NOT_FOUND,
	/* tcp_ao_wrong_maclen: the MAC's length is not the key's */
	TPSTAT_AUTH_AO_WRONG_MACLEN,
	/* tcp_ao_handshake_failure: a SYN or SYN-ACK failed AO */
	TPSTAT_AUTH_AO_HANDSHAKE_FAILURE,
	/* tcp_hash_bad_header: malformed or conflicting MD5/AO options */
	TPSTAT_AUTH_BAD_HEADER,

	__TPSTAT_AUTH_CNT
};

/*
 * The multicast group of ALERT and ALERTS_LOST.  Joining it needs
 * CAP_NET_ADMIN over the socket's network namespace (CAP_SYS_ADMIN on
 * kernels that only know that flag).  The initial namespace's listeners
 * get every alert; another namespace's, only those of its own events,
 * and ALERTS_LOST for its own losses.
 */
#define TPSTAT_MCGRP_ALERTS	"alerts"

/*
 * ALERT kinds.  Key attributes, then counts, of each:
 * DROPS:   LOCATION [REASON REASON_NAME] NETNS IFINDEX [IFNAME]; COUNT
 *          (kfree_skb that is a drop).
 * RESETS:  NETNS FAMILY SPORT DADDR [REASON REASON_NAME]; RST_SENT or
 *          RST_RECEIVED (tcp_send_reset, tcp_receive_reset).
 * RETRANS: NETNS FAMILY SADDR SPORT DADDR DPORT NEW_STATE; RETRANS or
 *          SYNACK_RETRANS (tcp_retransmit_skb, tcp_retransmit_synack).
 * STATES:  NETNS FAMILY OLD_STATE NEW_STATE; COUNT (TCP transitions,
 *          inet_sock_set_state).
 * ERRORS:  NETNS FAMILY SPORT DADDR DPORT ERRNO; COUNT (errors reported
 *          on TCP and UDP sockets, inet_sk_error_report: 5.14 on; a
 *          report whose sk_err is 0 is not an error and not sent).
 */
enum tpstat_alert_kind {
	TPSTAT_ALERT_DROPS,
	TPSTAT_ALERT_RESETS,
	TPSTAT_ALERT_RETRANS,
	TPSTAT_ALERT_STATES,
	TPSTAT_ALERT_ERRORS,

	__TPSTAT_ALERT_CNT
};

/* TPSTAT_A_MEM_KIND: what the socket was refused memory for. */
enum tpstat_mem_kind {
	TPSTAT_MEM_SEND,	/* to queue data to send (SK_MEM_SEND) */
	TPSTAT_MEM_RECV,	/* to queue data received (SK_MEM_RECV) */
};

/* TPSTAT_A_DIRECTION: which end of a connection a key is about. */
enum tpstat_direction {
	TPSTAT_DIRECTION_UNKNOWN,
	TPSTAT_DIRECTION_ACTIVE,	/* the connecting end: the service is remote */
	TPSTAT_DIRECTION_PASSIVE,	/* the accepting end: the service is local */
};

/* Longest FILTER_COMM / COMM, including the terminating NUL. */
#define TPSTAT_COMM_MAX		16

/* Buckets of every log2 histogram: 0, then [2^(b-1), 2^b - 1] up to 2^63. */
#define TPSTAT_HIST_BUCKETS	65

/*
 * History.  From load on, the module records every interval's change of
 * each value GET_COUNTERS gives (history= seconds, aligned to the wall
 * clock) into a ring of history_kb kilobytes, dropping the oldest
 * interval when it is full (HISTORY_LOST); and every views interval
 * (history_views= seconds, a multiple of history=), in a ring of
 * history_views_kb kilobytes, the history_top= keys of each view that
 * moved most, by the view's measure: its first value; both retransmit
 * counts (RETRANS); resets sent and received (RESETS); connections
 * (LIFETIMES); packets and errors (DEVICES).  An interval whose figures
 * are not a plain change over its whole length says so in HISTORY_FLAGS:
 */
#define TPSTAT_HISTORY_F_PARTIAL (1U << 0)	/* began at load: shorter */
#define TPSTAT_HISTORY_F_RESET	(1U << 1)	/* a RESET in it: since then */
#define TPSTAT_HISTORY_F_ATTACH	(1U << 2)	/* an ATTACH or DETACH in it */
#define TPSTAT_HISTORY_F_FILTER	(1U << 3)	/* the filter changed in it */
#define TPSTAT_HISTORY_F_SUSPEND (1U << 4)	/* the system slept in it */

/* TPSTAT_A_INFO_FEATURES: what the kernel's tracepoints provide. */
#define TPSTAT_F_DROP_REASON	(1U << 0)	/* kfree_skb has a drop reason */
#define TPSTAT_F_SKB_CONSUMED	(1U << 1)	/* SKB_CONSUMED exists */
#define TPSTAT_F_RST_REASON	(1U << 2)	/* tcp_send_reset has a reason */

#endif /* _UAPI_LINUX_TPSTAT_H */
