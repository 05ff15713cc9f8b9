#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs the exporter as its systemd unit runs it, where no systemd is PID 1
# (the test guest): ExecStart, User=/DynamicUser=, CapabilityBoundingSet=,
# AmbientCapabilities= and NoNewPrivileges= come from the unit file itself,
# and setpriv applies them; each ReadWritePaths= directory is a fresh
# root-owned 0755 directory (as Debian's prometheus-node-exporter ships
# its textfile directory) in a private mount namespace, the rest of / is
# read-only as in the guest (ProtectSystem=strict).  Then the .prom file
# it wrote must say tpstat_up 1 and have every metric family that a run
# of "REFERENCE export" with all capabilities has, and that reference
# every family the exporter's code declares (ctl/*.c, ctl/views/*.c) except those it
# cannot have here: tpstat_derived_total (only for counters newer than
# the tool) and a view's families where the kernel refuses the view to
# root as well (tpstat <view> fails: e.g. auth before 6.7).  The module
# must be loaded, and its views filled (fill_views.sh).
#   tests/deploy/unit.sh <unit file> <reference tpstat> <label>
# Prints TAP lines (no summary: for guest.sh, with lib.sh sourced) and
# exits 0 only if all of them passed.
set -uo pipefail

unit=$1 ref=$2 label=$3
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
say() {
	if [ "$1" = 0 ]; then
		echo "ok - $label: $2"
	else
		echo "not ok - $label: $2"
		failed=1
	fi
}

# key <name>: each value of a [Service] or [Unit] key, one a line, with
# systemd's rule that an empty assignment resets the list before it.
key() {
	awk -v k="$1" -F= '
		/^[ \t]*[#;]/ { next }
		$1 == k { v = substr($0, length(k) + 2); if (v == "") n = 0; else l[n++] = v }
		END { for (i = 0; i < n; i++) print l[i] }' "$unit"
}
# caps <name>: the capabilities of such a list, as setpriv names them
# ("net_admin,sys_time"); "~" (all but) is not supported.
caps() {
	key "$1" | tr ' ' '\n' | awk '
		/^~/ { print "unsupported: " $0 > "/dev/stderr"; exit 1 }
		/^CAP_/ { c[tolower(substr($0, 5))] = 1 }
		END { for (k in c) s = s (s ? "," : "") k; print s }'
}
plus() { [ -n "$1" ] && echo ",+${1//,/,+}"; }

exec_start=$(key ExecStart | tail -1)
case $exec_start in
[-@+!:]*) say 1 "ExecStart has no prefix setpriv cannot mirror ($exec_start)"; exit 1 ;;
esac
read -ra argv <<< "$exec_start"
user=$(key User | tail -1) dynamic=$(key DynamicUser | tail -1)
bounding=$(caps CapabilityBoundingSet) || exit 1
ambient=$(caps AmbientCapabilities) || exit 1
# No CapabilityBoundingSet= at all: systemd leaves the full set.
[ -z "$(key CapabilityBoundingSet)" ] && ! grep -q '^CapabilityBoundingSet=' "$unit" &&
	bounding=all
if [ -n "$user" ]; then
	uid=$(id -u "$user") gid=$(id -g "$user") || exit 1
elif [ "$dynamic" = yes ]; then
	uid=61184 gid=61184	# the first of systemd's dynamic range
else
	uid=0 gid=0
fi
nnp=()
[ "$(key NoNewPrivileges | tail -1)" = yes ] && nnp=(--no-new-privs)
if [ "$bounding" = all ]; then bset=+all; else bset="-all$(plus "$bounding")"; fi
priv=(setpriv --reuid "$uid" --regid "$gid" --clear-groups
	--inh-caps "-all$(plus "$ambient")" --ambient-caps "-all$(plus "$ambient")"
	--bounding-set "$bset" "${nnp[@]}")
echo "# $label: ${priv[*]} -- ${argv[*]}"

