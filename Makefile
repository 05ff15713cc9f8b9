# SPDX-License-Identifier: GPL-2.0
#
#   make                 tpstat.ko for the running kernel if its headers are
#                        installed, else for every kernel in /lib/modules
#                        that has a build directory
#   make module KVER=<release> [KDIR=<kernel build dir>]
#               [ARCH=<arch> CROSS_COMPILE=<prefix>] [CC=<compiler>]
#                        build/<release>/tpstat.ko; ARCH, CROSS_COMPILE
#                        and CC go to the feature tests and to Kbuild
#   make -C <kernel build dir> M=$PWD/module [ARCH=<arch>
#               CROSS_COMPILE=<prefix>] [modules_install]
#                        the same tpstat.ko by the kernel's own build, as
#                        Buildroot and Yocto run it (module/Kbuild, which
#                        runs the feature tests itself; contrib/buildroot,
#                        contrib/yocto): objects and generated/ in module/
#   make ctl             build/ctl/tpstat, the control tool
#   make tools           build/tools/{netload,nlprobe}, the tests' tools
#   make ctl tools CC=aarch64-linux-gnu-gcc   (or arm-linux-gnueabihf-gcc,
#                        i686-linux-gnu-gcc, mips64el-linux-gnuabi64-gcc,
#                        mipsel-linux-gnu-gcc, powerpc64le-linux-gnu-gcc,
#                        riscv64-linux-gnu-gcc, s390x-linux-gnu-gcc, or
#                        CROSS_COMPILE=<prefix>) [SYSROOT=<dir>]
#                        cross-built into build/ctl-arm64, build/tools-arm64
#                        (-armhf, -i386, -mips64el, -mipsel, -ppc64el,
#                        -riscv64, -s390x: Debian's architecture), against
#                        tests/vm/root.sh's Debian root of that
#                        architecture unless SYSROOT says another;
#                        the guest suites take them with
#                        TPSTAT_BUILD_SUFFIX=-arm64 (boot.sh --arch sets it)
#   make run             load the module and show live counters (boots
#                        Debian's kernel under QEMU where this one cannot
#                        load modules)
#   make check           install what is missing, build for every test
#                        kernel, run every kernel's contract tier, the
#                        deep tiers of Debian 12's and the debug kernels,
#                        and the rotation's share of the others
#                        (tests/check.sh; docs/testing.md)
#   make check-all       the same with every deep tier of every kernel
#   make bench           install what is missing, measure what tpstat costs
#                        per event next to perf, ftrace and bpftrace on
#                        Debian's 6.1, 6.12, arm64 and armmp kernels and
#                        trixie-backports' 7.3 under QEMU: bench/results.md,
#                        bench/overhead.png; fails if a target is missed
#                        or unresolved (not part of make check: timing is
#                        not a test)
#   make bench-check     that verdict again from the last make bench's data
#   make uapi [KSRC=<kernel source>]
#                        uapi/linux/tpstat.h from uapi/tpstat.yaml with the
#                        kernel's YNL generator (default: the debug 7.3
#                        kernel's source, built if missing; make check
#                        fails if the committed header differs)
#   make install [KVER=<release>] [PREFIX=/usr/local] [DESTDIR=]
#                        tpstat.ko into /lib/modules/<release>/extra
#                        (modules_install, depmod; default: the kernels
#                        "make" builds for), and under PREFIX the tool,
#                        its man page, bash and zsh completions
#   make uninstall [KVER=<release>] [PREFIX=/usr/local] [DESTDIR=]
#                        the reverse (default: every kernel's copy)
#   make install-module / install-ctl / uninstall-module / uninstall-ctl
#                        one half of the above
#   make dkms-install [KVER=<release>]
#                        sources to /usr/src/tpstat-<version>, then dkms
#                        add, build and install for that kernel, or for
#                        every kernel whose headers are installed
#   make dkms-remove [KVER=<release>]
#                        dkms remove for that kernel; without KVER for
#                        all, and the sources in /usr/src and the kernel
#                        hooks go too
#   make dkms-source [DESTDIR=]
#                        only the /usr/src/tpstat-<version> tree and the
#                        kernel hooks (what the tpstat-dkms package ships)
#   make version         the version, from module/base/version.h
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
# What a cross or other-compiler build needs Kbuild to see, as given on
# the command line (or, for ARCH and CROSS_COMPILE, in the environment).
KBUILD_VARS := $(foreach v,ARCH CROSS_COMPILE,\
	       $(if $(filter command line environment,$(origin $(v))),$(v)=$($(v)))) \
	       $(if $(filter command line,$(origin CC)),CC=$(CC))

