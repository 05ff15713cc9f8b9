#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every guest-side suite in turn, in one boot: the module's counters
# (run.sh), then the tool against it (ctl.sh).  Fails if any did.
#   tests/net/all.sh <tpstat.ko>
set -u
here=$(cd "$(dirname "$0")" && pwd)
status=0
for suite in run.sh ctl.sh views.sh; do
	echo "# --- $suite"
	"$here/$suite" "$1" || status=1
done
exit $status
