################################################################################
#
# tpstat
#
################################################################################

# Copy this directory into package/ (or a BR2_EXTERNAL tree) and source
# its Config.in from there.  No Buildroot build has run it: none was at
# hand.  What it makes pkg-kernel-module.mk run was run instead:
# tests/kbuild/plain.sh repeats that make command line (LINUX_MAKE_FLAGS,
# PWD= and M= the module/ directory, modules and modules_install) from a
# clean copy of the tree, cross-compiled for arm64 and armhf, and checks
# the module it gets.  The tool's build below is not covered by it.

TPSTAT_VERSION = 0.1.0
# EDIT: where your tpstat sources are (or a git site and a commit).
TPSTAT_SITE = /path/to/tpstat
TPSTAT_SITE_METHOD = local
# SPDX lines in every file; the tree has no separate license file.
TPSTAT_LICENSE = GPL-2.0

# module/Kbuild runs the feature tests (module/conftest.sh, bash) and
# module/probes/genprobes.sh against the kernel's headers with the same
# compiler before it compiles.
TPSTAT_MODULE_SUBDIRS = module

ifeq ($(BR2_PACKAGE_TPSTAT_TOOL),y)
TPSTAT_DEPENDENCIES += libmnl host-pkgconf

# CFLAGS from the environment: ctl/Makefile adds its warnings to them.
define TPSTAT_BUILD_CMDS
	$(TARGET_MAKE_ENV) CFLAGS="$(TARGET_CFLAGS)" LDFLAGS="$(TARGET_LDFLAGS)" \
		$(MAKE) -C $(@D)/ctl O=$(@D)/build/ctl CC="$(TARGET_CC)" \
		PKG_CONFIG="$(PKG_CONFIG_HOST_BINARY)"
endef

define TPSTAT_INSTALL_TARGET_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) -C $(@D)/ctl O=$(@D)/build/ctl \
		DESTDIR=$(TARGET_DIR) PREFIX=/usr install
endef
endif

$(eval $(kernel-module))
$(eval $(generic-package))
