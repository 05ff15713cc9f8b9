#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Deployment tests, as root on the host (make check runs them): what a
# user does to install tpstat, against Debian's kernels' headers in
# /lib/modules, each followed by its removal and a check that nothing is
# left behind.  The host cannot load modules, so the guest part (modprobe,
# exact counts, export, the export unit, the autopkgtest) boots each
# kernel under QEMU: tests/deploy/guest.sh.
#   1. make dkms-install: dkms add/build/install from clean, for Debian
#      12's newest kernel; make dkms-remove.
#   2. the Debian packages: build (source and binary), lintian clean
#      (nothing at pedantic level, overrides only with a reason),
#      apt install, the systemd units installed and verified, none
#      enabled; in each kernel's guest modprobe loads the build the
#      postinst made with DKMS, the rest of guest.sh; apt purge.
#      The first kernel booted again with module.sig_enforce=1: DKMS's
#      key is not enrolled, so modprobe is refused and doctor says why
#      (tests/deploy/signature.sh).  Then its build removed and DKMS's
#      build for it failing: doctor in its guest quotes DKMS's log
#      (tests/deploy/build_failed.sh).
#      With them installed, a made-up kernel without tracepoints and one
#      whose build fails: their headers packages install, and DKMS or
#      tpstat's kernel hook says why tpstat is not built for them
#      (tests/deploy/unbuildable.sh).
#   3. make install KVER= / make uninstall, for Debian 12's 6.1 kernel,
#      whose headers' release is not its modules' directory's name.
# Each build takes a minute or two of a run's two cores: the packages'
# postinst builds for every Debian kernel with DKMS (part 2), so parts 1
# and 3, whose commands do the same for each kernel, take one each.
# Needs build/ctl/tpstat and build/tools/netload (make ctl tools).
#   tests/deploy/host.sh [LOGDIR]     (default build/check/deploy)
# Prints TAP lines and ends with "# <P> passed, <F> failed".
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
# shellcheck source=tests/net/lib.sh
. tests/net/lib.sh
logs=${1:-$top/build/check/deploy}
rm -rf "$logs"
mkdir -p "$logs"
VERSION=$(make -s --no-print-directory version)
PREFIX=/usr/local

# Debian's kernels (modules dir name, image): DKMS and dpkg work on
# /lib/modules, so the debug kernel is not one of them.
kernels=()
images=()
while read -r _ image _ modrel _; do
	[ "$modrel" = - ] && continue
	kernels+=("$modrel")
	images+=("$image")
done < <(tests/vm/kernels.sh)

# Everything an install could touch, less DKMS's own signing key
# (/var/lib/dkms/mok.*: made once, for every DKMS module).  Under PREFIX
# only the directories make install writes to: the rest of /usr/local is
# the machine's, and others may add to it while the tests run.
state() {
	{
		find /usr/src /var/lib/dkms /lib/modules /etc/modprobe.d \
			/etc/modules-load.d "$PREFIX/sbin" "$PREFIX/share/man" \
			"$PREFIX/share/bash-completion" "$PREFIX/share/zsh" /usr/sbin \
			/usr/share/man/man8 /usr/share/bash-completion/completions \
			/usr/share/zsh/vendor-completions /lib/systemd/system \
			/etc/systemd/system /var/lib/systemd/deb-systemd-helper-enabled \
			/var/lib/systemd/deb-systemd-helper-masked \
			/etc/kernel /usr/share/doc -xdev ! -path '/var/lib/dkms/mok.*' 2>/dev/null
		for k in "${kernels[@]}"; do
			md5sum "/lib/modules/$k/modules.dep" "/lib/modules/$k/modules.alias"
		done
		dpkg-query -W 'tpstat*' 2>/dev/null
	} | LC_ALL=C sort
}
# nothing_left <what>: the state is the one before the tests.
nothing_left() {
	state > "$logs/state.after"
	if diff "$logs/state.before" "$logs/state.after" > "$logs/state.diff"; then
		ok "$1 leaves nothing behind"
	else
		# What differs goes into the TAP line itself: make check's
		# summary keeps only those.
		not_ok "$1 leaves nothing behind ($(grep '^[<>]' "$logs/state.diff" |
			head -3 | tr '\n' ' ')...)"
		head -20 "$logs/state.diff" | sed 's/^/# /'
	fi
}
# resolves <kernel> <dir>: modprobe for that kernel picks tpstat from dir.
resolves() {
	modprobe -S "$1" --show-depends tpstat 2>/dev/null |
		grep -q "^insmod /lib/modules/$1/$2/tpstat\.ko"
}
# Removes whatever an earlier, interrupted run left installed.
cleanup() {
	local k
	dpkg-query -W tpstat tpstat-dkms > /dev/null 2>&1 &&
		apt-get purge -y -qq tpstat tpstat-dkms > /dev/null 2>&1
	[ -n "$(dkms status -m tpstat 2>/dev/null)" ] &&
		dkms remove -m tpstat --all > /dev/null 2>&1
	rm -rf /usr/src/tpstat-*
	make -s uninstall PREFIX="$PREFIX" > /dev/null 2>&1
	for k in "${kernels[@]}"; do depmod "$k"; done
}
trap cleanup EXIT