# In a mount namespace of its own: a tmpfs on each ReadWritePaths=
# directory (or on its nearest existing parent, which gets the directory).
mapfile -t rw < <(key ReadWritePaths | tr ' ' '\n' | sed '/^$/d')
# shellcheck disable=SC2016 # expanded by the inner bash
unshare -m bash -c '
	out=$1 n=$2
	shift 2
	dirs=("${@:1:n}")
	shift "$n"
	for d in "${dirs[@]}"; do
		m=$d
		while [ ! -d "$m" ]; do m=$(dirname "$m"); done
		mount -t tmpfs -o mode=0755 tpstat-rw "$m" && mkdir -p -m 0755 "$d" || exit 125
	done
	"$@" > "$out/stdout" 2> "$out/stderr"
	echo $? > "$out/status"
	for d in "${dirs[@]}"; do
		find "$d" -maxdepth 1 -name "*.prom" -exec cp {} "$out/" \;
	done
' _ "$tmp" "${#rw[@]}" "${rw[@]}" "${priv[@]}" -- "${argv[@]}"
say "$(cat "$tmp/status" 2> /dev/null || echo 1)" "the unit's ExecStart exits 0 under its privileges"
sed 's/^/# stderr: /' "$tmp/stderr" | head -5
mapfile -t proms < <(find "$tmp" -maxdepth 1 -name '*.prom')
say "$([ ${#proms[@]} = 1 ]; echo $?)" "it wrote one .prom file into ReadWritePaths= (${proms[*]##*/})"
prom=${proms[0]:-/dev/null}
say "$([ "$(awk '$1 == "tpstat_up" { print $2 }' "$prom")" = 1 ]; echo $?)" "tpstat_up 1"

families() { awk '$1 == "#" && $2 == "TYPE" { print $3 }' "$@" | LC_ALL=C sort -u; }
"$ref" export > "$tmp/reference" 2> "$tmp/reference.err"
families "$tmp/reference" > "$tmp/want"
families "$prom" > "$tmp/got"
say "$([ "$(awk '$1 == "tpstat_up" { print $2 }' "$tmp/reference")" = 1 ]; echo $?)" \
	"the fully privileged export (the reference) says tpstat_up 1"
missing=$(comm -23 "$tmp/want" "$tmp/got" | tr '\n' ' ')
say "$([ -z "$missing" ] && [ -s "$tmp/want" ]; echo $?)" \
	"every metric family of a fully privileged export ($(wc -l < "$tmp/want")) is in its file${missing:+ (missing: $missing)}"

# The reference against the code: "tpstat_x", "counter" in ctl/*.c and ctl/views/*.c.
absent=
while IFS=: read -r file fam; do
	grep -qx "$fam" "$tmp/want" && continue
	[ "$fam" = tpstat_derived_total ] && continue
	view=$(sed -n -e 's/^\t\.name = "\(.*\)",$/\1/p' \
		-e 's/^\tVIEW_OPS_[A-Z]*([A-Z_]*, \([a-z_]*\)),$/\1/p' "$file" | head -1)
	# With every capability (and the module answering: tpstat_up 1
	# above), a refusal is the module's: the kernel lacks the view's
	# tracepoints, or views= left it out.
	if [ -n "$view" ] && ! "$ref" "$view" > /dev/null 2> "$tmp/view.err"; then
		echo "# $label: $fam: root is refused the $view view too: $(head -1 "$tmp/view.err")"
		continue
	fi
	absent+="$fam "
done < <(grep -oE '"tpstat_[a-z0-9_]+", "(counter|gauge|histogram)"' "$top"/ctl/*.c "$top"/ctl/views/*.c |
	sed 's/"\([a-z0-9_]*\)".*/\1/')
say "$([ -z "$absent" ]; echo $?)" \
	"the fully privileged export has every family the exporter's code declares${absent:+ (not: $absent)}"
exit $failed
