# SPDX-License-Identifier: GPL-2.0
#
#   make                 tpstat.ko for the running kernel if its headers are
#                        installed, else for every kernel in /lib/modules
#                        that has a build directory
#   make module KVER=<release> [KDIR=<kernel build dir>]
#                        build/<release>/tpstat.ko
#   make ctl             build/ctl/tpstat, the control tool
#   make run             load the module and show live counters (boots
#                        Debian's kernel under QEMU where this one cannot
#                        load modules)
#   make check           install what is missing, build for every test
#                        kernel, run KUnit and the integration tests
#   make bench           install what is missing, measure what tpstat costs
#                        per event next to perf, ftrace and bpftrace on
#                        Debian's 6.1 and 6.12 under QEMU: bench/results.md,
#                        bench/overhead.png (not part of make check)
#   make install [PREFIX=/usr/local] [DESTDIR=]
#                        the tool, its man page and bash completion
#   make clean

BUILD   := build
RUNNING := $(shell uname -r)

ifneq ($(wildcard /lib/modules/$(RUNNING)/build/Makefile),)
KVERS ?= $(RUNNING)
else
KVERS ?= $(patsubst /lib/modules/%/build/Makefile,%,\
	   $(wildcard /lib/modules/*/build/Makefile))
endif

KDIR ?= /lib/modules/$(KVER)/build

.PHONY: all modules module tools ctl install run check bench clean

all: modules ctl tools

modules:
	@[ -n "$(strip $(KVERS))" ] || { echo "no kernel headers found: install linux-headers-$(RUNNING)" >&2; exit 1; }
	@for v in $(KVERS); do \
		$(MAKE) --no-print-directory module KVER=$$v KDIR=/lib/modules/$$v/build || exit 1; \
	done

module:
	@[ -n "$(KVER)" ] || { echo "usage: make module KVER=<release> [KDIR=<kernel build dir>]" >&2; exit 2; }
	module/build.sh "$(KVER)" "$(KDIR)" "$(BUILD)/$(KVER)"

ctl:
	$(MAKE) -C ctl O=$(CURDIR)/$(BUILD)/ctl

tools:
	$(MAKE) -C tests/load O=$(CURDIR)/$(BUILD)/tools

install:
	$(MAKE) -C ctl install O=$(CURDIR)/$(BUILD)/ctl

run:
	tests/run.sh

check:
	tests/check.sh

bench:
	bench/bench.sh

clean:
	rm -rf $(BUILD)
