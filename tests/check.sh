#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: install what is missing, build tpstat for every kernel of the
# matrix, boot each under QEMU and run its tier's tests; the host's own
# checks and the deployment tests run beside them.  Every test prints a
# TAP line; the last line is "<N> passed, <M> failed".  Logs:
# build/check/<kernel>/.
#
# The kernels and their tiers:
#   full   Debian 12's 6.1 and 6.12 (the host's packages): build,
#          exactness against ftrace, namespaces, the storms of
#          stress.sh, a hostile user (adversary.sh), auth, every
#          tracepoint; on 6.12 also the tool (ctl.sh), the views over
#          IPv4 and IPv6, the kernel's YNL client, namespace-number
#          reuse and socket memory (sockmem.sh), on 6.1 the filter
#          (filter.sh), every module parameter at and past its limits
#          (params.sh) and the privilege table (privilege.sh); the
#          deployment tests use these kernels.
#   debug  the debug kernels built from Debian's 6.1 source and from
#          trixie-backports' 7.3 (KASAN, lockdep/PROVE_RCU, kmemleak,
#          KUnit, no BPF; 7.3's tracepoints call probes preemptible,
#          under SRCU, 6.1's with preemption off): what races and what
#          a hostile user does, where the kernel watches for it (the
#          monitor's alerts, monitor.sh; stress.sh; on 7.3 adversary.sh
#          without its floods and namespaces), then KUnit, in one boot.
#   basic  the kernels tests/matrix/kernels.conf marks basic (Debian
#          11's 5.10, trixie-backports' newest RT, sid's newest, arm64
#          and 32-bit ARM), fetched and built by tests/matrix/: build with
#          that distribution's compiler, load, the monitor's alerts,
#          exactness and every tracepoint against ftrace, namespaces,
#          the storms, a hostile user without its floods and namespaces
#          arming, the auth view (monitor.sh, run.sh, netns.sh,
#          stress.sh, adversary.sh, auth.sh, events.sh with
#          TPSTAT_TIER=basic: run.sh without its 50 load/unload cycles
#          and two-writer hammer).
# Two jobs run side by side (TPSTAT_CHECK_JOBS, default 2), one per core:
# a job is a kernel, the deployment, or the host's own checks.  Each
# job's time is printed at the end.
# TPSTAT_MATRIX: which matrix kernels: "basic" (the default: those
# kernels.conf marks so), "all", names, or "none".
# TPSTAT_DEBUG_KERNELS: which debug kernels (default "6.1 7.3"; 5.10 adds
# the 5.10 one, whose build alone takes 11 of the 80 minutes a cold run
# may take on 2 cores).
# TPSTAT_ADVERSARY=all: adversary.sh on the debug 6.1 kernel too, and
# whole (with its floods and namespaces arming) on the basic kernels.
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
rm -rf "$logs"
mkdir -p "$logs"

