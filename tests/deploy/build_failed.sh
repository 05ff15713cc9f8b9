#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Inside a test kernel whose DKMS build of tpstat failed, tpstat-dkms
# installed (tests/deploy/host.sh removed the kernel's build and had
# DKMS build again against headers that compile nothing): tpstat doctor
# names the failed build, quotes the first error of DKMS's log and gives
# the command that builds it again.
#   tests/deploy/build_failed.sh <version>
# Prints TAP lines and ends with "# <P> passed, <F> failed".
set -uo pipefail

VERSION=$1
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
TP=$top/build/ctl/tpstat
# shellcheck source=tests/net/lib.sh
. "$top/tests/net/lib.sh"
TMP=$(mktemp -d)
release=$(uname -r)
log=/var/lib/dkms/tpstat/$VERSION/build/make.log

dmesg -C
check "no tpstat is installed for $release (modinfo finds none)" \
	bash -c '! modinfo tpstat > /dev/null 2>&1'
check "DKMS's last build log is of a build for $release" \
	grep -q "for kernel $release " <(head -1 "$log")
# What doctor quotes: the build's own verdict (conftest's), else the
# first error make or the compiler marked.
first=$(grep -m1 '^conftest: ' "$log" || grep -m1 -E 'error:|Error |\*\*\* ' "$log")
check "... and that build failed, saying why: '$first'" \
	grep -q '^conftest: cannot compile even an empty module against ' <<< "$first"

"$TP" doctor > "$TMP/doctor"
check_eq "doctor: exit status 4 (not running)" 4 $?
sed 's/^/# /' "$TMP/doctor"
check "... it names DKMS's failed build, quoting the verdict's sentence" grep -qxF \
	"[1] build_failed: DKMS could not build tpstat $VERSION: ${first%%.  The *}. (/var/lib/dkms/tpstat/$VERSION/build/make.log)" \
	"$TMP/doctor"
check "... and how to build it again" grep -qxF \
	"    do: read that log; dkms install tpstat/$VERSION -k $release builds it again" \
	"$TMP/doctor"
"$TP" -j doctor > "$TMP/doctor.json"
check_eq "doctor -j: exit status 4" 4 $?
check_eq "doctor -j: loaded false, the first cause build_failed" "false build_failed" \
	"$(jq -r '"\(.loaded) \(.causes[0].cause)"' "$TMP/doctor.json")"

log_check "kernel log clean"
rm -rf "$TMP"
finish
