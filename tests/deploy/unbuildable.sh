#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A kernel tpstat cannot be built for must not break that kernel's
# package installation.  With tpstat in DKMS (tests/deploy/host.sh runs
# this while the Debian packages are installed), this installs the
# headers packages of two made-up kernels, whose postinst runs
# /etc/kernel/header_postinst.d as Debian's linux-headers packages do
# (DKMS's autoinstall and tpstat's own hook):
#   - one whose configuration has no CONFIG_TRACEPOINTS: DKMS says why
#     it leaves tpstat out;
#   - one with every option tpstat needs, whose build fails (its
#     Makefile says so and exits 1, as a kernel newer than tpstat knows
#     or a compiler missing would): tpstat's hook says it could not
#     build and where DKMS's log is;
#   - one built with clang (CONFIG_CC_IS_CLANG), as no Debian kernel is,
#     whose build fails too: DKMS's log shows make module building it
#     with LLVM=1;
# and checks for each that it installs, says so, that nothing was built
# for it, and that it purges.
#   tests/deploy/unbuildable.sh LOGDIR
# Prints TAP lines (no plan, no summary: host.sh counts them).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/net/lib.sh
. "$here/../net/lib.sh"
logs=$1
# made_up REL CONFIG LABEL MESSAGE [SAYS]: that kernel's headers package
# (configuration CONFIG, a Makefile that fails), installed and purged;
# LABEL names it in the TAP lines, MESSAGE a line its install must say,
# SAYS a string it must hold too.
made_up() {
	local rel=$1 config=$2 label=$3 message=$4 says=${5:-}
	local pkg=linux-headers-$rel
	local work root src
	work=$(mktemp -d)
	root=$work/root
	src=/usr/src/$pkg

	mkdir -p "$root/DEBIAN" "$root$src/include" "$root/lib/modules/$rel"
	ln -s "$src" "$root/lib/modules/$rel/build"
	printf '%s' "$config" > "$root$src/.config"
	printf 'modules:\n\t@echo "not a kernel: nothing builds here" >&2; exit 1\n' \
		> "$root$src/Makefile"
	cat > "$root/DEBIAN/control" << EOF
Package: $pkg
Version: 1
Architecture: all
Maintainer: tpstat tests <tests@invalid>
Description: headers of a made-up kernel ($label)
 For tpstat's deployment tests only.
EOF
	cat > "$root/DEBIAN/postinst" << EOF
#!/bin/sh
set -e
if [ "\$1" = configure ] && [ -d /etc/kernel/header_postinst.d ]; then
	DEB_MAINT_PARAMS="\$*" run-parts --report --exit-on-error --arg=$rel \\
		/etc/kernel/header_postinst.d
fi
EOF
	chmod 755 "$root/DEBIAN/postinst"
	dpkg-deb -b --root-owner-group "$root" "$work/$pkg.deb" > /dev/null

	dpkg -i "$work/$pkg.deb" > "$logs/$rel-install.log" 2>&1
	check_eq "a kernel $label: its headers package installs" 0 $?
	sed 's/^/# /' "$logs/$rel-install.log"
	check "... and says why tpstat is not built for it" grep -qxF "$message" \
		"$logs/$rel-install.log"
	if [ -n "$says" ]; then
		check "... and it says: $says" grep -qF "$says" "$logs/$rel-install.log"
	fi
	check_eq "... and nothing was built for it" "" \
		"$(dkms status -m tpstat 2>/dev/null | grep -F "$rel"; ls -d /var/lib/dkms/tpstat/*/"$rel" 2>/dev/null)"
	dpkg --purge "$pkg" > "$logs/$rel-purge.log" 2>&1
	check_eq "... and it purges" 0 $?
	check "... leaving no /lib/modules/$rel" test ! -e "/lib/modules/$rel"
	rm -rf "$work"
}

ver=$(dkms status -m tpstat | sed -n 's|^tpstat/\([^,]*\),.*|\1|p' | head -n 1)
# Modules and the network, but no tracepoints.
made_up 0.0.1-tpstat-unbuildable $'CONFIG_MODULES=y\nCONFIG_NET=y\nCONFIG_INET=y\n' \
	"without tracepoints" \
	"tpstat: DKMS does not build tpstat for 0.0.1-tpstat-unbuildable: its kernel has no CONFIG_TRACEPOINTS"
# Everything tpstat asks of a kernel, but nothing builds.
made_up 0.0.2-tpstat-broken \
	$'CONFIG_MODULES=y\nCONFIG_TRACEPOINTS=y\nCONFIG_NET=y\nCONFIG_INET=y\n' \
	"whose build fails" \
	"tpstat: DKMS could not build tpstat $ver for 0.0.2-tpstat-broken (status 10; its log: /var/lib/dkms/tpstat/$ver/build/make.log); 0.0.2-tpstat-broken installs without tpstat"
# Built with clang (no Debian kernel is): DKMS builds it with clang.
made_up 0.0.3-tpstat-clang \
	$'CONFIG_MODULES=y\nCONFIG_TRACEPOINTS=y\nCONFIG_NET=y\nCONFIG_INET=y\nCONFIG_CC_IS_CLANG=y\n' \
	"built with clang, whose build fails" \
	"tpstat: DKMS could not build tpstat $ver for 0.0.3-tpstat-clang (status 10; its log: /var/lib/dkms/tpstat/$ver/build/make.log); 0.0.3-tpstat-clang installs without tpstat" \
	"KDIR=/lib/modules/0.0.3-tpstat-clang/build CC=clang"
# make module itself, against such headers: LLVM=1, unless the caller
# chose a compiler (as DKMS does, CC=clang).
clang_tree=$(mktemp -d)
mkdir "$clang_tree/include"
printf 'CONFIG_MODULES=y\nCONFIG_TRACEPOINTS=y\nCONFIG_CC_IS_CLANG=y\n' > "$clang_tree/.config"
printf '%%:\n\t@exit 1\n' > "$clang_tree/Makefile"
make -C "$here/../.." module KVER=0.0.3-tpstat-clang KDIR="$clang_tree" \
	> "$logs/clang-module.log" 2>&1
check "make module against a clang kernel's headers builds with LLVM=1" grep -qxF \
	"  0.0.3-tpstat-clang was built with clang: building with LLVM=1" "$logs/clang-module.log"
make -C "$here/../.." module KVER=0.0.3-tpstat-clang KDIR="$clang_tree" CC=clang \
	> "$logs/clang-module-cc.log" 2>&1
check "... and with the caller's CC=clang, as DKMS gives it, not" \
	bash -c '! grep -q "building with LLVM=1" "$1"' - "$logs/clang-module-cc.log"
rm -rf "$clang_tree" "$here/../../build/0.0.3-tpstat-clang"