# The one version number: module/base/version.h (TPSTAT_VERSION).
VERSION := $(shell sed -n 's/^\#define TPSTAT_VERSION "\(.*\)"$$/\1/p' module/base/version.h)
PREFIX  ?= /usr/local
# Kernels with headers, whatever is running: what DKMS builds for.
ALL_KVERS := $(patsubst /lib/modules/%/build/Makefile,%,\
	     $(wildcard /lib/modules/*/build/Makefile))
DKMS_SRC   := $(DESTDIR)/usr/src/tpstat-$(VERSION)
# What DKMS needs to build the module (Kbuild pulls in kunit/ where the
# kernel has KUnit).
DKMS_FILES := Makefile Kbuild module uapi kunit
# Where a kernel's package runs its hooks, tpstat's among them
# (dkms/kernel-hook: DKMS's autoinstall, but a failed build does not fail
# the kernel's package).
KERNEL_HOOKS := /etc/kernel/postinst.d /etc/kernel/header_postinst.d

.PHONY: all modules module tools ctl install run check check-all bench bench-check uapi clean version \
	install-module install-ctl uninstall uninstall-module uninstall-ctl \
	dkms-source dkms-install dkms-remove

all: modules ctl tools

modules:
	@[ -n "$(strip $(KVERS))" ] || { echo "no kernel headers found: install linux-headers-$(RUNNING)" >&2; exit 1; }
	@for v in $(KVERS); do \
		$(MAKE) --no-print-directory module KVER=$$v KDIR=/lib/modules/$$v/build || exit 1; \
	done

module:
	@[ -n "$(KVER)" ] || { echo "usage: make module KVER=<release> [KDIR=<kernel build dir>]" >&2; exit 2; }
	module/build.sh "$(KVER)" "$(KDIR)" "$(BUILD)/$(KVER)" $(KBUILD_VARS)

# The tool and the tests' tools for another architecture's guest: CC (or
# CROSS_COMPILE's gcc) a cross compiler to one of the Debian architectures
# of TOOLS_ARCHES (<GNU triplet, as gcc -dumpmachine says>:<Debian's
# name>).  Recursive (=): only ctl and tools ask the compiler what it
# targets.
TOOLS_CC = $(if $(and $(filter default,$(origin CC)),$(CROSS_COMPILE)),$(CROSS_COMPILE)gcc,$(CC))
TOOLS_TRIPLET = $(shell $(TOOLS_CC) -dumpmachine 2>/dev/null)
TOOLS_ARCHES := aarch64-linux-gnu:arm64 arm-linux-gnueabihf:armhf \
		i686-linux-gnu:i386 mips64el-linux-gnuabi64:mips64el \
		mipsel-linux-gnu:mipsel powerpc64le-linux-gnu:ppc64el \
		riscv64-linux-gnu:riscv64 s390x-linux-gnu:s390x
TOOLS_ARCH = $(if $(filter-out $(shell cc -dumpmachine 2>/dev/null),$(TOOLS_TRIPLET)),$(strip \
	     $(patsubst $(TOOLS_TRIPLET):%,%,$(filter $(TOOLS_TRIPLET):%,$(TOOLS_ARCHES)))))
TOOLS_SUFFIX = $(if $(TOOLS_ARCH),-$(TOOLS_ARCH))
# Shell words: sysroot=<dir> && (the root is built on first use).
TOOLS_SYSROOT = $(if $(TOOLS_ARCH),sysroot=$(if $(SYSROOT),'$(SYSROOT)',$$(tests/vm/root.sh $(TOOLS_ARCH))) &&)
TOOLS_VARS = $(if $(TOOLS_ARCH),CC=$(TOOLS_CC) SYSROOT="$$sysroot")

ctl:
	$(TOOLS_SYSROOT) $(MAKE) -C ctl O=$(CURDIR)/$(BUILD)/ctl$(TOOLS_SUFFIX) $(TOOLS_VARS)

tools:
	$(TOOLS_SYSROOT) $(MAKE) -C tests/load O=$(CURDIR)/$(BUILD)/tools$(TOOLS_SUFFIX) $(TOOLS_VARS)

version:
	@echo $(VERSION)

install: install-module install-ctl

install-ctl:
	$(MAKE) -C ctl install O=$(CURDIR)/$(BUILD)/ctl PREFIX=$(PREFIX)

# KERNELRELEASE= overrides what the headers say (Debian's 6.1 headers
# say "6.1.192"; its modules live in /lib/modules/6.1.0-N-amd64).  The
# module is not signed (headers carry no signing key: DKMS signs with its
# MOK key), and kbuild skips depmod without System.map, so depmod here.
install-module:
	@kvers="$(if $(KVER),$(KVER),$(KVERS))"; \
	[ -n "$$kvers" ] || { echo "no kernel headers found: install linux-headers-$(RUNNING), or pass KVER=" >&2; exit 1; }; \
	for v in $$kvers; do \
		kdir=$(if $(KVER),$(KDIR),/lib/modules/$$v/build); \
		$(MAKE) --no-print-directory module KVER=$$v KDIR=$$kdir || exit 1; \
		$(MAKE) --no-print-directory -C $$kdir M=$(CURDIR)/$(BUILD)/$$v \
			KERNELRELEASE=$$v INSTALL_MOD_PATH=$(DESTDIR) \
			INSTALL_MOD_DIR=extra CONFIG_MODULE_SIG_ALL= \
			modules_install || exit 1; \
		[ -n "$(DESTDIR)" ] || { echo "  DEPMOD  $$v"; depmod $$v; } || exit 1; \
	done

uninstall: uninstall-module uninstall-ctl

uninstall-ctl:
	$(MAKE) -C ctl uninstall PREFIX=$(PREFIX)

uninstall-module:
	@for d in $(if $(KVER),$(DESTDIR)/lib/modules/$(KVER),$(wildcard $(DESTDIR)/lib/modules/*)); do \
		[ -n "$$(ls "$$d"/extra/tpstat.ko* "$$d"/extra/tpstat_kunit.ko* 2>/dev/null)" ] || continue; \
		echo "  REMOVE  $$d/extra/tpstat*.ko*"; \
		rm -f "$$d"/extra/tpstat.ko* "$$d"/extra/tpstat_kunit.ko*; \
		rmdir --ignore-fail-on-non-empty "$$d/extra"; \
		[ -n "$(DESTDIR)" ] || depmod "$${d##*/}" || exit 1; \
	done

dkms-source:
	@[ -n "$(VERSION)" ] || { echo "no TPSTAT_VERSION in module/base/version.h" >&2; exit 1; }
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)
	cp -R $(DKMS_FILES) $(DKMS_SRC)/
	sed 's/#MODULE_VERSION#/$(VERSION)/' dkms/dkms.conf > $(DKMS_SRC)/dkms.conf
	for d in $(KERNEL_HOOKS); do \
		mkdir -p $(DESTDIR)$$d && \
		sed 's/#MODULE_VERSION#/$(VERSION)/' dkms/kernel-hook > $(DESTDIR)$$d/tpstat && \
		chmod 755 $(DESTDIR)$$d/tpstat || exit 1; \
	done