for tool in dkms promtool lintian dpkg-buildpackage qemu-system-x86_64; do
	command -v "$tool" > /dev/null || { not_ok "$tool is installed"; finish; exit 1; }
done
if [ ! -x build/ctl/tpstat ] || [ ! -x build/tools/netload ]; then
	not_ok "build/ctl/tpstat and build/tools/netload are built"
	finish
	exit 1
fi
check_eq "Debian kernels with headers to deploy on" yes \
	"$([ ${#kernels[@]} -ge 2 ] && echo yes)"
if [ -n "$(dkms status -m tpstat 2>/dev/null)" ] || ls -d /usr/src/tpstat-* > /dev/null 2>&1 ||
	dpkg-query -W tpstat tpstat-dkms > /dev/null 2>&1 ||
	ls /lib/modules/*/extra/tpstat.ko* > /dev/null 2>&1; then
	echo "# removing what an earlier run left installed"
	cleanup
fi
state > "$logs/state.before"

# --- one version -------------------------------------------------------------
check_eq "debian/changelog version is module/base/version.h's" "$VERSION" \
	"$(dpkg-parsechangelog -S Version)"
check_eq "the man page's version is module/base/version.h's" "tpstat $VERSION" \
	"$(sed -n 's/^\.TH TPSTAT 8 "[^"]*" "\([^"]*\)".*/\1/p' ctl/tpstat.8)"
check_eq "dkms.conf takes the version from the build" \
	'PACKAGE_VERSION="#MODULE_VERSION#"' "$(grep '^PACKAGE_VERSION=' dkms/dkms.conf)"

# --- doctor on this machine's own kernel, where tpstat cannot run ---------------
# (the module loads in the guests only): why not, from the files.
host_release=$(uname -r)
build/ctl/tpstat doctor > "$logs/doctor-host.txt"
check_eq "doctor on this machine's kernel ($host_release): exit status 4 (not running)" 4 $?
sed 's/^/# /' "$logs/doctor-host.txt"
if [ -f "/lib/modules/$host_release/build/Makefile" ]; then
	check "... with a cause" grep -q '^\[1\] ' "$logs/doctor-host.txt"
else
	check "... its headers missing, named with the package" grep -qxF \
		"[1] headers_missing: no tpstat is installed for $host_release, and its headers are missing (/lib/modules/$host_release/build)" \
		"$logs/doctor-host.txt"
	check "... and the package to install" grep -q "^    do: apt install linux-headers-$host_release " \
		"$logs/doctor-host.txt"
fi

# in_guest LABEL IMAGE RELEASE NAME APPEND COMMAND...: COMMAND in a boot
# of that kernel (with APPEND on its command line; its output in
# LOGDIR/NAME), its TAP lines as ours with LABEL before them, and its
# status and summary line checked.
in_guest() {
	local label=$1 image=$2 rel=$3 name=$4 append=$5 st line
	shift 5
	tests/vm/boot.sh --kernel "$image" --modules-release "$rel" \
		${append:+--append "$append"} --timeout 1200 --out "$logs/$name" -- \
		"$@" > /dev/null 2>&1
	st=$?
	while IFS= read -r line; do
		case $line in
		"ok "*) ok "$label: ${line#ok * - }" ;;
		"not ok "*) not_ok "$label: ${line#not ok * - }" ;;
		"# expected"* | "# "*:*) echo "$line" ;;
		esac
	done < "$logs/$name/output.log"
	check_eq "$label: the guest's tests ran to their end and passed (status)" 0 $st
	check "$label: the guest's tests ran to their end (summary line)" \
		grep -qE '^# [0-9]+ passed, 0 failed$' "$logs/$name/output.log"
}

