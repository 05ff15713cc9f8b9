#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds tpstat and the floor module for an amd64 kernel of the matrix
# (tests/matrix/kernels.conf) that is built in its suite's chroot, such as
# trixie-backports' 7.3: tpstat by tests/matrix/build.sh, the floor by
# bench/floor/build.sh run in the same chroot.  Puts them where
# bench/guest.sh looks: build/<release>/tpstat.ko and
# build/bench/<release>/floor/tpstat_floor.ko.
#   bench/build_chroot.sh NAME RELEASE CHROOT KDIR
# (RELEASE, CHROOT and KDIR as tests/matrix/fetch.sh prints them.)
set -euo pipefail

(($# == 4)) || { sed -n '3,12s/^# \{0,1\}//p' "$0" >&2; exit 2; }
name=$1 rel=$2 root=$3 kdir=$4
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

tests/matrix/build.sh "$name" "build/bench/$rel/tpstat"
mkdir -p "build/$rel"
cp "build/bench/$rel/tpstat/tpstat.ko" "build/$rel/tpstat.ko"

work=$(mktemp -d "$root/tmp/tpstat-floor.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bench" "$work/module/base" "$work/module/counters"
cp -R bench/floor "$work/bench/"
cp -R module/conftest module/conftest.sh "$work/module/"
cp module/base/compat.h "$work/module/base/"
cp module/counters/events.h "$work/module/counters/"
# tpstat's build answered the floor's feature questions already.
mkdir -p "$work/build/$rel/generated"
cp "build/bench/$rel/tpstat/generated/tpstat_features.h" "$work/build/$rel/generated/"
# shellcheck disable=SC2016 # expanded in the chroot
tests/matrix/chroot.sh --run "$root" /bin/bash -c \
	'cd "$1" && bench/floor/build.sh "$2" "$3" out' sh \
	"${work#"$root"}" "$rel" "${kdir#"$root"}"
mkdir -p "build/bench/$rel/floor"
cp "$work/out/tpstat_floor.ko" "build/bench/$rel/floor/"
