#!/usr/bin/env bash
# tests/vm/vmlinux.sh: get the uncompressed kernel (an ELF with a PVH entry point) out of a
# bzImage, so that QEMU can boot it directly and the guest skips decompressing itself (an
# XZ-compressed kernel takes ~8 s to decompress under TCG).
#
# Usage: tests/vm/vmlinux.sh BZIMAGE
#   Prints the path of the ELF kernel, cached in
#   ${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}/vmlinux-<key>.elf (key: the
#   bzImage's contents and this script). Exits 1 with a reason on stderr when the kernel
#   cannot be booted that way (no PVH entry point: CONFIG_PVH is off; unknown compression;
#   not a bzImage); a kernel without PVH is remembered, so the next call fails fast.
#   Given an ELF kernel with a PVH entry point, prints it as it is.
set -euo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
if [[ $# -ne 1 || $1 == -h || $1 == --help ]]; then
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$self"
	[[ $# -eq 1 ]] && exit 0
	exit 2
fi
image=$1
fail() {
	echo "vmlinux.sh: $image: $*" >&2
	exit 1
}
[[ -r $image ]] || fail "cannot read it"
command -v readelf >/dev/null || fail "readelf is missing (binutils)"

# True if the ELF file $1 has a Xen PVH entry note (XEN_ELFNOTE_PHYS32_ENTRY, type 18).
has_pvh() {
	readelf -n --wide "$1" 2>/dev/null | grep -qE 'Xen[[:space:]].*(0x00000012|PHYS32)'
}

# Little-endian unsigned integer of $2 bytes at offset $1 of the image.
le() { od -An -tu"$2" -j "$1" -N "$2" "$image" | tr -d ' \n'; }

if [[ $(od -An -tx1 -N 4 "$image" | tr -d ' \n') == 7f454c46 ]]; then
	has_pvh "$image" || fail "ELF kernel without a PVH entry point"
	echo "$image"
	exit 0
fi

[[ $(od -An -tx1 -j $((0x202)) -N 4 "$image" | tr -d ' \n') == 48647253 ]] || fail "not a bzImage"
((10#$(le $((0x206)) 2) >= 0x208)) || fail "boot protocol too old to find the payload"

cache_root=${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}
key=$(cat "$image" "$self" | sha256sum | cut -c1-16)
elf=$cache_root/vmlinux-$key.elf
nopvh=$cache_root/vmlinux-$key.nopvh # remembers why the last try failed
if [[ -f $elf ]]; then
	echo "$elf"
	exit 0
fi
[[ -f $nopvh ]] && fail "$(cat "$nopvh")"

setup_sects=$(le $((0x1f1)) 1)
((setup_sects == 0)) && setup_sects=4
start=$(((setup_sects + 1) * 512 + $(le $((0x248)) 4)))
length=$(le $((0x24c)) 4)
# The payload's first $1 bytes.
bytes() { dd if="$image" bs=64K skip="$start" count="$1" iflag=skip_bytes,count_bytes status=none; }
payload() { bytes "$length"; }
# Most kernel compressors append the 4-byte uncompressed size: drop it for those.
payload_stream() { bytes $((length - 4)); }
magic=$(od -An -tx1 -j "$start" -N 6 "$image" | tr -d ' \n')

mkdir -p "$cache_root"
tmp=$elf.tmp.$$
trap 'rm -f "$tmp"' EXIT
case $magic in
1f8b*) payload | gzip -dc >"$tmp" 2>/dev/null || true ;;
fd377a585a00) payload | xz -dc --single-stream >"$tmp" ;;
28b52ffd*) payload_stream | zstd -dcq >"$tmp" ;;
5d0000*) payload_stream | xz -dc --format=lzma >"$tmp" 2>/dev/null || true ;;
425a68*) payload_stream | bzip2 -dc >"$tmp" ;;
02214c18*)
	command -v lz4 >/dev/null || fail "LZ4-compressed and lz4 is missing"
	payload_stream | lz4 -dcq >"$tmp"
	;;
7f454c46*) payload >"$tmp" ;;
*) fail "unknown payload compression (magic $magic)" ;;
esac
[[ $(od -An -tx1 -N 4 "$tmp" | tr -d ' \n') == 7f454c46 ]] ||
	fail "the payload did not decompress to an ELF file"
if ! has_pvh "$tmp"; then
	echo "no PVH entry point (kernel built without CONFIG_PVH)" >"$nopvh"
	fail "$(cat "$nopvh")"
fi
mv -f "$tmp" "$elf"
echo "$elf"
