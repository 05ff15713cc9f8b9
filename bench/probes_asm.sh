#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/results.md's section on the probes' instructions: for each kernel
# of LIST (lines "<release> <tpstat.ko> <floor.ko> <objdump>", written by
# bench/bench.sh), bench/probes_asm.py's table, after what the tables say.
#   bench/probes_asm.sh LIST
set -euo pipefail
cd "$(dirname "$0")/.."

cat <<'EOT'
## The probes' instructions

`objdump -dr` of tpstat's probes beside the floor's empty ones, per
tracepoint. For the floor's probe and tpstat's counting-only one
(`tpstat_probe_*`): instructions on the straight path (from the entry,
static-key sites as compiled, i.e. off, which is the state a
counting-only probe runs in; conditional branches not taken; to the first
return) / in the whole function. Under `-icount` an instruction is a
nanosecond, so the straight path's difference is the least counting adds
per event. For the probe with a view on (`tpstat_views_*`) and with a
filter (`tpstat_filtered_*`): instructions in the whole function, since
their path depends on which static keys are on. For the counting-only
probe's namespace pass, out of line, in all and on its straight path (a
namespace filter of no fields): on x86-64, where most counting probes
return through a static call that jumps to it while a namespace counts,
`tpstat_netns_pass_*`, which looks at the event's namespace and counts
it there if it counts its own; elsewhere `tpstat_twice_lean_*`, entered
only for an event of such a namespace. "lean" in the views column: the tracepoint feeds no
view, so its counting-only probe is attached with views on too.
Written by bench/probes_asm.py from the modules the guests loaded.

EOT
while read -r rel tko fko objdump; do
	python3 bench/probes_asm.py "$rel" "$tko" "$fko" "$objdump" "$(dirname "$1")/mix.tsv"
done < "$1"
