# SPDX-License-Identifier: GPL-2.0
# tpstat.ko's objects, relative to module/: the one list both builds use,
# the top-level Kbuild (make module, DKMS) and module/Kbuild (plain
# "make -C <kernel build dir> M=<this directory>").
# (Not "tpstat-objs": Kbuild would read that as the module's own list.)

tpstat_objects := main.o registry.o params.o event_select.o \
		  probes.o probes_gen.o counters.o report.o \
		  debugfs.o control.o netlink.o \
		  table.o births.o views.o filter.o \
		  probes_auth.o reasons.o viewread.o \
		  snap_sort.o view_fmt.o \
		  netlink_views.o debugfs_views.o \
		  nlput.o alert_fold.o alert_msg.o \
		  alert_window.o monitor.o netns_counts.o \
		  netns_cookie.o
# The views, one file each (views/list.h).
tpstat_objects += views/drops.o views/traps.o views/retrans.o \
		  views/resets.o views/states.o views/lifetimes.o \
		  views/devices.o views/hists.o views/errors.o \
		  views/rcvq.o views/neigh.o views/auth.o \
		  views/sockmem.o
