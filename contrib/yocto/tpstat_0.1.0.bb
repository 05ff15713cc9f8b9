# SPDX-License-Identifier: GPL-2.0
# tpstat.ko for a Yocto/OpenEmbedded image: copy this file into a layer
# (recipes-kernel/tpstat/), point SRC_URI at your copy of the tpstat
# sources, then "bitbake tpstat" and IMAGE_INSTALL:append = " tpstat".
#
# No Yocto build has run this recipe: none was at hand.  What it makes
# module.bbclass run was run instead: tests/kbuild/plain.sh repeats
# module_do_compile's and module_do_install's make command lines (the
# same variables, CC with flags as KERNEL_CC has them, O= the kernel's
# build dir) from a clean copy of the tree, cross-compiled for arm64 and
# armhf, and checks the module it gets.
#
# The module only: the control tool (ctl/, needs libmnl) has no recipe
# here yet; contrib/buildroot builds it.  The KUnit test module is not
# built this way (make check builds it).

SUMMARY = "tpstat: counts every network tracepoint (kernel module)"
LICENSE = "GPL-2.0-only"
# The sources carry SPDX lines and no license file: the first line of
# module/main.c ("// SPDX-License-Identifier: GPL-2.0").
LIC_FILES_CHKSUM = "file://main.c;beginline=1;endline=1;md5=50d2ba0afecd20f74c12a4bdbcfcfe61"

inherit module

# EDIT: where your tpstat sources are.  A git server of yours:
SRC_URI = "git://git.example.org/tpstat.git;protocol=https;branch=main"
SRCREV = "EDIT-commit-id"
# ...or a checkout on the build machine (then drop SRCREV):
#   inherit externalsrc
#   EXTERNALSRC = "/path/to/tpstat/module"
# The build runs in module/ (module/Makefile hands it to the kernel's
# build with M=, which reads module/Kbuild); it reaches ../uapi, so the
# whole tree must be fetched.  On releases that unpack into ${UNPACKDIR}
# (5.1 "styhead" and later) write ${UNPACKDIR}/git/module.
S = "${WORKDIR}/git/module"

# module/Kbuild runs module/conftest.sh and module/probes/genprobes.sh
# (bash, sed, awk, grep...) against the kernel's headers before compiling, with
# the same CC: the answers land in ${B}/generated/.  A kernel whose
# tracepoints tpstat does not know stops the build with their names.

RPROVIDES:${PN} += "kernel-module-tpstat"