# --- 1. DKMS from clean, dkms remove ------------------------------------------
# Guests boot in part 2, with the packages installed: their DKMS build is
# made the same way (dkms.conf), and the units are there.
k=${kernels[-1]}
nice -n 10 make dkms-install KVER="$k" > "$logs/dkms-install.log" 2>&1
check_eq "make dkms-install KVER=$k (dkms add, build, install)" 0 $?
check "$k: dkms status says installed" \
	grep -q "^tpstat/$VERSION, $k, [^:]*: installed" <(dkms status -m tpstat 2>/dev/null)
check "$k: modprobe resolves to updates/dkms" resolves "$k" updates/dkms
check_eq "$k: installed module's version" "$VERSION" "$(modinfo -k "$k" -F version tpstat)"
make dkms-remove > "$logs/dkms-remove.log" 2>&1
check_eq "make dkms-remove" 0 $?
check_eq "dkms knows no tpstat" "" "$(dkms status -m tpstat 2>/dev/null)"
check_eq "no tpstat.ko in /lib/modules" "" "$(find /lib/modules -name 'tpstat*.ko*')"
nothing_left "dkms remove"

# --- 2. Debian packages ----------------------------------------------------------
pkg=$(mktemp -d)
mkdir "$pkg/tpstat-$VERSION"
git ls-files | grep -v '^build/' | cpio -pdm --quiet "$pkg/tpstat-$VERSION"
(cd "$pkg/tpstat-$VERSION" && nice -n 10 dpkg-buildpackage -us -uc) > "$logs/deb-build.log" 2>&1
check_eq "dpkg-buildpackage builds the source, tpstat and tpstat-dkms" 0 $?
debs=("$pkg/tpstat-dkms_${VERSION}_all.deb" "$pkg/tpstat_${VERSION}_amd64.deb")
check "both .deb files and the .dsc exist" test -f "${debs[0]}" -a -f "${debs[1]}" \
	-a -f "$pkg/tpstat_${VERSION}.dsc"
# The .changes names the .dsc and the .debs: lintian checks them all.
lintian --pedantic --display-info --fail-on error,warning,info,pedantic \
	"$pkg/tpstat_${VERSION}_amd64.changes" > "$logs/lintian.log" 2>&1
check_eq "lintian: clean at pedantic level (.dsc, both .debs, .changes)" 0 $?
grep '^[EWIP]: ' "$logs/lintian.log" | head -5 | sed 's/^/# /'
check "tpstat-dkms depends on dkms" bash -c "dpkg-deb -f '${debs[0]}' Depends | grep -q dkms"

DEBIAN_FRONTEND=noninteractive nice -n 10 apt-get install -y "${debs[@]}" > "$logs/deb-install.log" 2>&1
check_eq "apt installs both packages" 0 $?
for k in "${kernels[@]}"; do
	check "$k: the package's postinst built and installed it with DKMS" \
		grep -q "^tpstat/$VERSION, $k, [^:]*: installed" <(dkms status -m tpstat 2>/dev/null)
	check "$k: modprobe resolves to updates/dkms" resolves "$k" updates/dkms
done
check "/usr/sbin/tpstat runs" bash -c "/usr/sbin/tpstat help > /dev/null"
check "man page installed" test -f /usr/share/man/man8/tpstat.8.gz
check "examples shipped" test -f /usr/share/doc/tpstat/examples/modprobe.d/tpstat.conf
ex=/usr/share/doc/tpstat/examples
check "the Prometheus rules shipped: the installed tool's doctor --prometheus" \
	cmp -s "$ex/prometheus/tpstat.rules.yml" <(/usr/sbin/tpstat doctor --prometheus)
