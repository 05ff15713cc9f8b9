# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/cross.sh: what a cross build for a Debian architecture
# needs (sourced, not run): Kbuild's ARCH, the GNU triplet (Debian's
# cross gcc is gcc-<triplet>, its compiler <triplet>-gcc), and where the
# build runs.  A file apart from lib.sh, whose hash keys the chroots.

# cross_of ARCH: "<Kbuild ARCH> <triplet>" of Debian architecture ARCH;
# status 1 for one tpstat is not cross-built for (amd64 too).
cross_of() {
	case $1 in
	arm64) echo arm64 aarch64-linux-gnu ;;
	armhf) echo arm arm-linux-gnueabihf ;;
	i386) echo x86 i686-linux-gnu ;;
	mips64el) echo mips mips64el-linux-gnuabi64 ;;
	mipsel) echo mips mipsel-linux-gnu ;;
	ppc64el) echo powerpc powerpc64le-linux-gnu ;;
	riscv64) echo riscv riscv64-linux-gnu ;;
	s390x) echo s390 s390x-linux-gnu ;;
	*) return 1 ;;
	esac
}

# cross_in_chroot SUITE: whether a kernel of SUITE is cross-built in the
# suite's chroot rather than on the host.  The host is Debian 12: its
# gcc-<triplet> and linux-kbuild are bookworm's, and a later suite's
# kbuild binaries need that suite's glibc.
cross_in_chroot() { [[ $1 != bookworm ]]; }
