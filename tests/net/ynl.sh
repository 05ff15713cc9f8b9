#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The family driven by the kernel's own generic client, tools/net/ynl's
# cli.py, with tpstat's YNL spec (uapi/tpstat.yaml), inside a test kernel
# as root: the spec against the policy the module reports (nlctrl), then
# list, info, counters, attach, detach and reset through cli.py, each
# checked against debugfs.  A spec that disagrees with the module fails.
#   TPSTAT_YNL=<dir from tests/ynl/fetch.sh> tests/net/ynl.sh <tpstat.ko>
set -uo pipefail

# shellcheck source=tests/net/lib.sh
. "$(dirname "$0")/lib.sh"
suite_begin "$@"
SPEC=$here/../../uapi/tpstat.yaml
PY=/usr/bin/python3

if [ ! -f "${TPSTAT_YNL:-}/tools/net/ynl/cli.py" ]; then
	not_ok "TPSTAT_YNL names the kernel's YNL client (tests/ynl/fetch.sh)"
	suite_end
	exit
fi
cli() {
	"$PY" "$TPSTAT_YNL/tools/net/ynl/cli.py" --output-json "$@"
}
# The spec is genetlink-legacy's (its version, its C names): the schema
# that judges it is 7.3's, when make check generates the uapi header
# from it (tests/ynl/gen_uapi.sh); 6.12's predates some of its keys.
tpstat_cli() {
	cli --spec "$SPEC" --no-schema "$@"
}

suite_load

# --- the spec against the module's policy ------------------------------------
cli --spec "$TPSTAT_YNL/Documentation/netlink/specs/nlctrl.yaml" \
	--no-schema --dump getpolicy --json '{"family-name": "tpstat"}' \
	> "$TMP/policy.json" 2> "$TMP/err"
check_eq "nlctrl reports the family's policy" 0 $?
"$PY" "$here/../ynl/check_spec.py" policy "$SPEC" "$TMP/policy.json" > "$TMP/out" 2>&1
check_eq "the spec agrees with the module's policy" 0 $?
sed 's/^/# /' "$TMP/out" "$TMP/err"

# --- list-events ---------------------------------------------------------------
tpstat_cli --dump list-events > "$TMP/events.json" 2> "$TMP/err"
check_eq "list-events dumps" 0 $?
jq -r '.[] | "\(.["event-name"]) \(.["event-state"])"' "$TMP/events.json" |
	LC_ALL=C sort > "$TMP/events"
check "list-events gives every event and state debugfs has" \
	diff "$TMP/events" "$DBG/events"
check_eq "every event has a distinct id" "$(wc -l < "$DBG/events")" \
	"$(jq '[.[]["event-id"]] | unique | length' "$TMP/events.json")"
tpstat_cli --dump list-events --json '{"glob": "udp:*,neigh:*"}' > "$TMP/some.json"
check_eq "list-events with a glob gives the matching events" \
	"$(grep -cE '^(udp|neigh):' "$DBG/events")" "$(jq length "$TMP/some.json")"

# --- get-info ------------------------------------------------------------------
tpstat_cli --do get-info > "$TMP/info.json"
check_eq "get-info: the kernel" "$(uname -r)" "$(jq -r '.["info-kernel"]' "$TMP/info.json")"
check_eq "get-info: the events" "$(wc -l < "$DBG/events")" \
	"$(jq -r '.["info-events"]' "$TMP/info.json")"

# --- attach, counters, detach, reset --------------------------------------------
state() { awk -v e="$1" '$1 == e { print $2 }' "$DBG/events"; }
ev=sock:inet_sock_set_state
tpstat_cli --do detach --json "{\"glob\": \"$ev\"}" > /dev/null
check_eq "detach through cli.py" detached "$(state $ev)"
tpstat_cli --do attach --json "{\"glob\": \"$ev\"}" > /dev/null
check_eq "attach through cli.py" attached "$(state $ev)"
"$NETLOAD" tcp-refused 127.0.0.1 5310 3 > /dev/null
quiesce
tpstat_cli --dump get-counters --json "{\"glob\": \"$ev\"}" > "$TMP/counters.json"
check_eq "get-counters equals debugfs for $ev" \
	"$(awk -v e="$ev" '$1 == e { print $2 }' "$DBG/counters")" \
	"$(jq -r --arg e "$ev" '.[] | select(.["counter-name"] == $e) | .["counter-value"]' "$TMP/counters.json")"
check "... and moved" test "$(jq -r --arg e "$ev" '.[] | select(.["counter-name"] == $e) | .["counter-value"]' "$TMP/counters.json")" -gt 0
# The resets view through the spec: a refused connect's reset is the
# client's (active), under the remote port, 5310.
tpstat_cli --dump get-view --json '{"view": "resets"}' > "$TMP/resets.json"
check_eq "get-view resets: 3 received on the active end of remote port 5310" 3 \
	"$(jq '[.[] | select(.direction == "active" and .dport == 5310) | .["rst-received"]] | add' "$TMP/resets.json")"
tpstat_cli --do reset --json "{\"glob\": \"$ev\"}" > /dev/null
check_eq "reset through cli.py zeroes $ev" 0 \
	"$(awk -v e="$ev" '$1 == e { print $2 }' "$DBG/counters")"

# --- a bad request gets the module's extack -----------------------------------------
tpstat_cli --do attach --json '{"glob": "nosuch:thing"}' > "$TMP/out" 2>&1
check "a glob that matches nothing is refused" test $? -ne 0
check "... with the module's reason" grep -q "matches no tracepoint" "$TMP/out"
sed 's/^/# /' "$TMP/out" | tail -3

suite_end
