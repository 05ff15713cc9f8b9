# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The function graph tracer, timing calls of tpstat's functions in a
# make bench guest (-icount: 1 guest ns per instruction); sourced by
# bench/netns_scale.sh and bench/recorder.sh.  Needs TRACING.

# graph_on <functions>: the function graph tracer on them alone.
graph_on() {
	echo "$1" >"$TRACING/set_ftrace_filter" &&
		echo function_graph >"$TRACING/current_tracer"
}
# graph_off <file>: the trace into <file> (switching the tracer empties
# the buffer), then the tracer off.
graph_off() {
	cp "$TRACING/trace" "$1"
	echo nop >"$TRACING/current_tracer"
	: >"$TRACING/set_ftrace_filter"
}
# calls <trace> <pattern>: "function ns" for each traced call whose name
# matches ("0) + 12.345 us |  tpstat_nl_view_dump [tpstat]();").
calls() {
	awk -v p="$2" 'match($0, "[0-9.]+ us +\\| +" p) {
		split(substr($0, RSTART, RLENGTH), f, " ")
		print f[4], int(f[1] * 1000 + 0.5)
	}' "$1"
}
