#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What make bench needs beyond make check's list (tests/deps.sh, run
# first): the peers it compares tpstat with (perf, bpftrace, and clang,
# libbpf and pkg-config to build bench/bpf/) and gnuplot
# for the chart.  apt-get update first, as on a fresh Debian 12.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
"$top/tests/deps.sh"

packages=(linux-perf bpftrace gnuplot-nox time clang libbpf-dev pkg-config)
missing=()
for p in "${packages[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$status" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
