#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: install what is missing, build tpstat for every kernel of the
# matrix, boot each under QEMU and run its tier's tests; the host's own
# checks and the deployment tests run beside them.  Every test prints a
# TAP line; the last line is "<N> passed, <M> failed".  Logs:
# build/check/<kernel>/.
#
# The tiers (docs/kernels.md says what each runs):
#   contract  every kernel and architecture, every run: what can differ
#             by kernel or architecture, in one boot (tests/net/contract.sh
#             and the endianness check, tests/net/endian.sh): the build
#             with W=1, loading with the default events and with every
#             one, every attached tracepoint exact against ftrace, every
#             view through netlink and debugfs, bad requests and a short
#             fuzz, rmmod with a dump held, a clean kernel log.
#   full      Debian 12's 6.1 and 6.12, every run, after their contract:
#             the deep suites, each kernel's own every run and the ones
#             the two share in halves they swap run by run (half_of).
#   debug     the debug kernels built from Debian's 6.1 and from
#             trixie-backports' 7.3 (KASAN, lockdep/PROVE_RCU, kmemleak,
#             KUnit, no BPF), every run: the contract, then of the
#             monitor's alerts, the recorder's bursts, the storms and the
#             hostile user the half the run gives each (half_of), then
#             KUnit.
#   basic     the deep tier of every other kernel of tests/matrix/kernels.conf
#             (monitor.sh, run.sh, netns.sh, tenants.sh, stress.sh,
#             adversary.sh, auth.sh, events.sh), in the same boot as its contract, and
#             the opt-in debug 5.10: a rotation (tests/plan.py).  Each
#             run takes the deep tiers that passed longest ago, as the
#             committed docs/check-results.md records, as many as fit
#             TPSTAT_CHECK_BUDGET (minutes of jobs on two cores, default
#             38), and at least one; a run that builds a debug kernel
#             (a cold one) takes one only.  A deep tier too long for
#             one run's room is cut in parts, each a turn of its own:
#             32-bit ARM's (kernels.conf's "parts") and the debug 5.10's.
# Two jobs run side by side (TPSTAT_CHECK_JOBS, default 2), one per core:
# a job is a kernel, the deployment, or the host's own checks.  Each
# job's time is printed at the end.
# TPSTAT_KERNELS: kernels picked by hand, each with every tier it has:
# names of kernels.conf, deb-6.1, deb-6.12, debug-6.1, debug-7.3,
# debug-5.10 (space or comma separated); the deployment and the host's
# checks run only without it.  TPSTAT_MATRIX=none leaves the matrix out.
# TPSTAT_PLAN_ONLY=1 prints which tiers the run would take, and stops.
# TPSTAT_ROTATION=none: the matrix kernels' contract tiers alone (with
# TPSTAT_KERNELS, of the kernels named).
# TPSTAT_ROTATION=all (make check-all): every deep tier, the debug 5.10
# and the whole hostile user (TPSTAT_ADVERSARY=all: with its floods and
# namespaces arming on the basic kernels too).
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

pass=0 fail=0 todo=0 failed=()
# Counts and echoes TAP lines ("ok ..." / "not ok ...") read on stdin.
# A "not ok ... # TODO" line is TAP's known failure: counted apart (the
# last line says how many), never as passed.
# Call it as "tally < <(...)", not in a pipeline: the counts must
# survive in this shell.
tally() {
	local line
	while IFS= read -r line; do
		case $line in
		"not ok "*"# TODO"*) todo=$((todo + 1)); echo "$line" ;;
		"ok "*) pass=$((pass + 1)); echo "$line" ;;
		"not ok "*) fail=$((fail + 1)); failed+=("$line"); echo "$line" ;;
		esac
	done
}
tap() { # <0|status> <description>: one TAP line
	if [ "$1" = 0 ]; then echo "ok - $2"; else echo "not ok - $2"; fi
}
result() { tally <<< "$(tap "$@")"; }
# Prefixes each TAP line's description with the kernel's name.
label() { sed -E "s/^(not )?ok [0-9]* ?- /\1ok - $1: /"; }

# The whole run's time, for the results' header (SECONDS is reused below).
check_start=$(date +%s)
SECONDS=0
tests/deps.sh || { echo "not ok - installing dependencies"; echo "0 passed, 1 failed"; exit 1; }
echo "# dependencies: ${SECONDS}s"

# The same sources are compiled for one kernel up to four times (DKMS,
# its Debian package, make install, the kernel's job), and again on the
# next run: ccache's compilers (Debian's /usr/lib/ccache, first in PATH,
# where DKMS and dpkg keep it) give the later ones the first one's
# objects and warnings.  Keyed by the preprocessed source and the
# compiler, so nothing stale is reused.
export PATH=/usr/lib/ccache:$PATH
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/tpstat/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-2G}

logs=$top/build/check
if [ -n "${TPSTAT_PLAN_ONLY:-}" ]; then
	# A plan alone leaves the logs of a run (perhaps still going) be.
	logs=$(mktemp -d)
	trap 'rm -rf "$logs"' EXIT
else
	rm -rf "$logs"
fi
mkdir -p "$logs"

# ---- which kernels, and which tiers each runs ----
mapfile -t conf_names < <(awk '!/^(#|$)/ { print $1 }' tests/matrix/kernels.conf)
[ "${TPSTAT_ROTATION:-}" = all ] && export TPSTAT_ADVERSARY=all
# The debug and basic tiers' deep suites in parts of about equal time:
# a deep tier too long for one run's room (parts_of) is cut there, each
# part a turn of the rotation.  On 32-bit ARM the plain Kbuild goes with
# the last part; on the debug kernels KUnit ("KUnit": after the suites,
# in the same boot) with the one that lists it.
debug_parts=("monitor.sh history.sh" "stress.sh KUnit" "adversary.sh")
basic_parts=("monitor.sh run.sh netns.sh tenants.sh" "stress.sh adversary.sh auth.sh events.sh")
# The suites both kernels of a pair run (Debian 12's 6.1 and 6.12; the
# debug 6.1 and 7.3), in two halves of about equal time: in a make check
# the pair's first kernel runs one half and its second the other, and
# the next run swaps them (half_of).  Every such suite runs on one of
# the pair every run, and on each kernel every second run; each kernel's
# own suites, and KUnit, run every run.  Named by hand or in make
# check-all, each runs both halves.
host_halves=("monitor.sh run.sh netns.sh events.sh" "history.sh stress.sh adversary.sh")
debug_halves=("monitor.sh adversary.sh" "history.sh stress.sh")

