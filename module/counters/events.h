/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoints with a hand-written probe (probes.c), one line each: id
 * suffix (TPSTAT_EV_<id> in event_ids.h), group (the trace/events/<group>.h
 * header that declares it), tracepoint name.  These are the ones attached
 * by default, and the ones the views are fed from; every other tracepoint
 * of the networking systems gets a generated probe (probes_gen.c).
 *
 * Include with TPSTAT_EVENT(id, group, name) defined; there is no include
 * guard on purpose.  conftest.sh reads this list too and emits
 * TPSTAT_HAVE_TP_<id> for every tracepoint the target headers declare:
 * keep one entry per line, in this exact shape.
 */
TPSTAT_EVENT(TCP_RETRANSMIT_SKB, tcp, tcp_retransmit_skb)
TPSTAT_EVENT(TCP_RETRANSMIT_SYNACK, tcp, tcp_retransmit_synack)
TPSTAT_EVENT(TCP_SEND_RESET, tcp, tcp_send_reset)
TPSTAT_EVENT(TCP_RECEIVE_RESET, tcp, tcp_receive_reset)
TPSTAT_EVENT(TCP_DESTROY_SOCK, tcp, tcp_destroy_sock)
TPSTAT_EVENT(TCP_PROBE, tcp, tcp_probe)
TPSTAT_EVENT(TCP_RCV_SPACE_ADJUST, tcp, tcp_rcv_space_adjust)
TPSTAT_EVENT(TCP_BAD_CSUM, tcp, tcp_bad_csum)
TPSTAT_EVENT(TCP_CONG_STATE_SET, tcp, tcp_cong_state_set)
TPSTAT_EVENT(INET_SOCK_SET_STATE, sock, inet_sock_set_state)
TPSTAT_EVENT(INET_SK_ERROR_REPORT, sock, inet_sk_error_report)
TPSTAT_EVENT(SOCK_RCVQUEUE_FULL, sock, sock_rcvqueue_full)
TPSTAT_EVENT(UDP_FAIL_QUEUE_RCV_SKB, udp, udp_fail_queue_rcv_skb)
TPSTAT_EVENT(SOCK_EXCEED_BUF_LIMIT, sock, sock_exceed_buf_limit)
TPSTAT_EVENT(NET_DEV_QUEUE, net, net_dev_queue)
TPSTAT_EVENT(NET_DEV_START_XMIT, net, net_dev_start_xmit)
TPSTAT_EVENT(NET_DEV_XMIT, net, net_dev_xmit)
TPSTAT_EVENT(NET_DEV_XMIT_TIMEOUT, net, net_dev_xmit_timeout)
TPSTAT_EVENT(NETIF_RECEIVE_SKB, net, netif_receive_skb)
TPSTAT_EVENT(NETIF_RX, net, netif_rx)
TPSTAT_EVENT(NETIF_RECEIVE_SKB_ENTRY, net, netif_receive_skb_entry)
TPSTAT_EVENT(NETIF_RX_ENTRY, net, netif_rx_entry)
TPSTAT_EVENT(NAPI_GRO_RECEIVE_ENTRY, net, napi_gro_receive_entry)
TPSTAT_EVENT(NAPI_GRO_FRAGS_ENTRY, net, napi_gro_frags_entry)
TPSTAT_EVENT(KFREE_SKB, skb, kfree_skb)
TPSTAT_EVENT(CONSUME_SKB, skb, consume_skb)
TPSTAT_EVENT(NAPI_POLL, napi, napi_poll)
TPSTAT_EVENT(DEVLINK_TRAP_REPORT, devlink, devlink_trap_report)
TPSTAT_EVENT(NEIGH_UPDATE, neigh, neigh_update)
TPSTAT_EVENT(NEIGH_TIMER_HANDLER, neigh, neigh_timer_handler)
TPSTAT_EVENT(TCP_HASH_MD5_REQUIRED, tcp, tcp_hash_md5_required)
TPSTAT_EVENT(TCP_HASH_MD5_UNEXPECTED, tcp, tcp_hash_md5_unexpected)
TPSTAT_EVENT(TCP_HASH_MD5_MISMATCH, tcp, tcp_hash_md5_mismatch)
TPSTAT_EVENT(TCP_HASH_AO_REQUIRED, tcp, tcp_hash_ao_required)
TPSTAT_EVENT(TCP_HASH_BAD_HEADER, tcp, tcp_hash_bad_header)
TPSTAT_EVENT(TCP_AO_MISMATCH, tcp, tcp_ao_mismatch)
TPSTAT_EVENT(TCP_AO_KEY_NOT_FOUND, tcp, tcp_ao_key_not_found)
TPSTAT_EVENT(TCP_AO_WRONG_MACLEN, tcp, tcp_ao_wrong_maclen)
TPSTAT_EVENT(TCP_AO_HANDSHAKE_FAILURE, tcp, tcp_ao_handshake_failure)
