# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/matrix/lib.sh: what the matrix scripts share (sourced, not run):
# the cache's place, messages, locks and content keys.
# The cache: ${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}/matrix.

matrix_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache_root=${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}
# shellcheck disable=SC2034 # used by the scripts that source this
matrix_cache=$cache_root/matrix
prog=${prog:-$(basename "$0")}

log() { echo "$prog: $*" >&2; }
die() {
	echo "$prog: $*" >&2
	exit 1
}

# lock FILE [-s]: takes an flock on FILE (exclusive, or shared with -s) for
# as long as this shell runs, or until unlock FILE.
declare -A lock_fds=()
lock() {
	local fd
	mkdir -p "$(dirname "$1")"
	exec {fd}>>"$1"
	flock ${2:+"$2"} "$fd"
	lock_fds[$1]=$fd
}
unlock() {
	local fd=${lock_fds[$1]:-}
	[[ -n $fd ]] || return 0
	exec {fd}>&-
	unset "lock_fds[$1]"
}

# key FILE... [-- TEXT...]: 16 hex digits of a hash over the files' contents
# and the text: what a cache entry is named after.
key() {
	local files=()
	while (($#)) && [[ $1 != -- ]]; do
		files+=("$1")
		shift
	done
	(($#)) && shift
	{
		cat "${files[@]}"
		printf '%s\n' "$@"
	} | sha256sum | cut -c1-16
}

# elapsed SECONDS_BEFORE: "12s" since then.
elapsed() { echo "$((SECONDS - $1))s"; }

# The matrix's kernels (kernels.conf without comments): name suite arch meta tier.
matrix_kernels() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$matrix_dir/kernels.conf"; }
