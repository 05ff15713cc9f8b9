#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Inside a test kernel booted with module.sig_enforce=1, as a kernel
# under Secure Boot loads modules, after the host installed the Debian
# packages (tests/deploy/host.sh): DKMS signed its build with its own
# key (/var/lib/dkms/mok.key), which no keyring of the kernel trusts
# until mokutil enrolls it, so modprobe is refused, and tpstat doctor
# says that it was the signature and how to enroll the key.
#   tests/deploy/signature.sh
# Prints TAP lines and ends with "# <P> passed, <F> failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
TP=$top/build/ctl/tpstat
# shellcheck source=tests/net/lib.sh
. "$top/tests/net/lib.sh"
TMP=$(mktemp -d)

dmesg -C
check_eq "the kernel enforces module signatures (module.sig_enforce)" Y \
	"$(cat /sys/module/module/parameters/sig_enforce)"
signer=$(modinfo -F signer tpstat 2>/dev/null)
check "DKMS signed its build ($(modinfo -n tpstat 2>/dev/null): signer '$signer')" \
	test -n "$signer"
modprobe tpstat 2> "$TMP/modprobe.err"
st=$?
check "modprobe tpstat is refused ($(head -1 "$TMP/modprobe.err"))" test $st -ne 0
check "... and not loaded" test ! -d /sys/module/tpstat
refusal=$(dmesg | grep -m1 'Loading of .* is rejected')
check "the kernel says why: '$refusal'" test -n "$refusal"

"$TP" doctor > "$TMP/doctor"
check_eq "doctor: exit status 4 (not running)" 4 $?
sed 's/^/# /' "$TMP/doctor"
check "... it names the kernel's refusal of tpstat's signature, quoted" grep -qF \
	"the kernel refused tpstat's signature: \"${refusal#*] }\"" "$TMP/doctor"
check "... and the key to enroll: mokutil --import /var/lib/dkms/mok.pub" \
	grep -q '^    do: enroll the key DKMS signs with: mokutil --import /var/lib/dkms/mok.pub' \
	"$TMP/doctor"
"$TP" -j doctor > "$TMP/doctor.json"
check_eq "doctor -j: exit status 4" 4 $?
check_eq "doctor -j: loaded false, the first cause signature" "false signature" \
	"$(jq -r '"\(.loaded) \(.causes[0].cause)"' "$TMP/doctor.json")"

log_check "kernel log clean"
rm -rf "$TMP"
finish