by_hand=${TPSTAT_KERNELS:-}
# Part K alone of a debug or basic kernel's deep tier, by hand: NAME/K.
hand_parts=()
if [ -n "$by_hand" ]; then
	host_kernels='' debug_kernels='' matrix_names=()
	for k in ${by_hand//,/ }; do
		if [[ $k =~ ^(.*)/([1-9])$ ]] && [[ ${BASH_REMATCH[1]} != deb-* ]]; then
			n=${#basic_parts[@]}
			[[ $k == debug-* ]] && n=${#debug_parts[@]}
			((BASH_REMATCH[2] <= n)) || { echo "TPSTAT_KERNELS: $k: its deep tier has $n parts"; exit 2; }
			hand_parts+=("$k")
			k=${BASH_REMATCH[1]}
		fi
		case $k in
		deb-6.1 | deb-6.12) host_kernels+=" $k" ;;
		debug-6.1 | debug-7.3 | debug-5.10) debug_kernels+=" ${k#debug-}" ;;
		*)
			[[ " ${conf_names[*]} " == *" $k "* ]] ||
				{ echo "TPSTAT_KERNELS: no kernel '$k' (deb-6.1, deb-6.12, debug-6.1, debug-7.3, debug-5.10, ${conf_names[*]}; NAME/K for part K alone of a debug or matrix kernel's deep tier)"; exit 2; }
			matrix_names+=("$k") ;;
		esac
	done
else
	host_kernels='deb-6.1 deb-6.12' debug_kernels='6.1 7.3' matrix_names=("${conf_names[@]}")
	[ "${TPSTAT_MATRIX:-}" = none ] && matrix_names=()
fi

# The rotation: whose deep tier runs (tests/plan.py), from the times and
# last passes the committed docs/check-results.md records.  A debug
# kernel to build first makes a cold run: one deep tier then.
deep=()
if [ "${TPSTAT_ROTATION:-}" = none ]; then
	: # every matrix kernel's contract alone
elif [ -n "$by_hand" ] || [ "${TPSTAT_ROTATION:-}" = all ]; then
	deep=("${hand_parts[@]}")
	for k in "${matrix_names[@]}"; do
		[[ " ${hand_parts[*]} " == *" $k/"* ]] || deep+=("$k")
	done
	[ -z "$by_hand" ] && debug_kernels+=' 5.10'
else
	cold=
	for v in $debug_kernels; do
		tests/kernel/debug-kernel.sh --version "$v" --cached >/dev/null 2>&1 || cold=--only-one
	done
	build_510=0
	tests/kernel/debug-kernel.sh --version 5.10 --cached >/dev/null 2>&1 || build_510=900
	mapfile -t deep < <({
		echo "deployment fixed 700 0"
		echo "host fixed 300 0"
		for k in $host_kernels; do echo "$k fixed 100 700"; done
		for v in $debug_kernels; do echo "debug-$v fixed 200 900"; done
		# The debug 5.10 only where no debug kernel is to be built: a
		# cold run (CI's new machine) has two to build already.  Its
		# deep tier in parts, each a turn.
		[ -z "$cold" ] && echo "debug-5.10 extra $((300 + build_510)) 900 ${#debug_parts[@]}"
		# A kernel kernels.conf marks "contract" keeps its deep tier out
		# of the rotation (make check-all and TPSTAT_KERNELS still run it).
		# "parts": a deep tier in parts.
		awk -v names=" ${matrix_names[*]} " -v n=${#basic_parts[@]} '!/^(#|$)/ && index(names, " " $1 " ") {
			print $1, $5 == "contract" ? "alone" : "contract", $3 == "amd64" ? 200 : 300,
				600, ($5 == "parts" ? n : 1) }' tests/matrix/kernels.conf
	} | python3 tests/plan.py --results docs/check-results.md --jobs "${TPSTAT_CHECK_JOBS:-2}" \
		--budget $((${TPSTAT_CHECK_BUDGET:-38} * 60)) $cold 2>"$logs/plan.log")
	cat "$logs/plan.log"
	[[ " ${deep[*]} " == *" debug-5.10"[\ /]* ]] && debug_kernels+=' 5.10'
fi
# half_of KEY: the half of its pair's shared suites KEY runs (1 or 2),
# nothing where it runs both: the pair's first kernel the other half
# than its row in the committed docs/check-results.md says it ran
# (half 1 where it says none), the second kernel the half the first
# does not run.
half_of() {
	local first last h
	[ -z "$by_hand" ] && [ "${TPSTAT_ROTATION:-}" != all ] || return 0
	case $1 in
	deb-6.1 | debug-6.1) first=$1 ;;
	deb-6.12) first=deb-6.1 ;;
	debug-7.3) first=debug-6.1 ;;
	*) return 0 ;;
	esac
	last=$(awk -F'|' -v k="$first" '{ gsub(/ /, "", $2) } $2 == k { print $5; exit }' \
		docs/check-results.md | sed -n 's/.*shared half \([12]\).*/\1/p')
	h=1
	[ "${last:-2}" = 1 ] && h=2
	[ "$first" = "$1" ] || h=$((3 - h))
	echo "$h"
}
# deep_tier NAME TIER: NAME's tier in this run: TIER if the rotation
# took its deep tier whole (or every part of it), TIER:K if it took part
# K alone, nothing if it took none of it.
deep_tier() {
	local d taken=()
	for d in "${deep[@]}"; do
		[ "$d" = "$1" ] && { echo "$2"; return; }
		[[ $d == "$1"/* ]] && taken+=("${d##*/}")
	done
	case ${#taken[@]} in
	0) ;;
	1) echo "$2:${taken[0]}" ;;
	*) echo "$2" ;;
	esac
}
deep_list=$host_kernels
for v in $debug_kernels; do deep_list+=" debug-$v"; done
echo "# the contract tiers of:$deep_list ${matrix_names[*]}"
shown=$deep_list
[[ " ${deep[*]} " == *" debug-5.10"[\ /]* ]] && shown=${shown/ debug-5.10/}
echo "# the deep tiers of:$shown${deep[*]:+ ${deep[*]}}"
# TPSTAT_PLAN_ONLY=1: say what the run would take, and stop.
[ -n "${TPSTAT_PLAN_ONLY:-}" ] && exit 0

