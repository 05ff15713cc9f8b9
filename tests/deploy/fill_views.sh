# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# fill_views: traffic that gives every view tpstat export reads an entry,
# so each of its metric families has a sample (a family without one is
# not written): an established TCP connection (hists), refused connects
# (errors, resets, drops), a full UDP receive queue (rcvq), a neighbour
# that never answers (neigh), UDP over its memory limit (sockmem), a
# transfer over a lossy veth pair (retrans) and, where the kernel has the
# tracepoints, an unsigned SYN to a TCP-MD5 listener (auth).  For guest.sh, with
# tests/net/lib.sh and workloads.sh sourced; prints what it did as
# "# name=value" lines.
# shellcheck disable=SC2154 # top, NETLOAD, TRACING: guest.sh's and lib.sh's
fill_views() {
	local out=$1/fill-server port=5411
	serve "$out" "$NETLOAD" tcp-server 127.0.0.1 5410 3 || return 1
	echo "# tcp: $("$NETLOAD" tcp-connect 127.0.0.1 5410 3)"
	reap
	echo "# $(wl_sock_refused)"
	echo "# $(wl_udp_full)"
	echo "# $(wl_neigh_fail)"
	echo "# $(wl_sockmem)"
	echo "# $(wl_retrans)"
	if compgen -G "$TRACING/events/tcp/tcp_hash_md5_required" > /dev/null; then
		# A listener that wants a key from 127.0.0.1, and a SYN without
		# one: tcp_hash_md5_required.  The client gives up after 1 s.
		/usr/bin/python3 "$top/tests/net/tcp_md5.py" listen 127.0.0.1 \
			"$port:127.0.0.1:tpstat-key" > "$1/md5-server" &
		local md5=$! i
		for ((i = 0; i < 600; i++)); do
			grep -q listening "$1/md5-server" 2> /dev/null && break
			nap 0.05
		done
		echo "# md5: $(/usr/bin/python3 "$top/tests/net/tcp_md5.py" connect 127.0.0.1 "$port:1:1")"
		kill "$md5"
		wait "$md5" 2> /dev/null
	fi
	quiesce
}