check "the Grafana dashboard shipped, as JSON" python3 -m json.tool "$ex/grafana/tpstat.json"
units=(tpstat-load.service tpstat-export.service tpstat-export.timer tpstat-history-save.service)
check "the units are installed: ${units[*]}" \
	bash -c 'for u; do test -f "/lib/systemd/system/$u" || exit 1; done' - "${units[@]}"
check "systemd-analyze verify: the installed units" \
	systemd-analyze verify "${units[@]/#//lib/systemd/system/}"
check_eq "no unit is enabled (no symlink to it in /etc/systemd/system)" "" \
	"$(find /etc/systemd/system -name 'tpstat*' 2>/dev/null)"
for u in "${units[@]}"; do
	check "$u: disabled (deb-systemd-helper was-enabled says no)" \
		bash -c "! deb-systemd-helper --quiet was-enabled '$u'"
done
for i in "${!kernels[@]}"; do
	in_guest "${kernels[$i]}" "${images[$i]}" "${kernels[$i]}" "guest-${kernels[$i]}" "" \
		tests/deploy/guest.sh "$VERSION"
done
# The first kernel again, enforcing module signatures as under Secure
# Boot: DKMS's key is not enrolled, and doctor says so.
k=${kernels[0]}
in_guest "$k, signatures enforced" "${images[0]}" "$k" "signature-$k" module.sig_enforce=1 \
	tests/deploy/signature.sh
# The first kernel's build removed and DKMS's build again failing, against
# headers that compile nothing (a Makefile that fails, that kernel's
# .config): doctor there names the failed build.
fake=$(mktemp -d)
cp "/lib/modules/$k/build/.config" "$fake/"
mkdir "$fake/include"	# what DKMS takes for a kernel tree
printf '%%:\n\t@echo "not a kernel tree: nothing builds here" >&2; exit 1\n' > "$fake/Makefile"
dkms remove -m tpstat -v "$VERSION" -k "$k" > "$logs/build-failed.log" 2>&1
check_eq "$k: dkms remove of its build" 0 $?
dkms build -m tpstat -v "$VERSION" -k "$k" --kernelsourcedir "$fake" >> "$logs/build-failed.log" 2>&1
check "$k: dkms build against headers that compile nothing fails" test $? -ne 0
rm -rf "$fake"
in_guest "$k, its build failed" "${images[0]}" "$k" "build-failed-$k" "" \
	tests/deploy/build_failed.sh "$VERSION"
# A kernel tpstat cannot be built for, installed with tpstat in DKMS.
while IFS= read -r line; do
	case $line in
	"ok "*) ok "${line#ok * - }" ;;
	"not ok "*) not_ok "${line#not ok * - }" ;;
	"# expected"*) echo "$line" ;;
	esac
done < <(tests/deploy/unbuildable.sh "$logs")
DEBIAN_FRONTEND=noninteractive apt-get purge -y tpstat tpstat-dkms > "$logs/deb-purge.log" 2>&1
check_eq "apt purges both" 0 $?
check_eq "dkms knows no tpstat after purge" "" "$(dkms status -m tpstat 2>/dev/null)"
nothing_left "apt purge"
rm -rf "$pkg"

# --- 3. make install / uninstall ---------------------------------------------------
k=${kernels[0]}
nice -n 10 make install KVER="$k" PREFIX="$PREFIX" > "$logs/install-$k.log" 2>&1
check_eq "$k: make install KVER=$k" 0 $?
check "$k: modprobe resolves to extra/" resolves "$k" extra
check_eq "$k: installed module's version" "$VERSION" "$(modinfo -k "$k" -F version tpstat)"
check "$PREFIX/sbin/tpstat runs" bash -c "'$PREFIX/sbin/tpstat' help > /dev/null"
check "man page and completions under $PREFIX" test -f "$PREFIX/share/man/man8/tpstat.8" \
	-a -f "$PREFIX/share/bash-completion/completions/tpstat" \
	-a -f "$PREFIX/share/zsh/site-functions/_tpstat"
make uninstall PREFIX="$PREFIX" > "$logs/uninstall.log" 2>&1
check_eq "make uninstall" 0 $?
for k in "${kernels[@]}"; do
	check "$k: modprobe finds no tpstat" bash -c "! modprobe -S '$k' --show-depends tpstat 2>/dev/null"
done
nothing_left "make uninstall"

finish
