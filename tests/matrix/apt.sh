#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/apt.sh: apt for one Debian suite and architecture, apart from
# the host's: its sources, lists and package cache live in the cache, so
# reading bullseye or sid, or arm64, never touches /etc/apt, /var/lib/apt,
# dpkg's database or the host's architectures.
#
# Usage: tests/matrix/apt.sh SUITE ARCH COMMAND [ARGS...]
#   SUITE            bullseye, bookworm, trixie, trixie-backports or sid
#   ARCH             a Debian architecture (amd64, arm64, armhf...)
#   update           fetch the lists if never fetched or older than
#                    TPSTAT_APT_MAX_AGE hours (default 6; 0: now)
#   apt-get ARGS...  apt-get with this configuration (lists updated first
#                    if stale); apt-get download saves into the current dir
#   apt-cache ARGS...
#   sources          the suite's one-line sources (a chroot of it uses them)
#   config           the path of its apt.conf, for APT_CONFIG=<path> apt-get...
# A release reads its main, -updates and -security archives.
# trixie-backports is trixie plus trixie-backports, the default release,
# so its candidates come from there.  sid is sid alone.
# An -updates or -security archive whose index fails apt's check (a mirror
# caught mid-sync: bookworm-security's armhf and i386 Packages.xz were not
# the size their Release file says) is left out until the lists are next
# updated, and said on stderr: the suite's kernel is then its point
# release's.  The suite's own archive failing is an error.
# Mirrors: TPSTAT_DEBIAN_MIRROR (default http://deb.debian.org/debian) and
# TPSTAT_DEBIAN_SECURITY (http://deb.debian.org/debian-security).
# Release files' Valid-Until is not checked: a mirror may be a snapshot
# whose sid is past it.  Signatures are: the host's debian-archive-keyring.
# Cache: <cache>/matrix/apt/<SUITE>_<ARCH>/.
set -euo pipefail
# shellcheck source=tests/matrix/lib.sh
. "$(dirname "$0")/lib.sh"

mirror=${TPSTAT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${TPSTAT_DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

# The one-line sources of SUITE for ARCH.
sources() {
	local suite=$1 arch=$2 opts="[signed-by=$keyring]"
	case $suite in
	sid) echo "deb $opts $mirror sid main" ;;
	bullseye | bookworm | trixie | trixie-backports)
		local rel=${suite%-backports}
		echo "deb $opts $mirror $rel main"
		left_out "$rel-updates" || echo "deb $opts $mirror $rel-updates main"
		left_out "$rel-security" || echo "deb $opts $security $rel-security main"
		[[ $suite == *-backports ]] && echo "deb $opts $mirror $suite main"
		;;
	*) die "unknown suite '$suite' (bullseye, bookworm, trixie, trixie-backports, sid)" ;;
	esac
	return 0
}
# left_out ARCHIVE: whether ARCHIVE's index failed at the last update.
left_out() { [[ -n ${dir:-} ]] && grep -qxF "$1" "$dir/left-out" 2>/dev/null; }

# The configuration that makes apt read only this suite: an APT_CONFIG file
# is read before /etc/apt/apt.conf.d, and names an empty dir instead (no
# host hooks, pins or cache settings), unlike -o options, read after it.
config() {
	local suite=$1 arch=$2 dir=$3
	cat <<-CONF
		// written by tests/matrix/apt.sh for $suite $arch
		Dir::Etc::main "/dev/null";
		Dir::Etc::parts "$dir/empty";
		Dir::Etc::sourcelist "$dir/sources.list";
		Dir::Etc::sourceparts "/dev/null";
		Dir::Etc::preferences "/dev/null";
		Dir::Etc::preferencesparts "$dir/empty";
		Dir::State "$dir/state";
		Dir::State::Lists "$dir/lists";
		Dir::State::status "$dir/status";
		Dir::Cache "$dir/cache";
		Dir::Cache::srcpkgcache "";
		APT::Architecture "$arch";
		APT::Architectures { "$arch"; };
		APT::Sandbox::User "root";
		Acquire::Check-Valid-Until "false";
		Acquire::Languages "none";
		Acquire::Retries "3";
	CONF
	[[ $suite == *-backports ]] && echo "APT::Default-Release \"$suite\";"
	return 0
}