# The matrix's downloads and chroots need the network more than the
# cores: they go on while the debug kernels build.
if [ ${#matrix_names[@]} -gt 0 ]; then
	{
		# The foreign guests' roots, downloaded beside the kernels.  Eight
		# debootstraps at once on a new machine: the mirror refused one
		# package each to two of them (riscv64, mips64el) in one cold
		# run, so a root that failed is made again, twice at most, here
		# rather than in its kernel's job.
		while read -r arch; do
			for try in 1 2 3; do
				tests/vm/root.sh "$arch" >/dev/null 2>>"$logs/roots.log" && break
				echo "check: the $arch root failed (try $try of 3)" >>"$logs/roots.log"
				sleep $((try * 20))
			done &
		done < <(awk -v names=" ${matrix_names[*]} " \
			'!/^(#|$)/ && $3 != "amd64" && index(names, " " $1 " ") { print $3 }' \
			tests/matrix/kernels.conf | sort -u)
		tests/matrix/fetch.sh "${matrix_names[@]}" >"$logs/matrix.list" 2>"$logs/matrix.log"
		st=$?
		wait
		exit $st
	} &
else
	: >"$logs/matrix.list"
	: >"$logs/matrix.log"
	true &
fi
fetch_pid=$!
# The kernel's YNL client for ynl.sh, from Debian's linux-source-6.12.
tests/ynl/fetch.sh >"$logs/ynl.dir" 2>"$logs/ynl.log" &
ynl_pid=$!

for v in $debug_kernels; do
	SECONDS=0
	tests/kernel/debug-kernel.sh --version "$v" >/dev/null 2>"$logs/debug-kernel-$v.log"
	st=$?
	result $st "debug kernel $v built (or cached) in ${SECONDS}s"
	[ $st = 0 ] || tail -20 "$logs/debug-kernel-$v.log"
done

# The guests run build/ctl/tpstat and build/tools/: built before any boots.
make -s tools ctl >/dev/null
result $? "test tools and the tpstat tool build (-Wall -Wextra -Werror)"

# ---- the host's own checks: TAP lines on stdout ----
host_checks() {
	make -s -C ctl test O="$top/build/ctl" >build/ctl-unit.log 2>&1
	sed -n 's/^\([0-9]*\) passed, 0 failed$/ok - ctl unit tests: \1 passed/p; s/^FAIL /not ok - ctl unit: /p' \
		build/ctl-unit.log
	grep -qE '^[0-9]+ passed, 0 failed$' build/ctl-unit.log
	tap $? "ctl unit tests ran to their end"
	# tpstat doctor's Prometheus rules and the Grafana dashboard against
	# the captured exports of doctor.sh (tests/fleet/check.sh).
	tests/fleet/check.sh "$top/build/ctl" >"$logs/fleet.log" 2>&1
	tap $? "the Prometheus rules and the Grafana dashboard: $(tail -1 "$logs/fleet.log")"
	grep -v '^ok - ' "$logs/fleet.log" | sed 's/^/# /'
	# The same tests built for each foreign architecture of the matrix,
	# under qemu-user: its byte order and word size without a boot.
	local arches
	arches=$(awk '!/^(#|$)/ && $3 != "amd64" { print $3 }' tests/matrix/kernels.conf | sort -u)
	# shellcheck disable=SC2086 # a list of architectures
	tests/matrix/ctl_qemu_user.sh $arches 2>"$logs/ctl-qemu-user.log"
	tap $? "ctl unit tests under qemu-user ran on $(echo "$arches" | wc -w) architectures"
	local dest
	dest=$(mktemp -d)
	make -s install DESTDIR="$dest" PREFIX=/usr >"$logs/install.log" 2>&1 &&
		"$dest/usr/sbin/tpstat" help >/dev/null &&
		test -s "$dest/usr/share/man/man8/tpstat.8" &&
		bash -n "$dest/usr/share/bash-completion/completions/tpstat"
	tap $? "make install places the tool, its man page and completion"
	rm -rf "$dest"
	# The uapi header is generated from the YNL spec (make uapi): the
	# kernel's generator, which also holds the spec to its schema, must
	# make the committed header again.
	local ksrc
	ksrc=$(tests/kernel/debug-kernel.sh --cached --source --version 7.3) &&
		tests/ynl/gen_uapi.sh "$ksrc" 2>"$logs/uapi.log" |
		diff -u uapi/linux/tpstat.h - >>"$logs/uapi.log"
	tap $? "uapi/linux/tpstat.h is what the kernel's YNL generator (7.3) makes of uapi/tpstat.yaml (make uapi)"
	head -40 "$logs/uapi.log" | sed 's/^/# /'
	/usr/bin/python3 tests/ynl/check_spec.py widths uapi/tpstat.yaml \
		ctl/attr_order.c >"$logs/spec-widths.log" 2>&1
	tap $? "the YNL spec agrees with the tool's attribute widths (a history file's byte order)"
	sed 's/^/# /' "$logs/spec-widths.log"
	# The rotation's plan (tests/plan.py) on made-up tables of results.
	/usr/bin/python3 tests/test_plan.py >"$logs/test_plan.log" 2>&1
	tap $? "the rotation's plan: $(grep -c '^ok ' "$logs/test_plan.log") of $(grep -cE '^(not )?ok ' "$logs/test_plan.log") cases"
	grep '^not ok' "$logs/test_plan.log" | sed 's/^/# /'
	# The benchmark's code (make bench itself boots for half an hour): the
	# workloads build -Werror, the floor module W=1 clean for each Debian
	# kernel.
	bench/smoke.sh 2>&1
}

wait "$ynl_pid"
result $? "the kernel's YNL client (tools/net/ynl) fetched"
TPSTAT_YNL=$(cat "$logs/ynl.dir")
export TPSTAT_YNL

SECONDS=0
wait "$fetch_pid"
result $? "kernel matrix fetched: ${matrix_names[*]:-none} (${SECONDS}s more)"
sed -n 's/^.*resolved: /# resolved: /p' "$logs/matrix.log"

# What Kbuild needs for a foreign target (Debian's architecture name),
# and the cross compiler's name for the tool and the test tools.
# shellcheck source=tests/matrix/cross.sh
. tests/matrix/cross.sh
cross_vars() {
	local karch triplet
	read -r karch triplet < <(cross_of "$1") || return 1
	echo "ARCH=$karch CROSS_COMPILE=$triplet-"
}
cross_cc() { cross_vars "$1" | sed 's/.*CROSS_COMPILE=\(.*\)$/\1gcc/'; }
# debug-6.1.192 -> 6.1, debug-5.10.247 -> 5.10
debug_version() { echo "$1" | sed -E 's/^debug-([0-9]+\.[0-9]+).*/\1/'; }
# parts_of NAME [suites]: how many parts NAME's deep tier is cut into,
# each a turn of the rotation (the debug 5.10's; kernels.conf's
# "parts"), 1 if it is not; with "suites", each part's suites, "|"
# between (what results.sh reads of a kernel whose contract alone ran).
parts_of() {
	local n=1 list=("${basic_parts[@]}")
	[[ $1 == debug-* ]] && list=("${debug_parts[@]}")
	case $1 in
	debug-5.10*) n=${#list[@]} ;;
	debug-* | deb-*) ;;
	*) awk -v k="$1" '$1 == k && $5 == "parts" { f = 1 } END { exit !f }' \
		tests/matrix/kernels.conf && n=${#list[@]} ;;
	esac
	if [ -z "${2:-}" ]; then
		echo "$n"
	else
		(IFS='|'; echo "${list[*]}")
	fi
}
# A job's name as the results and the rotation know it, whatever the
# kernel's revision: deb-6.1.0-56-amd64 -> deb-6.1, debug-6.1.192 ->
# debug-6.1, a matrix kernel's name as it is.
key_of() { echo "$1" | sed -E 's/^(deb|debug)-([0-9]+\.[0-9]+)[.-].*/\1-\2/'; }

# ---- a kernel's module build, kept by its inputs ----
# The module of a commit whose module sources did not change is the same
# module: it is kept under ~/.cache/tpstat/modules, keyed by the content
# of every file the build reads from the tree (DKMS_FILES, the build
# scripts), the kernel's configuration, release and symbols, the
# compiler and the make variables, with the build's log, whose warnings
# are judged again on every run.  A change to any of them builds anew.
module_cache=$HOME/.cache/tpstat/modules
# kernel_inputs NAME ENV ARCH KBUILD: the kernel's and the compiler's
# part of the keys below.
kernel_inputs() {
	local name=$1 env=$2 arch=$3 kbuild=$4 f
	echo "$name $env $arch $kbuild"
	for f in .config include/config/kernel.release include/generated/autoconf.h \
		 Module.symvers .kernelvariables; do
		[ -e "$kbuild/$f" ] && cksum <"$kbuild/$f"
	done
	case $env in
	host) gcc --version | head -1 ;;
	cross) "$(cross_cc "$arch")" --version | head -1; cross_vars "$arch" ;;
	# A chroot's compilers are its packages.
	*) cksum <"$env/var/lib/dpkg/status" ;;
	esac
}
# build_key NAME ENV ARCH KBUILD: that key.
build_key() {
	{
		git ls-files -z -- Makefile Kbuild module uapi kunit tests/matrix/build.sh \
			tests/matrix/cross.sh tests/matrix/lib.sh |
			xargs -0 sha256sum
		kernel_inputs "$@"
	} | sha256sum | cut -c1-16
}
# cached_build KEY OUTDIR LOG: the kept module into OUTDIR, its log to LOG.
cached_build() {
	local kept=$module_cache/$1
	[ -f "$kept/build.log" ] || return 1
	touch "$kept" # used: kept_prune leaves it
	mkdir -p "$2/generated"
	cp "$kept"/*.ko "$2/" && cp "$kept"/generated/* "$2/generated/" &&
		cat "$kept/build.log" >"$3" &&
		echo "# the module of $(cat "$kept/commit") (the same inputs), kept" >>"$3"
}
# keep_build KEY OUTDIR LOG: keeps OUTDIR's module and LOG's lines.
keep_build() {
	local kept=$module_cache/$1 tmp
	mkdir -p "$module_cache"
	tmp=$(mktemp -d "$module_cache/.new.XXXXXX") || return 0
	mkdir "$tmp/generated"
	if cp "$2"/*.ko "$tmp/" && cp "$2"/generated/*.h "$tmp/generated/" &&
		grep -v '^# the module of ' "$3" >"$tmp/build.log" &&
		git rev-parse --short HEAD >"$tmp/commit"; then
		rm -rf "$kept" && mv "$tmp" "$kept" && kept_prune && return 0
	fi
	rm -rf "$tmp"
}
# kept_prune: the modules no run has used for 7 days go (each module
# source change keys a new one for every kernel, 1 to 4 MB each).
kept_prune() {
	find "$module_cache" -mindepth 1 -maxdepth 1 -type d -mtime +7 \
		-exec rm -rf {} + 2>/dev/null
	return 0
}

# ---- a kernel's feature tests' answers, kept by their inputs ----
# module/build.sh asks the kernel its questions (conftest.sh and
# genprobes.sh, two Kbuild passes: 40 to 60 s a kernel, most of a build
# that ccache's hits make short) and keeps the answers in
# build/<release>/generated/, with a key of what they were asked from.
# A fresh clone has no build/, and a change to the module's sources asks
# them again: so the answers are kept under ~/.cache/tpstat/features
# too, keyed by the questions (the feature tests, the events' list, the
# scripts) and the kernel, and put back before a build.  build.sh's own
# key still decides whether it asks again.
features_cache=$HOME/.cache/tpstat/features
# features_key NAME ENV ARCH KBUILD: that key.
features_key() {
	{
		git ls-files -z -- module/build.sh module/conftest.sh module/conftest \
			module/probes/genprobes.sh module/counters/events.h |
			xargs -0 sha256sum
		kernel_inputs "$@"
	} | sha256sum | cut -c1-16
}
# features_restore KEY DIR: the kept answers into DIR (a build's
# generated/), if there are any.
features_restore() {
	[ -d "$features_cache/$1" ] || return 0
	mkdir -p "$2" && cp -p "$features_cache/$1"/* "$2/"
}
# features_keep KEY DIR: keeps DIR's answers, whole or not at all.
features_keep() {
	local tmp
	mkdir -p "$features_cache"
	tmp=$(mktemp -d "$features_cache/.new.XXXXXX") || return 0
	if cp -p "$2"/tpstat_*.h "$2"/*.key "$2"/*.notes "$tmp/" 2>/dev/null; then
		rm -rf "${features_cache:?}/$1" && mv "$tmp" "$features_cache/$1" && return 0
	fi
	rm -rf "$tmp"
}

# ---- one kernel: build, boot, its tier's suites ----
# kernel_job NAME TIER ARCH IMAGE KBUILD MODREL MODROOT ENV APPEND
# Runs in the background: writes TAP lines to build/check/NAME.tap and
# its time to build/check/NAME.time; the main shell tallies them.
kernel_job() {
	local name=$1 tier=$2 arch=$3 image=$4 kbuild=$5 modrel=$6 modroot=$7
	local env=$8 append=$9 dir=$logs/$1 tap=$logs/$1.tap kver st cc
	local vm suites ended stress_secs fuzz_n kunit bkey fkey part='' nparts
	# "basic:1": part 1 alone of a deep tier in parts (deep_parts).
	case $tier in *:*) part=${tier#*:} tier=${tier%%:*} ;; esac
	nparts=$(parts_of "$name")
	SECONDS=0
	mkdir -p "$dir"
	: >"$tap"
	key_of "$name" >"$logs/$name.key"
	emit() { if [ "$1" = 0 ]; then echo "ok - $name: $2"; else echo "not ok - $name: $2"; fi >>"$tap"; }

	# Debian's 6.1 headers say "6.1.192" there: prefer the modules dir name.
	kver=$modrel
	[ "$kver" = - ] && kver=$(cat "$kbuild/include/config/kernel.release")
	echo "$kver" >"$logs/$name.release"
	bkey=$name-$(build_key "$name" "$env" "$arch" "$kbuild")
	if cached_build "$bkey" "build/$kver" "$dir/build.log"; then
		st=0
	else
		fkey=$(features_key "$name" "$env" "$arch" "$kbuild")
		case $env in
		host | cross) features_restore "$fkey" "build/$kver/generated" ;;
		esac
		case $env in
		host) make -s module KVER="$kver" KDIR="$kbuild" ;;
		cross)
			# shellcheck disable=SC2046 # the variables are separate words
			make -s module KVER="$kver" KDIR="$kbuild" $(cross_vars "$arch") ;;
		# A later suite's kernel, in its chroot: its answers go in and
		# out of the chroot's build there.
		*) tests/matrix/build.sh "$name" "build/$kver" "$features_cache/$fkey" ;;
		esac >"$dir/build.log" 2>&1
		st=$?
		if [ $st = 0 ]; then
			keep_build "$bkey" "build/$kver" "$dir/build.log"
			case $env in
			host | cross) features_keep "$fkey" "build/$kver/generated" ;;
			esac
		fi
	fi
	# The tool and the test tools of a foreign guest, with the host's
	# cross compiler.
	if [ $st = 0 ] && [ "$arch" != amd64 ]; then
		make -s ctl tools CC="$(cross_cc "$arch")" >>"$dir/build.log" 2>&1
		st=$?
	fi
	cc=$(sed -n 's/^# compiler: //p' "$dir/build.log" | head -1)
	emit $st "tpstat builds W=1 clean against $kver${cc:+ ($cc)}"
	if [ $st != 0 ]; then
		tail -20 "$dir/build.log" | sed 's/^/# /' >>"$tap"
		echo $SECONDS >"$logs/$name.time"
		return
	fi
	grep -q 'warning:' "$dir/build.log" && emit 1 "build log has warnings"
	if [ "$tier" != debug ]; then
		local others
		others=$(tests/kbuild/own_text.sh "build/$kver/tpstat.ko" 2>&1)
		emit $? "every function in tpstat.ko is its own: no out-of-line copy of a kernel inline helper${others:+ (has: ${others//$'\n'/ })}"
	fi
	# The ARM kernels again as Buildroot and Yocto build them: the plain
	# "make -C <kernel> M=.../module" from a clean copy of the tree.
	# One form each: Yocto's on arm64, Buildroot's on 32-bit ARM (the two
	# differ in how make is called, not by architecture).  Each is a
	# whole module build without ccache's hits (90 to 120 s), so it goes
	# with the kernel's deep tier, in the rotation: what it checks is
	# the build's form, which no kernel difference changes between turns.
	if [ "$env" = cross ] && [[ $arch == arm* ]] && [ "$tier" != contract ] &&
		[ "${part:-${#basic_parts[@]}}" = ${#basic_parts[@]} ]; then
		local t=$SECONDS forms=buildroot
		[ "$arch" = arm64 ] && forms=yocto
		TPSTAT_KBUILD_FORMS=$forms tests/kbuild/plain.sh "$kbuild=$kver" >"$dir/kbuild.log" 2>&1
		grep -E '^(not )?ok - |^# ' "$dir/kbuild.log" | label "$name" >>"$tap"
		grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$dir/kbuild.log"
		emit $? "plain Kbuild builds (tests/kbuild/plain.sh) ran to their end in $((SECONDS - t))s"
	fi

	# A guest that hangs fails its job, not the whole run.  Its limit
	# leaves room for a day twice as slow: a deep tier's guest takes up
	# to 1,200 s alone, and debug 6.1's, with adversary.sh, took 1,800 s
	# (every suite passed, KUnit unrun) on a machine with other work
	# beside make check-all; a contract tier's up to 311 s.
	local timeout=2700 built=$SECONDS
	[ "$tier" = contract ] && timeout=900
	vm=(tests/vm/boot.sh --kernel "$image" --timeout "$timeout")
	[ "$modrel" != - ] && vm+=(--modules-release "$modrel")
	[ "$modroot" != - ] && vm+=(--modules-root "$modroot")
	[ -n "$append" ] && vm+=(--append "$append")
	[ "$arch" != amd64 ] && vm+=(--arch "$arch" --root "$(tests/vm/root.sh "$arch")")
	# riscv64 on one vCPU: Debian's kernel there flushes other CPUs' TLBs
	# through the firmware (SBI), and under round-robin TCG each such
	# flush waits for the other vCPU's turn: with two, a fork and exec
	# took 93 ms against 46 ms with one (arm64 with two: 53 ms), and the
	# contract's shell-driven workload doubled.  QEMU 7.2's AIA, which
	# would let the kernel flush by IPI, stalled RCU at boot.  Two CPUs'
	# per-CPU sums are the other architectures' to check.
	[ "$arch" = riscv64 ] && vm+=(--smp 1)
	# The suites of each tier (the header above).  The contract's first
	# on every kernel.  Then monitor.sh: its rate test wants a guest
	# where little has run yet.  Last: events.sh loads sctp, which stays
	# loaded.
	local contract=(contract.sh endian.sh) deep_suites=() deep_parts=()
	case $tier in
	# The views (over IPv4 and IPv6; their decisions are KUnit's on the
	# debug kernels too), the kernel's YNL client, a dead namespace's
	# number reused and socket memory, whose paths 6.1 shares: on Debian
	# 12's newest kernel only.
	# The tool's commands (ctl.sh): on 6.12, whose extack messages are
	# formatted (6.1's are string literals; the adversary's bad
	# requests read those on every kernel).  The filter's addresses and
	# the privilege table, whose netlink and capability paths the two
	# share, every module parameter at and past its limits, and the
	# tenants' charges (tenants.sh), whose paths are the parameters' and
	# the privilege table's: on 6.1, whose extack the parameters'
	# concurrent errors are about.
	# The recorder's bursts (history.sh): on the full and debug tiers;
	# its ring full (history_ring.sh), whose code no kernel changes: 6.12.
	# Doctor's findings against provoked faults (doctor.sh, doctor_paths.sh): 6.12, whose
	# drops have the reasons its rules read.
	full) deep_suites=(monitor.sh run.sh history.sh)
		[[ $name == deb-6.12* ]] && deep_suites+=(ctl.sh)
		deep_suites+=(netns.sh)
		[[ $name == deb-6.1.* ]] && deep_suites+=(tenants.sh)
		[[ $name == deb-6.1.* ]] && deep_suites+=(filter.sh)
		deep_suites+=(stress.sh adversary.sh)
		[[ $name == deb-6.12* ]] &&
			deep_suites+=(views.sh ipv6.sh ynl.sh netns_reuse.sh sockmem.sh history_ring.sh doctor.sh doctor_paths.sh)
		[[ $name == deb-6.1.* ]] && deep_suites+=(params.sh privilege.sh)
		deep_suites+=(auth.sh events.sh) ;;
	# adversary.sh: whole on Debian 12's kernels; on the debug and basic
	# kernels without its floods and namespaces arming
	# (TPSTAT_ADVERSARY_PARTS=), whose code is the same on every kernel:
	# its fuzzing, bad requests and rmmod with readers are what differs
	# (5.10's dumps let a set reserved field through).
	# TPSTAT_ADVERSARY=all runs it whole everywhere.
	# Both in parts (deep_parts), of which a deep tier cut into parts
	# (parts_of) runs the one the rotation took.
	debug) deep_parts=("${debug_parts[@]}") ;;
	basic) deep_parts=("${basic_parts[@]}") ;;
	contract) ;;
	esac
	# A part by hand of a tier not cut in the rotation: its results as
	# the part's.
	[ -n "$part" ] && nparts=${#deep_parts[@]}
	if [ -n "$part" ]; then
		read -ra deep_suites <<<"${deep_parts[part - 1]}"
	elif [ ${#deep_parts[@]} -gt 0 ]; then
		read -ra deep_suites <<<"${deep_parts[*]}"
	fi
	# A pair's shared suites: this run's half of them (half_of).
	local half shared=() keep=() s
	half=$(half_of "$(key_of "$name")")
	case $tier in
	full) shared=("${host_halves[@]}") ;;
	debug) shared=("${debug_halves[@]}") ;;
	esac
	if [ -n "$half" ] && [ ${#shared[@]} = 2 ]; then
		for s in "${deep_suites[@]}"; do
			[[ " ${shared[*]} " == *" $s "* ]] &&
				[[ " ${shared[half - 1]} " != *" $s "* ]] && continue
			keep+=("$s")
		done
		deep_suites=("${keep[@]}")
	fi
	local with_kunit=0
	[[ " ${deep_suites[*]} " == *" KUnit "* ]] && with_kunit=1
	read -ra deep_suites <<<"${deep_suites[*]/KUnit/}"
	# Debian 12's and the debug kernels' own deep suites check what
	# contract.sh does (every event against ftrace, the hostile user's
	# fuzz, bad requests and rmmod with readers): there the endianness
	# check alone, as a contract.sh took 90 to 390 s of their jobs.
	case $tier in full | debug) contract=(endian.sh) ;; esac
	suites=("${contract[@]}")
	if [ ${#deep_suites[@]} -gt 0 ]; then
		suites=(monitor.sh "${contract[@]}" "${deep_suites[@]:1}")
		[ "${deep_suites[0]}" = monitor.sh ] || suites=("${contract[@]}" "${deep_suites[@]}")
	fi
	# What results.sh reads: the tiers, the contract's suites, the deep
	# ones, and a deep tier in parts each part's, "|" between.
	{
		if [ "$tier" = contract ]; then
			echo contract
		else
			echo "contract, $tier${part:+ part $part of $nparts}${half:+, shared half $half of 2}"
		fi
		echo "${contract[*]}"
		echo "${deep_suites[*]}"
		[ "$nparts" -gt 1 ] && parts_of "$name" suites
	} >"$logs/$name.plan"
	# The storms: longest where KASAN and lockdep watch.
	stress_secs=15 parts="flooding arming"
	[ "$tier" = debug ] && stress_secs=40 parts=
	# The fuzzers' requests per sender: under KASAN and lockdep a request
	# costs ten times as much, and the 10,000 of the other kernels took 7
	# of a debug job's 27 minutes.
	fuzz_n=10000
	[ "$tier" = debug ] && fuzz_n=4000
	[ "$tier" = basic ] && parts=
	[ "${TPSTAT_ADVERSARY:-}" = all ] && parts="flooding arming"
	# KUnit in the same boot, after the suites (a boot of a debug
	# kernel takes minutes under TCG).
	kunit=
	[ "$tier" = full ] && with_kunit=1
	[ "$with_kunit" = 1 ] && [ -f "build/$kver/tpstat_kunit.ko" ] && kunit=build/$kver/tpstat_kunit.ko
	# A guest whose task hung on the 9p share (Malta's: boot.sh makes a
	# task hung for 120 s panic there) boots once more, and says so: the
	# stall is the share's, not tpstat's, and it came in about one
	# Malta boot in six, each time in a path lookup on the share.  So
	# does a Malta guest that froze whole (boot.sh's heartbeat).
	local attempt
	for attempt in 1 2; do
		# shellcheck disable=SC2016 # expanded by the guest's shell
		TPSTAT_TIER=$tier TPSTAT_STRESS_SECONDS=$stress_secs TPSTAT_ADVERSARY_PARTS=$parts \
			TPSTAT_FUZZ_N=${TPSTAT_FUZZ_N:-$fuzz_n} TPSTAT_PROMTOOL_ON_HOST=1 \
			"${vm[@]}" --out "$dir/net" -- \
			bash -c 'ko=$1 kunit=$2; shift 2; tests/net/all.sh "$ko" "$@"; st=$?
				[ -z "$kunit" ] && exit $st
				echo "# --- KUnit"; SECONDS=0
				tests/kunit/guest.sh "$kunit" /tmp/out/kunit || st=1
				echo "# --- KUnit took ${SECONDS}s"; exit $st' \
			- "build/$kver/tpstat.ko" "$kunit" "${suites[@]}" >/dev/null 2>&1
		st=$?
		if [ $st = 0 ] || [ $attempt = 2 ]; then
			break
		elif stalled_on_9p "$dir/net/console.log"; then
			echo "# $name: the guest stalled on its 9p share (a task hung in a lookup there, log in net.stalled/): booted once more" >>"$tap"
		elif [ -e "$dir/net/frozen" ]; then
			echo "# $name: the guest froze ($(cat "$dir/net/frozen"); log in net.stalled/): booted once more" >>"$tap"
		else
			break
		fi
		[ -e "$dir/net/stalls" ] && sed "s/^/# $name: /" "$dir/net/stalls" >>"$tap"
		rm -rf "$dir/net.stalled"
		mv "$dir/net" "$dir/net.stalled"
	done
	[ -e "$dir/net/stalls" ] && sed "s/^/# $name: /" "$dir/net/stalls" >>"$tap"
	grep -v '^# --- ' "$dir/net/output.log" | label "$name" >>"$tap"
	emit $st "guest suites exit 0 (status $st)"
	ended=$(grep -cE '^# [0-9]+ passed, 0 failed$' "$dir/net/output.log" 2>/dev/null)
	emit $((ended == ${#suites[@]} ? 0 : 1)) \
		"all ${#suites[@]} guest suites ran to their end ($ended did)"
	sed -n 's/^# --- \(.*\) took \(.*\)$/# '"$name"': \1 took \2/p' \
		"$dir/net/output.log" >>"$tap"
	doctor_promtool "$dir/net"
	echo "# $name: the builds took ${built}s, the guest $((SECONDS - built))s" >>"$tap"

	if [ -n "$kunit" ]; then
		test -s "$dir/net/kunit/dmesg.txt"
		emit $? "KUnit module loads and reports"
		tests/kunit/parse.sh "$(tests/kernel/debug-kernel.sh --cached --source \
			--version "$(debug_version "$name")")" "$dir/net/kunit" |
			label "$name" >>"$tap"
		! grep -qE 'BUG:|WARNING:|KASAN|INFO: possible|INFO: trying|sleeping function|kmemleak' \
			"$dir/net/kunit/dmesg.txt" 2>/dev/null
		emit $? "kernel log clean during KUnit"
	fi
	echo $SECONDS >"$logs/$name.time"
}

# doctor_promtool <out dir>: promtool's test of doctor's rules over the
# exports each doctor suite of the boot kept (tests/net/doctor_lib.sh),
# here on the host: under TCG promtool took 92 s a suite.  The same two
# lines a suite writes where it runs the test itself.
doctor_promtool() {
	local own suite t=$SECONDS
	for own in "$1"/doctor-own/*/; do
		[ -d "$own" ] || continue
		suite=$(basename "$own")
		/usr/bin/python3 tests/fleet/promtest.py "$own" contrib/prometheus/tpstat.rules.yml \
			>"$1/$suite.promtest.yml" 2>"$1/$suite.promtest.err"
		emit $? "$suite.sh: promtool's test made of $(find "$own" -name '*.doctor.json' | wc -l) scenarios' exports (on the host)"
		# An empty file is a test of nothing, which promtool passes.
		grep -q '^- name: ' "$1/$suite.promtest.yml" &&
			promtool test rules "$1/$suite.promtest.yml" >"$1/$suite.promtool.log" 2>&1
		emit $? "$suite.sh: promtool test rules: each alert fires where doctor's finding is, with its count, and nowhere else (on the host)"
		sed -n '/./s/^/# /p' "$1/$suite.promtool.log" >>"$tap" 2>/dev/null
	done
	[ -d "$1/doctor-own" ] && echo "# $name: promtool's tests on the host took $((SECONDS - t))s" >>"$tap"
	return 0
}

