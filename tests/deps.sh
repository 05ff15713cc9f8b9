#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Installs, with apt, whatever building and testing tpstat needs and this
# machine lacks: compilers and kernel build tools, Debian's 6.1 and 6.12
# kernels with their headers, the 6.1 source for the 6.1 debug kernel and
# Debian's archive keys for fetching the 5.10 one's from bullseye, QEMU
# and busybox for the test bed (and for the foreign guests: QEMU's
# systems of each architecture, riscv64's OpenSBI firmware, cross
# compilers for the module of the bookworm ones and for the tools,
# qemu-user for the tool's unit tests, debootstrap for their Debian
# root, tests/vm/root.sh, and for the matrix's build chroots,
# tests/matrix/chroot.sh), and the tools the tests drive (for the
# deployment tests: DKMS, Debian packaging tools, lintian, and prometheus
# for promtool; python3-yaml and -jsonschema for the kernel's YNL client,
# tests/ynl/), ccache for make check's rebuilds and gojq, which the
# suites run for jq (it starts ten times faster), bash-completion and zsh
# for the completions' tests (ctl/tests/completion.sh).  Quick when everything
# is there already.
set -euo pipefail

packages=(
	build-essential bc bison flex libelf-dev libssl-dev dwarves kmod
	cpio xz-utils zstd python3 python3-yaml python3-jsonschema jq gojq iproute2
	ethtool procps util-linux nftables
	qemu-system-x86 busybox-static
	qemu-system-arm gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf
	qemu-system-misc qemu-system-ppc qemu-system-mips opensbi qemu-user-static
	gcc-i686-linux-gnu gcc-mipsel-linux-gnu gcc-mips64el-linux-gnuabi64
	gcc-riscv64-linux-gnu gcc-s390x-linux-gnu gcc-powerpc64le-linux-gnu
	debootstrap
	linux-image-amd64 linux-headers-amd64
	linux-image-6.12-amd64 linux-headers-6.12-amd64
	linux-source-6.1 debian-archive-keyring
	libmnl-dev pkg-config ccache
	dkms debhelper dh-dkms lintian prometheus
	bash-completion zsh
)

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
