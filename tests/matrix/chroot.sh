#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/chroot.sh: a Debian chroot (debootstrap --variant=minbase)
# of one suite with what building an out-of-tree module needs, kept in the
# cache: a kernel of that suite is built the way its users build it, with
# that suite's gcc and its headers package installed by its own apt.
#
# Usage: tests/matrix/chroot.sh SUITE [PACKAGE[=VERSION]...]
#            prints the chroot's directory; creates it first if needed, and
#            installs the PACKAGEs (e.g. linux-headers-<release>=<version>)
#            with the chroot's apt-get unless installed already
#        tests/matrix/chroot.sh --run DIR COMMAND [ARGS...]
#            runs COMMAND in chroot DIR with /proc mounted, in a mount
#            namespace of its own, so no mount outlives it; a clean
#            environment (PATH, HOME=/root, LANG=C.UTF-8)
#   SUITE    bullseye, bookworm, trixie, trixie-backports (a trixie chroot
#            whose apt also reads trixie-backports) or sid; its apt sources
#            are tests/matrix/apt.sh's for amd64.
# The chroot is <cache>/matrix/chroot/<SUITE>-<key>, the key a hash of this
# script, its sources and base packages; it is built in a temporary
# directory and renamed when complete (.done last), under an flock per
# suite; older keys of the suite are removed.  The chroot's lists are
# refreshed before installing when older than TPSTAT_APT_MAX_AGE hours
# (default 6).  debootstrap's log: <chroot>.log.  Needs root, debootstrap.
set -euo pipefail
# shellcheck source=tests/matrix/lib.sh
. "$(dirname "$0")/lib.sh"

# perl: W=1 runs scripts/kernel-doc, which needs more than perl-base.
# ccache: build.sh keeps the objects of its last build in the chroot.
base_packages=(gcc make libc6-dev bc libelf-dev kmod xz-utils zstd perl ccache)

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

# run DIR COMMAND...: COMMAND in the chroot, /proc mounted in a private
# mount namespace (gone, with its mounts, when COMMAND ends).
run() {
	local dir=$1
	shift
	[[ -x $dir/bin/sh ]] || die "no chroot at $dir"
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare --mount --propagation private -- /bin/sh -c '
		dir=$1; shift
		mount -t proc proc "$dir/proc" || exit 1
		exec chroot "$dir" "$@"' sh "$dir" \
		env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive "$@"
}

# A directory of ours to remove: never while something is mounted below it.
remove_tree() {
	local dir=$1
	[[ -e $dir ]] || return 0
	if findmnt -rno TARGET | grep -q "^$(realpath "$dir")\(/\|$\)"; then
		die "$dir has mounts below it: not removing it"
	fi
	rm -rf --one-file-system "$dir"
}

