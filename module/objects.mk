# SPDX-License-Identifier: GPL-2.0
# tpstat.ko's objects, relative to module/: the one list both builds use,
# the top-level Kbuild (make module, DKMS) and module/Kbuild (plain
# "make -C <kernel build dir> M=<this directory>").
# (Not "tpstat-objs": Kbuild would read that as the module's own list.)
# Also the flags both builds give them.

tpstat_objects := main.o registry.o params.o event_select.o \
		  probes.o probes_gen.o counters.o report.o \
		  debugfs.o control.o netlink.o \
		  table.o births.o views.o filter.o \
		  probes_auth.o reasons.o viewread.o \
		  snap_sort.o view_copy.o view_fmt.o \
		  netlink_views.o debugfs_views.o \
		  nlput.o alert_fold.o alert_msg.o \
		  alert_window.o monitor.o netns_counts.o \
		  netns_cookie.o netns_index.o \
		  ring.o interval.o recorder.o recorder_views.o \
		  netlink_history.o \
		  debugfs_history.o
# The views, one file each (views/list.h).
tpstat_objects += views/drops.o views/traps.o views/retrans.o \
		  views/resets.o views/states.o views/lifetimes.o \
		  views/devices.o views/hists.o views/errors.o \
		  views/rcvq.o views/neigh.o views/auth.o \
		  views/sockmem.o

# gcc stops inlining once a unit larger than 10,000 of its estimated
# instructions has grown by inline-unit-growth percent (40 by default).
# probes.c is such a unit, and its own bodies are always inlined first.
# Then the kernel's plain-inline helpers are not: arm64's per-CPU add and
# its read of the CPU offset (ALTERNATIVE() asm, which gcc counts as many
# instructions) became calls to out-of-line copies, one pair per counter
# update, and a views probe saved up to five more registers around them.
# At 160, none is left in probes.c on 6.1; 400 leaves room for more probes.
ccflags-y += $(call cc-option,--param=inline-unit-growth=400)
