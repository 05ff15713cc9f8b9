#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A kernel tpstat cannot be built for must not break that kernel's
# package installation.  With tpstat in DKMS (tests/deploy/host.sh runs
# this while the Debian packages are installed), this installs the
# headers package of a made-up kernel whose configuration has no
# CONFIG_TRACEPOINTS, whose postinst runs /etc/kernel/header_postinst.d
# as Debian's linux-headers packages do (DKMS's autoinstall), and checks
# that it installs, that DKMS said why it left tpstat out and built
# nothing, and that it purges.
#   tests/deploy/unbuildable.sh LOGDIR
# Prints TAP lines (no plan, no summary: host.sh counts them).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/net/lib.sh
. "$here/../net/lib.sh"
logs=$1
rel=0.0.1-tpstat-unbuildable
pkg=linux-headers-$rel
work=$(mktemp -d)
root=$work/root
src=/usr/src/$pkg

mkdir -p "$root/DEBIAN" "$root$src/include" "$root/lib/modules/$rel"
ln -s "$src" "$root/lib/modules/$rel/build"
# Modules and the network, but no tracepoints.
printf 'CONFIG_MODULES=y\nCONFIG_NET=y\nCONFIG_INET=y\n' > "$root$src/.config"
printf 'modules:\n\t@echo "not a kernel: nothing builds here" >&2; exit 1\n' \
	> "$root$src/Makefile"
cat > "$root/DEBIAN/control" << EOF
Package: $pkg
Version: 1
Architecture: all
Maintainer: tpstat tests <tests@invalid>
Description: headers of a made-up kernel without tracepoints
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

dpkg -i "$work/$pkg.deb" > "$logs/unbuildable-install.log" 2>&1
check_eq "a kernel without tracepoints: its headers package installs" 0 $?
sed 's/^/# /' "$logs/unbuildable-install.log"
check "... DKMS said why it left tpstat out" grep -qxF \
	"tpstat: DKMS does not build tpstat for $rel: its kernel has no CONFIG_TRACEPOINTS" \
	"$logs/unbuildable-install.log"
check_eq "... and built nothing for it" "" \
	"$(dkms status -m tpstat 2>/dev/null | grep -F "$rel"; ls -d /var/lib/dkms/tpstat/*/"$rel" 2>/dev/null)"
dpkg --purge "$pkg" > "$logs/unbuildable-purge.log" 2>&1
check_eq "... and it purges" 0 $?
check "... leaving no /lib/modules/$rel" test ! -e "/lib/modules/$rel"
rm -rf "$work"
