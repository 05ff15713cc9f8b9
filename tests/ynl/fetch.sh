#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel's generic netlink client, tools/net/ynl (cli.py and its
# library), with the kernel's netlink specs and schemas
# (Documentation/netlink/), taken from Debian 12's linux-source-6.12 into
# the cache, keyed by the package's version; prints that directory.  Only
# those two directories are unpacked, and nothing of them enters the tree.
#   tests/ynl/fetch.sh
set -euo pipefail

cache=${TPSTAT_CACHE:-$HOME/.cache/tpstat}
pkg=linux-source-6.12
ver=$(apt-cache policy "$pkg" | awk '$1 == "Candidate:" { print $2 }')
if [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
	apt-get update -qq
	ver=$(apt-cache policy "$pkg" | awk '$1 == "Candidate:" { print $2 }')
fi
if [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
	echo "fetch.sh: no $pkg in this machine's apt sources" >&2
	exit 1
fi
dir=$cache/ynl-$ver
if [ -f "$dir/.done" ]; then
	echo "$dir"
	exit 0
fi

mkdir -p "$cache"
exec 9>"$cache/ynl.lock"
flock 9
if [ ! -f "$dir/.done" ]; then
	tmp=$(mktemp -d "$cache/ynl.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	(cd "$tmp" && apt-get download -q "$pkg=$ver" >/dev/null 2>&1) ||
		{ echo "fetch.sh: cannot download $pkg $ver" >&2; exit 1; }
	# The package holds one tarball of the whole tree: stream it and keep
	# the two directories.
	dpkg-deb --fsys-tarfile "$tmp"/"$pkg"_*.deb |
		tar -xO "./usr/src/$pkg.tar.xz" | xz -dc |
		tar -x -C "$tmp" --wildcards "$pkg/tools/net/ynl/*" \
			"$pkg/Documentation/netlink/*" || true
	[ -f "$tmp/$pkg/tools/net/ynl/cli.py" ] ||
		{ echo "fetch.sh: $pkg $ver has no tools/net/ynl/cli.py" >&2; exit 1; }
	rm -rf "$dir"
	mv "$tmp/$pkg" "$dir"
	touch "$dir/.done"
fi
echo "$dir"
