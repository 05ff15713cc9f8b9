#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest-side suites in turn, in one boot: by default every one, the
# monitor's alerts (monitor.sh, first: nothing else has run yet), the
# module's counters (run.sh), the tool against it (ctl.sh), namespaces
# asking about themselves (netns.sh), users' namespaces against each
# other (tenants.sh), the filter's addresses
# (filter.sh), the views (views.sh, and over IPv6: ipv6.sh), every key's
# byte order through debugfs, netlink, JSON, text and the export
# (endian.sh), storms of resets and filters under traffic
# (stress.sh), a hostile user (adversary.sh), the auth view against
# TCP-MD5 and TCP-AO failures (auth.sh: skipped in seconds where the
# kernel lacks the tracepoints) and every network tracepoint (events.sh,
# last: it loads sctp).  make check gives each tier its own list
# (tests/check.sh).  Says how long each took.  Fails if any did.
#   tests/net/all.sh <tpstat.ko> [suite.sh...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
ko=$1
shift
[ $# -gt 0 ] || set -- monitor.sh run.sh ctl.sh netns.sh tenants.sh filter.sh views.sh ipv6.sh endian.sh \
	stress.sh adversary.sh auth.sh events.sh
status=0
for suite in "$@"; do
	echo "# --- $suite"
	SECONDS=0
	"$here/$suite" "$ko" || status=1
	echo "# --- $suite took ${SECONDS}s"
done
exit $status
