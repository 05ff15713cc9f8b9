#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What the doctor suites share (doctor.sh, doctor_paths.sh), sourced
# after suite_load: the receiver and the connects that provoke their
# faults, doctor's run into OUT and ST, each scenario's exports for the
# Prometheus rules and their test (fleet_check).
restart() { quiesce; "$TP" reset all; }
# jqv <view command> <jq filter>: the tool's JSON through jq.
# shellcheck disable=SC2086 # the command's words: drops --by reason
jqv() { "$TP" -j $1 | jq -r "$2"; }
has_reasons=$("$TP" -j info | jq '.features | index("drop_reason") != null')

# The receiver and its sender, one program: a UDP socket on
# 127.0.0.1:PORT asking for SO_RCVBUF WANT that reads nothing while N
# datagrams of 1000 bytes are sent to it (loopback delivers each before
# sendto() returns), then reads what was queued.  Prints
# "rcvbuf=<the kernel's> received=<queued>".
cat > "$TMP/flood.py" << 'EOF'
import socket
import sys

port, want, n = (int(a) for a in sys.argv[1:4])
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, want)
r.bind(("127.0.0.1", port))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for _ in range(n):
    s.sendto(b"x" * 1000, ("127.0.0.1", port))
r.setblocking(False)
got = 0
try:
    while True:
        r.recv(2000)
        got += 1
except BlockingIOError:
    pass
print("rcvbuf=%d received=%d" % (r.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF), got))
EOF
# flood [ip netns exec NS] PORT WANT N: sets rcvbuf and received.
flood() {
	local out
	out=$("${@:1:$#-3}" python3 "$TMP/flood.py" "${@: -3}")
	echo "# flood ${*: -3}: $out"
	rcvbuf=$(sed -n 's/^rcvbuf=\([0-9]*\) .*/\1/p' <<< "$out")
	received=$(sed -n 's/.* received=\([0-9]*\)$/\1/p' <<< "$out")
}
# N non-blocking connects to ADDR:PORT at once, each waited for:
# prints each outcome and how many ("ETIMEDOUT=10", "ok=10").
cat > "$TMP/connects.py" << 'EOF'
import errno
import select
import socket
import sys

addr, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
pending, outcome = [], {}
for _ in range(n):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    s.connect_ex((addr, port))
    pending.append(s)
while pending:
    _, done, _ = select.select([], pending, [], 60)
    if not done:
        break
    for s in done:
        e = s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        k = errno.errorcode.get(e, str(e)) if e else "ok"
        outcome[k] = outcome.get(k, 0) + 1
        pending.remove(s)
        s.close()