# stalled_on_9p <console log>: the guest panicked on a hung task whose
# stack was in a path lookup or a request on the 9p share.
stalled_on_9p() {
	grep -q 'hung_task: blocked tasks' "$1" 2>/dev/null &&
		grep -qE 'd_alloc_parallel|p9_client_rpc|v9fs_' "$1"
}

# ---- deployment (issue 5): DKMS, Debian packages, make install, export ----
# Installs tpstat onto this machine three ways against Debian's kernels'
# headers, boots each Debian kernel to modprobe the DKMS build and check
# its counts and tpstat export, and removes every install again, checking
# that nothing is left behind.  Logs: build/check/deploy/.
deployment() {
	tests/deploy/host.sh "$logs/deploy" >"$logs/deploy.log" 2>&1
	grep -E '^(not )?ok |^# ' "$logs/deploy.log"
	grep -qE '^# [0-9]+ passed, [0-9]+ failed$' "$logs/deploy.log"
	tap $? "deployment tests ran to their end"
}

# timed NAME COMMAND...: runs the command with its output in NAME.tap and
# its time in NAME.time.
timed() {
	local name=$1
	shift
	SECONDS=0
	"$@" >"$logs/$name.tap" 2>&1
	echo $SECONDS >"$logs/$name.time"
}