# --force: rebuild from the sources just copied, even if built before.
dkms-install: dkms-source
	@kvers="$(if $(KVER),$(KVER),$(ALL_KVERS))"; \
	[ -n "$$kvers" ] || { echo "no kernel headers found: install linux-headers-$(RUNNING)" >&2; exit 1; }; \
	[ -n "$$(dkms status -m tpstat -v $(VERSION))" ] || dkms add -m tpstat -v $(VERSION) || exit 1; \
	for v in $$kvers; do \
		dkms build -m tpstat -v $(VERSION) -k $$v --force && \
		dkms install -m tpstat -v $(VERSION) -k $$v --force || exit 1; \
	done

dkms-remove:
	@if [ -z "$$(dkms status -m tpstat -v $(VERSION))" ]; then \
		echo "tpstat/$(VERSION) is not in DKMS"; \
	elif [ -n "$(KVER)" ]; then \
		dkms remove -m tpstat -v $(VERSION) -k $(KVER) || exit 1; \
	else \
		dkms remove -m tpstat -v $(VERSION) --all || exit 1; \
	fi
	$(if $(KVER),,rm -rf $(DKMS_SRC) $(addsuffix /tpstat,$(KERNEL_HOOKS)))

run:
	tests/run.sh

check:
	tests/check.sh

check-all:
	TPSTAT_ROTATION=all tests/check.sh

bench:
	bench/bench.sh

bench-check:
	python3 bench/check.py build/bench/raw/targets.tsv

uapi:
	mkdir -p $(BUILD)
	tests/ynl/gen_uapi.sh "$(or $(KSRC),$$(tests/kernel/debug-kernel.sh --source --version 7.3))" >$(BUILD)/tpstat.h.new
	mv $(BUILD)/tpstat.h.new uapi/linux/tpstat.h

clean:
	rm -rf $(BUILD)