# create SUITE DIR: debootstraps DIR (through a temporary directory).
create() {
	local suite=$1 dir=$2 rel=${1%-backports} tmp start=$SECONDS
	local mirror=${TPSTAT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
	command -v debootstrap >/dev/null || die "debootstrap is missing (run tests/deps.sh)"
	# Under the lock, any <suite>-<key>.tmp is left from a run that died.
	for tmp in "${dir%-*}"-*.tmp; do
		[[ ${tmp##*/} =~ ^$suite-[0-9a-f]{16}\.tmp$ ]] && remove_tree "$tmp"
	done
	tmp=$dir.tmp
	log "debootstrapping $suite into $dir (log: $dir.log)"
	# Two stages, so that dpkg installs the base system without an fsync a
	# file (force-unsafe-io: a lost chroot is made again, never half used).
	if ! unshare --mount --propagation private -- \
		debootstrap --foreign --variant=minbase --components=main \
		--include="$(IFS=,; echo "${base_packages[*]}")" \
		--keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
		"$rel" "$tmp" "$mirror" >"$dir.log" 2>&1; then
		tail -n 20 "$dir.log" >&2
		die "debootstrap $rel failed (log: $dir.log)"
	fi
	echo force-unsafe-io >"$tmp/etc/dpkg/dpkg.cfg.d/tpstat-unsafe-io"
	if ! run "$tmp" /debootstrap/debootstrap --second-stage >>"$dir.log" 2>&1; then
		tail -n 20 "$dir.log" >&2
		die "debootstrap $rel (second stage) failed (log: $dir.log)"
	fi
	"$matrix_dir/apt.sh" "$suite" amd64 sources >"$tmp/etc/apt/sources.list"
	cat >"$tmp/etc/apt/apt.conf.d/99tpstat" <<-'CONF'
		// written by tests/matrix/chroot.sh: the mirror may be a snapshot
		// whose Release files are past their Valid-Until (sid's).
		Acquire::Check-Valid-Until "false";
		Acquire::Languages "none";
		Acquire::Retries "3";
		APT::Install-Recommends "false";
	CONF
	printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
	chmod 755 "$tmp/usr/sbin/policy-rc.d"
	run "$tmp" apt-get -qq clean
	run "$tmp" apt-get -qq --error-on=any update >>"$dir.log" 2>&1 ||
		die "apt-get update in the $suite chroot failed (log: $dir.log)"
	touch "$tmp/.updated"
	mv "$tmp" "$dir"
	touch "$dir/.done"
	log "$suite chroot made in $(elapsed "$start"): $(run "$dir" gcc --version | head -1)"
}

# install DIR PACKAGE[=VERSION]...: those not installed yet, with the
# chroot's apt (its lists refreshed first when stale, or when a package
# is not found).
install() {
	local dir=$1 pkg want=() max=${TPSTAT_APT_MAX_AGE:-6} start=$SECONDS
	shift
	for pkg; do
		[[ -e $dir/.installed/$pkg ]] || want+=("$pkg")
	done
	((${#want[@]})) || return 0
	if ((max == 0)) || [[ -n $(find "$dir/.updated" -mmin +$((max * 60))) ]]; then
		run "$dir" apt-get -qq --error-on=any update >&2 && touch "$dir/.updated"
	fi
	if ! run "$dir" apt-get install -y -qq "${want[@]}" >"$dir.install.log" 2>&1; then
		run "$dir" apt-get -qq --error-on=any update >&2 && touch "$dir/.updated"
		run "$dir" apt-get install -y -qq "${want[@]}" >"$dir.install.log" 2>&1 || {
			tail -n 20 "$dir.install.log" >&2
			die "installing ${want[*]} in $dir failed"
		}
	fi
	run "$dir" apt-get -qq clean
	mkdir -p "$dir/.installed"
	for pkg in "${want[@]}"; do
		touch "$dir/.installed/$pkg"
	done
	log "installed ${want[*]} in $(basename "$dir") in $(elapsed "$start")"
}

case ${1:-} in
-h | --help) usage; exit 0 ;;
'') usage >&2; exit 2 ;;
--run)
	(($# >= 3)) || die "usage: chroot.sh --run DIR COMMAND [ARGS...]"
	shift
	run "$@"
	exit
	;;
esac

suite=$1
shift
sources=$("$matrix_dir/apt.sh" "$suite" amd64 sources)
top=$matrix_cache/chroot
dir=$top/$suite-$(key "$0" "$matrix_dir/lib.sh" -- "$sources" "${base_packages[@]}")

lock "$top/$suite.lock"
if [[ ! -f $dir/.done ]]; then
	create "$suite" "$dir"
	for old in "$top/$suite"-*; do
		[[ ${old##*/} =~ ^$suite-[0-9a-f]{16}$ && $old != "$dir" ]] || continue
		remove_tree "$old" && rm -f "$old.log" "$old.install.log"
	done
fi
(($#)) && install "$dir" "$@"
unlock "$top/$suite.lock"
echo "$dir"