# The deployment: make install, DKMS and the packages build into
# build/<release>/ and install into /lib/modules/<release>/, where Debian
# 12's kernels' jobs build and boot, so those jobs wait for it
# (after_deployment) and it goes first.
deployment_job() {
	timed deployment deployment
	touch "$logs/deployed"
}
# after_deployment COMMAND...: once the deployment is done (its make
# install builds build/ctl/ too).
after_deployment() {
	while [ ! -e "$logs/deployed" ]; do
		sleep 5
	done
	"$@"
}

# NAME TIER ARCH IMAGE KBUILD MODREL MODROOT ENV APPEND
{
	tests/vm/kernels.sh | while read -r name image kbuild modrel append; do
		case $name in
		# The debug 5.10 runs the parts of its deep tier the rotation
		# took (whole when named by hand or in make check-all).
		debug-*) [[ " $debug_kernels " == *" $(debug_version "$name") "* ]] || continue
			tier=$(deep_tier "$(key_of "$name")" debug)
			tier=${tier:-debug} ;;
		*) [[ " $host_kernels " == *" $(key_of "$name") "* ]] || continue
			tier=full ;;
		esac
		echo "$name $tier amd64 $image $kbuild $modrel - host ${append:-}"
	done
	while read -r name arch image kbuild modrel modroot env; do
		tier=$(deep_tier "$name" basic)
		tier=${tier:-contract}
		echo "$name $tier $arch $image $kbuild $modrel $modroot $env"
	done <"$logs/matrix.list"
} >"$logs/jobs"

