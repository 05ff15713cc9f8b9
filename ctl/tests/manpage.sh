#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The man page keeps step with the tool: every command and every option
# that "tpstat help" names is in tpstat.8, a command as an entry of its
# own (the tag of a .TP entry: .B, .BR or .BI and its name), an option of the
# synopsis lines and of the options' list written
# as troff writes it (\-j, \-\-json).
#   tests/manpage.sh <built tpstat> <tpstat.8>
# Ends with "<P> passed, <F> failed"; exit status 1 on a failure.
set -uo pipefail

TP=$1 MAN=$2
passed=0 failed=0
help=$("$TP" help) || { echo "FAIL manpage: tpstat help failed"; exit 1; }

cmds=$(sed -n 's/^tpstat \([a-z]*\).*/\1/p' <<< "$help" | sort -u)
[ "$(wc -w <<< "$cmds")" -ge 20 ] || { echo "FAIL manpage: only $(wc -w <<< "$cmds") commands in tpstat help"; exit 1; }
# The tags of the man page's .TP/.TQ entries.
tags=$(awk 'prev ~ /^\.T[PQ]$/ { print } { prev = $0 }' "$MAN")
for c in $cmds; do
	if grep -qE "^\.B[IR]? \"?$c( |\"|$)" <<< "$tags"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL manpage: command $c (tpstat help) has no entry in $MAN"
	fi
done
# Options from the synopsis lines (tpstat ...) and the options' list
# (lines starting with -), not from the prose (dropwatch -m).
opts=$(grep -E -- '^ *(usage: )?tpstat |^-' <<< "$help" |
	grep -oE -- '(^|[^a-zA-Z0-9-])--?[a-zA-Z][a-z-]*' |
	sed 's/^[^-]*//' | sort -u)
[ "$(wc -w <<< "$opts")" -ge 20 ] || { echo "FAIL manpage: only $(wc -w <<< "$opts") options in tpstat help"; exit 1; }
for o in $opts; do
	troff=${o//-/\\-}
	if grep -qE -- "${troff//\\/\\\\}([^a-z-]|$)" "$MAN"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL manpage: option $o (tpstat help) is not in $MAN (as $troff)"
	fi
done
# And -- itself, which ends the options.
if grep -q -- '-- *ends the options' <<< "$help" && grep -qx '\.B \\-\\-' "$MAN"; then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
	echo "FAIL manpage: -- is not in both tpstat help and $MAN"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