# The matrix's downloads and chroots need the network more than the
# cores: they go on while the debug kernels build.
matrix=${TPSTAT_MATRIX:-basic}
case $matrix in
none) matrix_names=() ;;
all) mapfile -t matrix_names < <(awk '!/^(#|$)/ { print $1 }' tests/matrix/kernels.conf) ;;
basic) mapfile -t matrix_names < <(awk '!/^(#|$)/ && $5 == "basic" { print $1 }' tests/matrix/kernels.conf) ;;
*) read -ra matrix_names <<<"${matrix//,/ }" ;;
esac
if [ ${#matrix_names[@]} -gt 0 ]; then
	{
		# The ARM guests' roots, downloaded beside the kernels.
		while read -r arch; do
			tests/arm/root.sh "$arch" >/dev/null 2>>"$logs/armroot.log" &
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

debug_kernels=${TPSTAT_DEBUG_KERNELS:-6.1 7.3}
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
	local dest
	dest=$(mktemp -d)
	make -s install DESTDIR="$dest" PREFIX=/usr >"$logs/install.log" 2>&1 &&
		"$dest/usr/sbin/tpstat" help >/dev/null &&
		test -s "$dest/usr/share/man/man8/tpstat.8" &&
		bash -n "$dest/usr/share/bash-completion/completions/tpstat"
	tap $? "make install places the tool, its man page and completion"
	rm -rf "$dest"
	/usr/bin/python3 tests/ynl/check_spec.py header uapi/tpstat.yaml \
		uapi/linux/tpstat.h "$TPSTAT_YNL/Documentation/netlink/genetlink.yaml" \
		>"$logs/spec.log" 2>&1
	tap $? "the YNL spec agrees with uapi/linux/tpstat.h and the kernel's genetlink schema"
	sed 's/^/# /' "$logs/spec.log"
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

# What Kbuild needs for an ARM target (Debian's architecture name).
cross_vars() {
	case $1 in
	arm64) echo ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- ;;
	armhf) echo ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- ;;
	esac
}
# The cross compiler's name, for the tool and the test tools.
cross_cc() { cross_vars "$1" | sed 's/.*CROSS_COMPILE=\(.*\)$/\1gcc/'; }
# debug-6.1.192 -> 6.1, debug-5.10.247 -> 5.10
debug_version() { echo "$1" | sed -E 's/^debug-([0-9]+\.[0-9]+).*/\1/'; }

# ---- one kernel: build, boot, its tier's suites ----
# kernel_job NAME TIER ARCH IMAGE KBUILD MODREL MODROOT ENV APPEND
# Runs in the background: writes TAP lines to build/check/NAME.tap and
# its time to build/check/NAME.time; the main shell tallies them.
kernel_job() {
	local name=$1 tier=$2 arch=$3 image=$4 kbuild=$5 modrel=$6 modroot=$7
	local env=$8 append=$9 dir=$logs/$1 tap=$logs/$1.tap kver st cc
	local vm suites ended stress_secs fuzz_n kunit
	SECONDS=0
	mkdir -p "$dir"
	: >"$tap"
	emit() { if [ "$1" = 0 ]; then echo "ok - $name: $2"; else echo "not ok - $name: $2"; fi >>"$tap"; }

	# Debian's 6.1 headers say "6.1.192" there: prefer the modules dir name.
	kver=$modrel
	[ "$kver" = - ] && kver=$(cat "$kbuild/include/config/kernel.release")
	case $env in
	host) make -s module KVER="$kver" KDIR="$kbuild" ;;
	cross)
		# shellcheck disable=SC2046 # the variables are separate words
		make -s module KVER="$kver" KDIR="$kbuild" $(cross_vars "$arch") &&
			make -s ctl tools CC="$(cross_cc "$arch")"
		;;
	*) tests/matrix/build.sh "$name" "build/$kver" ;;
	esac >"$dir/build.log" 2>&1
	st=$?
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
	# One form each, both forms on every run: Yocto's on arm64, Buildroot's
	# on 32-bit ARM (the two differ in how make is called, not by
	# architecture; each is a whole module build without ccache's hits).
	if [ "$env" = cross ]; then
		local t=$SECONDS forms=buildroot
		[ "$arch" = arm64 ] && forms=yocto
		TPSTAT_KBUILD_FORMS=$forms tests/kbuild/plain.sh "$kbuild=$kver" >"$dir/kbuild.log" 2>&1
		grep -E '^(not )?ok - |^# ' "$dir/kbuild.log" | label "$name" >>"$tap"
		grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$dir/kbuild.log"
		emit $? "plain Kbuild builds (tests/kbuild/plain.sh) ran to their end in $((SECONDS - t))s"
	fi

	# A guest that hangs fails its job, not the whole run.
	vm=(tests/vm/boot.sh --kernel "$image" --timeout 1800)
	[ "$modrel" != - ] && vm+=(--modules-release "$modrel")
	[ "$modroot" != - ] && vm+=(--modules-root "$modroot")
	[ -n "$append" ] && vm+=(--append "$append")
	[ "$arch" != amd64 ] && vm+=(--arch "$arch" --root "$(tests/arm/root.sh "$arch")")
	# The suites of each tier (the header above).  First: monitor.sh's
	# rate test wants a guest where nothing else runs yet.  Last:
	# events.sh loads sctp, which stays loaded.
	case $tier in
	# The views (over IPv4 and IPv6; their decisions are KUnit's on the
	# debug kernels too), the kernel's YNL client, a dead namespace's
	# number reused and socket memory, whose paths 6.1 shares: on Debian
	# 12's newest kernel only.
	# The tool's commands (ctl.sh): on 6.12, whose extack messages are
	# formatted (6.1's are string literals; the adversary's bad
	# requests read those on every kernel).  The filter's addresses and
	# the privilege table, whose netlink and capability paths the two
	# share, and every module parameter at and past its limits: on 6.1,
	# whose extack the parameters' concurrent errors are about.
	full) suites=(monitor.sh run.sh)
		[[ $name == deb-6.12* ]] && suites+=(ctl.sh)
		suites+=(netns.sh)
		[[ $name == deb-6.1.* ]] && suites+=(filter.sh)
		suites+=(stress.sh adversary.sh)
		[[ $name == deb-6.12* ]] &&
			suites+=(views.sh ipv6.sh ynl.sh netns_reuse.sh sockmem.sh)
		[[ $name == deb-6.1.* ]] && suites+=(params.sh privilege.sh)
		suites+=(auth.sh events.sh) ;;
	# adversary.sh: whole on Debian 12's kernels; elsewhere without its
	# floods and namespaces arming (TPSTAT_ADVERSARY_PARTS=), whose code
	# is the same on every kernel: its fuzzing, bad requests and rmmod
	# with readers are what differs (5.10's dumps let a set reserved
	# field through).  On a debug kernel it took 5 to 15 minutes so: on
	# 7.3, whose tracepoints call probes preemptible; the debug 6.1
	# calls them as Debian's 6.1 does.  TPSTAT_ADVERSARY=all runs it on
	# the debug 6.1 too, and whole on the basic kernels.
	debug) suites=(monitor.sh stress.sh)
		[[ $name == debug-7.* || ${TPSTAT_ADVERSARY:-} == all ]] &&
			suites+=(adversary.sh) ;;
	*) suites=(monitor.sh run.sh netns.sh stress.sh adversary.sh auth.sh events.sh) ;;
	esac
	# The storms: longest where KASAN and lockdep watch.
	stress_secs=15 parts="flooding arming"
	[ "$tier" = debug ] && stress_secs=40 parts=
	# The fuzzers' requests per sender: under KASAN and lockdep a request
	# costs ten times as much, and the 10,000 of the other kernels took 7
	# of a debug job's 27 minutes.
	fuzz_n=10000
	[ "$tier" = debug ] && fuzz_n=4000
	[ "$tier" = basic ] && [ "${TPSTAT_ADVERSARY:-}" != all ] && parts=
	# KUnit in the same boot, after the suites (a boot of a debug
	# kernel takes minutes under TCG).
	kunit=
	[ "$tier" != basic ] && [ -f "build/$kver/tpstat_kunit.ko" ] && kunit=build/$kver/tpstat_kunit.ko
	# shellcheck disable=SC2016 # expanded by the guest's shell
	TPSTAT_TIER=$tier TPSTAT_STRESS_SECONDS=$stress_secs TPSTAT_ADVERSARY_PARTS=$parts \
		TPSTAT_FUZZ_N=${TPSTAT_FUZZ_N:-$fuzz_n} \
		"${vm[@]}" --out "$dir/net" -- \
		bash -c 'ko=$1 kunit=$2; shift 2; tests/net/all.sh "$ko" "$@"; st=$?
			[ -z "$kunit" ] && exit $st
			echo "# --- KUnit"; SECONDS=0
			tests/kunit/guest.sh "$kunit" /tmp/out/kunit || st=1
			echo "# --- KUnit took ${SECONDS}s"; exit $st' \
		- "build/$kver/tpstat.ko" "$kunit" "${suites[@]}" >/dev/null 2>&1
	st=$?
	grep -v '^# --- ' "$dir/net/output.log" | label "$name" >>"$tap"
	emit $st "guest suites exit 0 (status $st)"
	ended=$(grep -cE '^# [0-9]+ passed, 0 failed$' "$dir/net/output.log" 2>/dev/null)
	emit $((ended == ${#suites[@]} ? 0 : 1)) \
		"all ${#suites[@]} guest suites ran to their end ($ended did)"
	sed -n 's/^# --- \(.*\) took \(.*\)$/# '"$name"': \1 took \2/p' \
		"$dir/net/output.log" >>"$tap"

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
		debug-*) [[ " $debug_kernels " == *" $(debug_version "$name") "* ]] || continue ;;
		esac
		tier=full
		[[ $name == debug-* ]] && tier=debug
		echo "$name $tier amd64 $image $kbuild $modrel - host ${append:-}"
	done
	while read -r name arch image kbuild modrel modroot env; do
		echo "$name basic $arch $image $kbuild $modrel $modroot $env"
	done <"$logs/matrix.list"
} >"$logs/jobs"

# Two at a time, the longest first so that both cores end close
# together (minutes in a warm run, which a slower machine can double):
# the deployment (10, first: Debian 12's kernels wait for it), the debug
# 7.3 kernel (10, with adversary.sh), Debian 12's 6.12 (12) and 6.1 (8,
# with params.sh), the debug 6.1 kernel (8), the host's own checks (1),
# ARM (7-11), the basic tier (5-7 with its chroot build).
jobs_max=${TPSTAT_CHECK_JOBS:-2}
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
done < <({ cat "$logs/jobs"; echo deployment; echo host; } |
	awk '{ o = $1 == "deployment" ? 0 : $1 ~ /^debug-7/ ? 1 : $1 ~ /^deb-6.12/ ? 2 : $1 ~ /^deb-/ ? 3 : $1 ~ /^debug-/ ? 4 : $1 == "host" ? 5 : 7
		if (o == 7 && $3 != "amd64") o = 6
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
# shellcheck disable=SC2086 # a list of versions
for k in deb-6.1 deb-6.12 $(printf 'debug-%s ' $debug_kernels); do
	grep -q "^${k}[. -]" "$logs/jobs"
	result $? "the jobs include $k"
done

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
