#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make run: build tpstat, load it, make some traffic and show its counters
# live.  Where the running kernel can load modules and has its headers,
# that happens right here; otherwise (this machine's kernel, say) Debian's
# kernel is booted under QEMU and it happens there.
#   TPSTAT_RUN_SECONDS   how long to watch (default 6)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

release=$(uname -r)
if [ -e /proc/modules ] && [ -f "/lib/modules/$release/build/Makefile" ]; then
	make -s module KVER="$release"
	make -s tools
	exec tests/live.sh "build/$release/tpstat.ko"
fi

echo "This kernel ($release) cannot load modules here: booting Debian's kernel under QEMU." >&2
tests/deps.sh
make -s tools
# The newest Debian kernel with headers.
read -r _ image kbuild modrel append < <(tests/vm/kernels.sh | grep '^deb-' | sort -V | tail -1)
kver=$modrel
make -s module KVER="$kver" KDIR="$kbuild" >/dev/null
args=(--kernel "$image" --modules-release "$modrel")
[ -n "$append" ] && args+=(--append "$append")
# Stream the guest's console, from the first line live.sh prints, without
# the kernel's own messages.
TPSTAT_VM_VERBOSE=1 tests/vm/boot.sh "${args[@]}" -- tests/live.sh "build/$kver/tpstat.ko" |
	sed -un '/^=== tpstat live/,/^=== end/{/^\[ *[0-9.]*\]/!p}'