# Two at a time, the longest first so that both cores end close
# together (minutes in a warm run, which a slower machine can double):
# the deployment (11, first: Debian 12's kernels wait for it), the two
# debug kernels on the other core meanwhile, so that no job holds a
# core waiting for the deployment, Debian 12's 6.12 and 6.1, the deep
# tiers the rotation took (emulated architectures first), the host's own
# checks (1), then every other kernel's contract (2-5).
jobs_max=${TPSTAT_CHECK_JOBS:-2}
# Kernels picked by hand run without the deployment: nothing to wait for.
[ -n "$by_hand" ] && touch "$logs/deployed"
names=()
start() { # NAME COMMAND...: in the background once a core is free
	while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
		wait -n
	done
	echo "# $1: started"
	shift
	"$@" </dev/null &
}
while read -r name tier arch image kbuild modrel modroot env append; do
	case $name in
	deployment)
		start "deployment" deployment_job
		names+=(deployment) ;;
	host)
		start "host checks" after_deployment timed host host_checks
		names+=(host) ;;
	*)
		job=(kernel_job)
		[[ $name == deb-* ]] && job=(after_deployment kernel_job)
		start "$name ($tier)" "${job[@]}" "$name" "$tier" "$arch" "$image" "$kbuild" \
			"$modrel" "$modroot" "$env" "${append:-}"
		names+=("$name") ;;
	esac