# Creates the suite's directory (its sources.list rewritten if it changed).
setup() {
	local suite=$1 arch=$2 dir=$3
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/state" "$dir/empty"
	[[ -e $dir/status ]] || : >"$dir/status"
	config "$suite" "$arch" "$dir" >"$dir/apt.conf.new.$$"
	sources "$suite" "$arch" >"$dir/sources.list.new.$$"
	for f in apt.conf sources.list; do
		if cmp -s "$dir/$f.new.$$" "$dir/$f"; then
			rm -f "$dir/$f.new.$$"
		else
			mv -f "$dir/$f.new.$$" "$dir/$f"
			rm -f "$dir/updated"
		fi
	done
}

# Fetches the lists when stale (under an exclusive lock).
update() {
	local suite=$1 arch=$2 dir=$3 max=${TPSTAT_APT_MAX_AGE:-6} start=$SECONDS
	[[ $max =~ ^[0-9]+$ ]] || die "TPSTAT_APT_MAX_AGE must be a number of hours"
	fresh "$dir" "$max" && return 0
	lock "$dir/lock"
	if ! fresh "$dir" "$max"; then
		rm -f "$dir/left-out"
		sources "$suite" "$arch" >"$dir/sources.list"
		if ! apt_update "$dir" "$dir/update.log"; then
			# The archives whose index failed, if each is one the
			# suite can do without.
			sed -n 's|^[EW]: Failed to fetch .*/dists/\([^/]*\)/.*|\1|p' \
				"$dir/update.log" | sort -u >"$dir/left-out"
			if [[ ! -s $dir/left-out ]] ||
				grep -qvE -e '-(updates|security)$' "$dir/left-out"; then
				rm -f "$dir/left-out"
				die "apt-get update for $suite/$arch failed: $(grep -m1 '^E:' "$dir/update.log")"
			fi
			log "$suite/$arch: left out $(paste -sd' ' "$dir/left-out"): $(grep -m1 '^E: Failed' "$dir/update.log" | sed 's/^E: Failed to fetch [^ ]* *//')"
			sources "$suite" "$arch" >"$dir/sources.list"
			apt_update "$dir" "$dir/update.log" ||
				die "apt-get update for $suite/$arch failed without $(paste -sd' ' "$dir/left-out")"
		fi
		touch "$dir/updated"
		log "$suite/$arch lists updated in $(elapsed "$start")"
	fi
	unlock "$dir/lock"
}
# apt_update DIR LOG: apt-get update, its messages in LOG and on stderr.
apt_update() {
	APT_CONFIG=$1/apt.conf apt-get -qq --error-on=any update >"$2" 2>&1
	local st=$?
	cat "$2" >&2
	return $st
}
fresh() {
	local dir=$1 max=$2
	((max > 0)) && [[ -f $dir/updated && -z $(find "$dir/updated" -mmin +$((max * 60))) ]]
}

(($# >= 3)) || { usage >&2; exit 2; }
suite=$1 arch=$2 cmd=$3
shift 3
[[ $arch =~ ^[a-z0-9]+$ ]] || die "bad architecture '$arch'"
sources "$suite" "$arch" >/dev/null
dir=$matrix_cache/apt/${suite}_$arch

case $cmd in
sources) sources "$suite" "$arch" ;;
config)
	setup "$suite" "$arch" "$dir"
	echo "$dir/apt.conf"
	;;
update)
	setup "$suite" "$arch" "$dir"
	update "$suite" "$arch" "$dir"
	;;
apt-get | apt-cache)
	setup "$suite" "$arch" "$dir"
	update "$suite" "$arch" "$dir"
	lock "$dir/lock" -s
	APT_CONFIG=$dir/apt.conf "$cmd" "$@"
	;;
-h | --help) usage ;;
*) die "unknown command '$cmd' (try --help)" ;;
esac
