#!/usr/bin/env bash
# tests/vm/deps.sh: install, with apt, what the QEMU test bed (tests/vm/) and the debug
# kernel build (tests/kernel/) need and this machine lacks. Quick when all is there.
#
# Usage: tests/vm/deps.sh    (as root; apt-get update + install only if something is missing)
set -euo pipefail

packages=(
	# boot.sh, vmlinux.sh: QEMU, the initramfs, module lists, decompressors, readelf
	qemu-system-x86 busybox-static cpio gzip xz-utils zstd kmod binutils iproute2
	util-linux coreutils
	# Debian's test kernels, their kbuild dirs, and the source of the debug kernel
	linux-image-amd64 linux-headers-amd64
	linux-image-6.12-amd64 linux-headers-6.12-amd64
	linux-source-6.1
	# building the debug kernel (debug-kernel.sh)
	build-essential bc flex bison libelf-dev libssl-dev make
)

declare -A installed=()
while read -r pkg status; do
	[[ $status == installed ]] && installed[$pkg]=1
done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${packages[@]}" 2>/dev/null || true)
missing=()
for pkg in "${packages[@]}"; do
	[[ -n ${installed[$pkg]:-} ]] || missing+=("$pkg")
done
((${#missing[@]} == 0)) && exit 0

echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
