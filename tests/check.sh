#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: install what is missing, build tpstat for every test kernel
# (Debian's 6.1 and 6.12, and the debug kernel: KASAN, lockdep, kmemleak,
# KUnit, no BPF), then boot each under QEMU and run the integration tests,
# and KUnit where the kernel has it.  Every test prints a TAP line; the
# last line is "<N> passed, <M> failed".  Logs: build/check/<kernel>/.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

pass=0 fail=0
# Counts and echoes TAP lines ("ok ..." / "not ok ...") read on stdin.
# Call it as "tally < <(...)", not in a pipeline: the counts must
# survive in this shell.
tally() {
	local line
	while IFS= read -r line; do
		case $line in
		"ok "*) pass=$((pass + 1)); echo "$line" ;;
		"not ok "*) fail=$((fail + 1)); echo "$line" ;;
		esac
	done
}
result() { # <0|status> <description>
	if [ "$1" = 0 ]; then
		tally <<< "ok - $2"
	else
		tally <<< "not ok - $2"
	fi
}
# Prefixes each TAP line's description with the kernel's name.
label() { sed -E "s/^(not )?ok [0-9]* ?- /\1ok - $1: /"; }

tests/deps.sh || { echo "not ok - installing dependencies"; echo "0 passed, 1 failed"; exit 1; }

kernel_src=$(tests/kernel/debug-kernel.sh --source)
tests/kernel/debug-kernel.sh >/dev/null
result $? "debug kernel built (or cached)"

make -s tools ctl >/dev/null
result $? "test tools and the tpstat tool build (-Wall -Wextra -Werror)"
tally < <(make -s -C ctl test O="$top/build/ctl" 2>&1 | tee build/ctl-unit.log |
	sed -n 's/^\([0-9]*\) passed, 0 failed$/ok - ctl unit tests: \1 passed/p; s/^FAIL /not ok - ctl unit: /p')
grep -qE '^[0-9]+ passed, 0 failed$' build/ctl-unit.log
result $? "ctl unit tests ran to their end"
dest=$(mktemp -d)
make -s install DESTDIR="$dest" PREFIX=/usr >/dev/null &&
	"$dest/usr/sbin/tpstat" help >/dev/null &&
	test -s "$dest/usr/share/man/man8/tpstat.8" &&
	bash -n "$dest/usr/share/bash-completion/completions/tpstat"
result $? "make install places the tool, its man page and completion"
rm -rf "$dest"
# The benchmark's code (make bench itself boots for half an hour): the
# workloads build -Werror, the floor module W=1 clean for each Debian kernel.
tally < <(bench/smoke.sh 2>&1)

logs=$top/build/check
rm -rf "$logs"
mkdir -p "$logs"

seen_61=0 seen_612=0 seen_debug=0
while read -r name image kbuild modrel append; do
	case $name in
	deb-6.1.*|deb-6.1-*) seen_61=1 ;;
	deb-6.12.*) seen_612=1 ;;
	debug-*) seen_debug=1 ;;
	esac
	# Debian's 6.1 headers say "6.1.192" there: prefer the modules dir name.
	kver=$modrel
	[ "$kver" = - ] && kver=$(cat "$kbuild/include/config/kernel.release")
	vm=(tests/vm/boot.sh --kernel "$image" --timeout 2400)
	[ "$modrel" != - ] && vm+=(--modules-release "$modrel")
	[ -n "$append" ] && vm+=(--append "$append")

	make -s module KVER="$kver" KDIR="$kbuild" >"$logs/$name.build.log" 2>&1
	st=$?
	result $st "$name: tpstat builds W=1 clean against $kver"
	[ $st = 0 ] || { tail -20 "$logs/$name.build.log"; continue; }
	if grep -q 'warning:' "$logs/$name.build.log"; then
		result 1 "$name: build log has warnings"
	fi

	echo "# $name: integration tests"
	"${vm[@]}" --out "$logs/$name" -- \
		tests/net/all.sh "build/$kver/tpstat.ko" >/dev/null 2>&1
	st=$?
	tally < <(label "$name" < "$logs/$name/output.log")
	result $st "$name: integration run exits 0 (status $st)"
	suites=$(find tests/net -name '*.sh' -perm -u+x ! -name all.sh | wc -l)
	ended=$(grep -cE '^# [0-9]+ passed, 0 failed$' "$logs/$name/output.log" 2>/dev/null)
	result $((ended == suites ? 0 : 1)) "$name: all $suites guest suites ran to their end ($ended did)"

	if [ -f "build/$kver/tpstat_kunit.ko" ]; then
		echo "# $name: KUnit"
		"${vm[@]}" --out "$logs/$name-kunit" -- \
			tests/kunit/guest.sh "build/$kver/tpstat_kunit.ko" /tmp/out/kunit \
			>/dev/null 2>&1
		result $? "$name: KUnit module loads and reports"
		tally < <(tests/kunit/parse.sh "$kernel_src" "$logs/$name-kunit/kunit" |
			label "$name")
		if grep -qE 'BUG:|WARNING:|KASAN|INFO: possible|INFO: trying|sleeping function|kmemleak' \
			"$logs/$name-kunit/kunit/dmesg.txt" 2>/dev/null; then
			result 1 "$name: kernel log clean during KUnit"
		else
			result 0 "$name: kernel log clean during KUnit"
		fi
	fi
done < <(tests/vm/kernels.sh)

# ---- deployment (issue 5): DKMS, Debian packages, make install, export ----
# Installs tpstat onto this machine three ways against Debian's kernels'
# headers, boots each Debian kernel to modprobe the DKMS build and check
# its counts and tpstat export, and removes every install again, checking
# that nothing is left behind.  Logs: build/check/deploy/.
echo "# deployment"
tally < <(tests/deploy/host.sh "$logs/deploy" 2>&1 | tee "$logs/deploy.log")
grep -qE '^# [0-9]+ passed, [0-9]+ failed$' "$logs/deploy.log"
result $? "deployment tests ran to their end"
# ---- end of deployment ----

result $((seen_61 && seen_612 && seen_debug ? 0 : 1)) \
	"tested on Debian 6.1 ($seen_61), Debian 6.12 ($seen_612) and the debug kernel ($seen_debug)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