outcome["unfinished"] = len(pending)
print(" ".join("%s=%d" % kv for kv in sorted(outcome.items()) if kv[1]))
EOF
# doctor [ARGS...]: the tool's doctor, its text in OUT and its exit
# status in ST, both in the log.
doctor() {
	OUT=$("$TP" "$@" doctor 2> "$TMP/err")
	ST=$?
	echo "# \$ tpstat $* doctor  (exit status $ST)"
	{ printf '%s\n' "$OUT"; cat "$TMP/err"; } | sed 's/^/# /'
}
# doctor_since T [ARGS...]: doctor --since T, as doctor does.
doctor_since() {
	OUT=$("$TP" "${@:2}" doctor --since "$1" 2> "$TMP/err")
	ST=$?
	echo "# \$ tpstat ${*:2} doctor --since $1  (exit status $ST)"
	{ printf '%s\n' "$OUT"; cat "$TMP/err"; } | sed 's/^/# /'
}
# The exports for the Prometheus rules: snap_before NAME after the
# scenario's reset, snap_after NAME once it ran (with root's doctor -j in
# the initial namespace, as the export sees every namespace).
# Both doctor suites write there; each tests its own scenarios (OWN).
FLEET=$TMP/doctor-exports
[ -d /tmp/out ] && [ -w /tmp/out ] && FLEET=/tmp/out/doctor-exports
OWN=$TMP/own-exports
mkdir -p "$FLEET" "$OWN"
snap_before() { "$TP" export | tee "$OWN/$1.before.prom" > "$FLEET/$1.before.prom"; }
snap_after() {
	"$TP" export | tee "$OWN/$1.after.prom" > "$FLEET/$1.after.prom"
	"$TP" -j doctor | tee "$OWN/$1.doctor.json" > "$FLEET/$1.doctor.json"
}
# fleet_check [dashboard]: promtool's unit test of the rules over this
# suite's exports; with dashboard, the Grafana dashboard's queries too.
fleet_check() {
	local top=$here/../..
	if ! command -v promtool > /dev/null || ! python3 -c 'import yaml' 2> /dev/null; then
		echo "# no promtool or python3-yaml (tests/deps.sh installs them): the rules not tested"
		return
	fi
	check "the rules file is tpstat doctor --prometheus" \
		cmp -s "$top/contrib/prometheus/tpstat.rules.yml" <("$TP" doctor --prometheus)
	if [ -n "${TPSTAT_PROMTOOL_ON_HOST:-}" ] && [ -d /tmp/out ]; then
		# make check: promtool's test is the host's, over the exports
		# left in the out share (tests/check.sh, after the boot):
		# promtool took 92 s a suite under TCG, and seconds there.
		keep_exports() { mkdir -p "$1" && cp "$OWN"/* "$1"/; }
		check "this suite's exports kept for promtool's test on the host" \
			keep_exports "/tmp/out/doctor-own/$(basename "$0" .sh)"
	else
		fleet_promtool
	fi
	[ "${1:-}" = dashboard ] || return 0
	fleet_dashboard
}
# fleet_promtool: promtool's test of the rules over this suite's exports.
fleet_promtool() {
	local top=$here/../..
	# The redirections inside: check's own TAP line goes to stdout.
	promtest() {
		python3 "$top/tests/fleet/promtest.py" "$OWN" \
			"$top/contrib/prometheus/tpstat.rules.yml" > "$TMP/fleet.yml" 2> "$TMP/fleet.err"
	}
	check "promtool's test made of $(find "$OWN" -name '*.doctor.json' | wc -l) scenarios' exports" \
		promtest
	sed 's/^/# /' "$TMP/fleet.err"
	# An empty file is a test of nothing, which promtool passes.
	check "promtool test rules: each alert fires where doctor's finding is, with its count, and nowhere else" \
		promtool_test "$TMP/fleet.yml"
	sed -n '/./s/^/# /p' "$TMP/promtool.log"
}
# fleet_dashboard: the Grafana dashboard's queries over both suites'
# exports.
fleet_dashboard() {
	local top=$here/../..
	# The dashboard's panels are every rule's: over both suites' exports,
	# doctor.sh's from earlier in the same boot (make check's order).
	if [ ! -e "$FLEET/quiet.doctor.json" ]; then
		echo "# no doctor.sh exports in $FLEET: the dashboard is checked after both suites in one boot"
		return 0
	fi
	dashboard() {
		python3 "$top/tests/fleet/dashboard.py" "$top/contrib/grafana/tpstat.json" \
			"$FLEET"/*.prom > "$TMP/dashboard.log"
	}
	check "the Grafana dashboard's queries name only what both doctor suites' exports write" dashboard
	grep -v '^ok ' "$TMP/dashboard.log" | sed 's/^/# /'
}
# promtool_test <test file>: promtool test rules on a file with tests.
promtool_test() {
	grep -q '^- name: ' "$1" && promtool test rules "$1" > "$TMP/promtool.log" 2>&1
}
# rule_count <json> <rule> <jq condition>: the count of that finding.
rule_count() {
	jq -r "[.findings[] | select(.rule == \"$2\" and ($3)) | .count] | add // 0" <<< "$1"
}