done < <({ cat "$logs/jobs"; [ -n "$by_hand" ] || printf 'deployment\nhost\n'; } |
	awk '{ o = $1 == "deployment" ? 0 : $1 ~ /^debug-7/ ? 1 : $1 ~ /^debug-/ ? 2 : $1 ~ /^deb-6.12/ ? 3 : $1 ~ /^deb-/ ? 4 : $1 == "host" ? 7 : $2 ~ /^basic/ ? 6 : 9
		if ((o == 6 || o == 9) && $3 != "amd64") o--
		print o, $0 }' |
	sort -k1,1n -s | cut -d' ' -f2-)
wait
for name in "${names[@]}"; do
	tally <"$logs/$name.tap"
	grep '^# ' "$logs/$name.tap"
done

# Every job ran to its end (it wrote its time), whatever its result.
ran=0
for name in "${names[@]}"; do
	[ -s "$logs/$name.time" ] && ran=$((ran + 1))
done
result $((ran > 0 && ran == ${#names[@]} ? 0 : 1)) \
	"every job ran to its end ($ran of ${#names[@]})"
# Every kernel asked for was tried, whatever its result.
got=$(wc -l <"$logs/matrix.list")
result $((got == ${#matrix_names[@]} ? 0 : 1)) \
	"all ${#matrix_names[@]} matrix kernels asked for were fetched and tried ($got)"
for k in $deep_list; do
	grep -q "^${k}[. -]" "$logs/jobs"
	result $? "the jobs include $k"
done
# shared_ran A B HALF...: every suite the pair A and B shares (its
# halves, half_of) ran on one of the two, whichever halves the run gave
# them: their plans' deep suites, together.
shared_ran() {
	local a=$1 b=$2 ran=' ' key s all missing=()
	shift 2
	[[ " $deep_list " == *" $a "* && " $deep_list " == *" $b "* ]] || return 0
	while read -r key; do
		ran+="$(sed -n 3p "${key%.key}.plan") "
	done < <(grep -lxE "$a|$b" "$logs"/*.key)
	read -ra all <<<"$*"
	for s in "${all[@]}"; do
		[[ $ran == *" $s "* ]] || missing+=("$s")
	done
	result ${#missing[@]} "$a and $b ran every suite they share between them${missing[*]:+ (not: ${missing[*]})}"
}
shared_ran deb-6.1 deb-6.12 "${host_halves[@]}"
shared_ran debug-6.1 debug-7.3 "${debug_halves[@]}"

echo "# time per job (two at a time):"
for name in "${names[@]}"; do
	echo "#   $name $(awk -v n="$name" '$1 == n { print $2 }' "$logs/jobs") $(cat "$logs/$name.time" 2>/dev/null)s"
done
[ "$todo" = 0 ] || echo "# $todo known failures (TAP TODO) above"
# The table of results (docs/check-results.md is a copy of one).
minutes=$(awk -v s=$(($(date +%s) - check_start)) 'BEGIN { printf "%.1f", s / 60 }')
tests/results.sh "$logs" "$pass passed, $fail failed in $minutes minutes" >"$logs/results.md"
echo "# the table of results: build/check/results.md (docs/check-results.md)"
# The failures again, last, where a reader of only the end sees them.
for line in "${failed[@]}"; do
	echo "# failed: ${line#not ok - }"
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
