# SPDX-License-Identifier: GPL-2.0
# tpstat.ko's objects, relative to module/: the one list both builds use,
# the top-level Kbuild (make module, DKMS) and module/Kbuild (plain
# "make -C <kernel build dir> M=<this directory>").
# (Not "tpstat-objs": Kbuild would read that as the module's own list.)
# Also the flags both builds give them.

tpstat_objects := main.o control/registry.o base/params.o \
		  control/event_select.o probes/probes.o probes/probes_gen.o \
		  counters/counters.o control/report.o debugfs/debugfs.o \
		  control/control.o netlink/netlink.o tables/table.o tables/births.o \
		  tables/views.o probes/filter.o probes/probes_auth.o \
		  format/reasons.o control/viewread.o tables/snap_sort.o \
		  tables/view_copy.o format/view_fmt.o netlink/netlink_views.o \
		  debugfs/debugfs_views.o format/nlput.o alerts/alert_fold.o \
		  netlink/alert_msg.o netlink/alert_window.o netlink/monitor.o \
		  probes/netns_counts.o tables/netns_cookie.o tables/netns_index.o \
		  counters/ring.o counters/interval.o history/recorder.o \
		  history/recorder_views.o \
		  netlink/netlink_history.o debugfs/debugfs_history.o
# The views, one file each, views/<name>.c: their names from their list,
# tables/list.h, so that a new view is its file and its line there.
tpstat_module_dir := $(dir $(lastword $(MAKEFILE_LIST)))
tpstat_objects += $(patsubst %,views/%.o,$(shell sed -n \
		  's/^TPSTAT_VIEW([A-Z_0-9]*, *\([a-z_0-9]*\))$$/\1/p' \
		  $(tpstat_module_dir)tables/list.h))

# gcc stops inlining once a unit larger than 10,000 of its estimated
# instructions has grown by inline-unit-growth percent (40 by default).
# probes.c is such a unit, and its own bodies are always inlined first.
# Then the kernel's plain-inline helpers are not: arm64's per-CPU
# operations and its read of the CPU offset (ALTERNATIVE() asm, which gcc
# counts as many instructions) became calls to out-of-line copies, a pair
# per update, and a views probe saved up to five more registers around
# them.  (The counters' own add is always inline: counters/ctr_arm64.h.)
# At 160, none is left in probes.c on 6.1; 400 leaves room for more probes.
ccflags-y += $(call cc-option,--param=inline-unit-growth=400)

# Where the kernel keeps frame pointers (Debian's arm64 among them) it
# builds with -fno-optimize-sibling-calls, so that stack traces show
# every caller.  There a probe's namespace path (a patched-out jump while
# no namespace counts its own) ends in a call, and a call makes gcc give
# the probe a frame on every event: three instructions of arm64's twelve
# over an empty probe.  The probes' files tail-call instead, as they do
# on x86-64: a trace through them misses only the probe that jumped.
tpstat_tail_calls := probes/probes.o probes/probes_auth.o
$(foreach o,$(tpstat_tail_calls),\
	$(eval CFLAGS_$(o) += -foptimize-sibling-calls)\
	$(eval CFLAGS_module/$(o) += -foptimize-sibling-calls))
