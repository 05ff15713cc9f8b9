#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Prints uapi/linux/tpstat.h as the kernel's own YNL generator makes it
# from uapi/tpstat.yaml: tools/net/ynl/pyynl/ynl_gen_c.py --mode uapi of
# the kernel source tree given (make uapi and make check use the debug
# 7.3 kernel's, Debian's linux-source-7.3).
#   tests/ynl/gen_uapi.sh <kernel source tree> >uapi/linux/tpstat.h
#
# Around the generator, for its limits, not the spec's:
# - it reads the schema from the folder above the spec's and finds the
#   kernel's root by its MAINTAINERS file: the spec is copied into a
#   scratch tree with both, as uapi/tpstat.yaml;
# - its C types for an indexed-array stop at u32, binary and nest (7.3's
#   new_attr()), and hist-buckets holds u64s: a uapi header names
#   attributes, never their types, so the copy calls that sub-type u32;
# - its header says to regenerate with the kernel's ynl-regen.sh: here
#   that is make uapi.
set -euo pipefail

ksrc=${1:?usage: gen_uapi.sh <kernel source tree>}
top=$(cd "$(dirname "$0")/../.." && pwd)
gen=$ksrc/tools/net/ynl/pyynl/ynl_gen_c.py
if [ ! -f "$gen" ]; then
	echo "gen_uapi.sh: no $gen (the generator of Linux 7.3's tree)" >&2
	exit 1
fi
proto=$(awk '$1 == "protocol:" { print $2 }' "$top/uapi/tpstat.yaml")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/uapi"
: >"$scratch/MAINTAINERS"
cp "$ksrc/Documentation/netlink/${proto:-genetlink}.yaml" "$scratch/"
sed 's/^\( *sub-type:\) u64$/\1 u32/' "$top/uapi/tpstat.yaml" >"$scratch/uapi/tpstat.yaml"
# Debian's python, where tests/deps.sh installs python3-yaml and
# python3-jsonschema (the generator holds the spec to the schema).
(cd "$scratch" && timeout 120 /usr/bin/python3 "$gen" --mode uapi --header \
	--spec "$scratch/uapi/tpstat.yaml" -o "$scratch/tpstat.h" >&2)
sed 's|^/\* To regenerate run: tools/net/ynl/ynl-regen.sh \*/$|/* To regenerate run: make uapi */|' \
	"$scratch/tpstat.h"
