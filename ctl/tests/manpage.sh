#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The man page keeps step with the tool: every command and every option
# that "tpstat help" names is in tpstat.8, a command as an entry of its
# own (the tag of a .TP entry: .B, .BR or .BI and its name), an option of the
# synopsis lines and of the options' list written
# as troff writes it (\-j, \-\-json).  Each view's selectors and --sort
# fields (tpstat help VIEW) are its row of the man page's table, which
# has a row for each view of the tool's table (view_list.h).  From the
# module's source: every module parameter (module_param*, tpstat_param_*,
# tpstat_view_keys_param, MODULE_PARM_DESC) is an entry of MODULE PARAMETERS, every debugfs file
# (debugfs_create_file) one of DEBUGFS.
#   tests/manpage.sh <built tpstat> <tpstat.8> [<module source dir>]
# Ends with "<P> passed, <F> failed"; exit status 1 on a failure.
set -uo pipefail

TP=$1 MAN=$2
# The views, as tpstat help lists them: each is a command with a
# "selectors:" line (the tool's view table).
views() {
	"$TP" help | awk '/^tpstat [a-z]+/ { w = $2 } /^    selectors:/ { print w }'
}
MOD=${3:-$(dirname "$MAN")/../module}
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
# (lines starting with -), not from the prose (dropwatch's "set hw").
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
# The sections a man page of a tool has.
for sec in "EXIT STATUS" EXAMPLES "MODULE PARAMETERS" DEBUGFS; do
	if grep -qx "\.SH $sec" "$MAN"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: no $sec section in $MAN"; fi
done
# Each view's selectors and --sort fields, as its help prints them, are
# its row of the table (view, T{ keys T}, T{ fields T}).
views=$(awk '/^\.TS$/ { t = 1; next } /^\.TE$/ { t = 0 }
	t && /^[a-z]+\tT\{$/ { row = $1; n = 0; next }
	t && row && !/^T\}/ { f[n++] = $0 }
	t && row && /^T\}$/ { print row "|" f[0] "|" f[1]; row = "" }' "$MAN")
for v in $(views); do
	line=$("$TP" help "$v" | sed -n 's/^ *selectors: //p')
	keys=$(tr -d , <<< "${line%%;*}") fields=$(tr -d , <<< "${line#*--sort: }")
	[ "$keys" = none ] && keys='\-'
	want="$v|$keys|$fields"
	got=$(grep "^$v|" <<< "$views")
	if [ "$got" = "$want" ]; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: $v's row is '$got', tpstat help says '$want'"; fi
done
# The tool's own table of views (view_list.h, a VIEW(name) line each):
# each is a view of tpstat help (so its row is checked above), a command
# with an entry and a row of the table; a row is a view of the table.
VL=$(dirname "$MAN")/view_list.h
tviews=$(sed -n 's/^VIEW(\([a-z_]*\)),$/\1/p' "$VL")
[ "$(wc -w <<< "$tviews")" -ge 10 ] || { echo "FAIL manpage: only $(wc -w <<< "$tviews") views in $VL"; exit 1; }
hviews=$(views)
for v in $tviews; do
	if grep -qx "$v" <<< "$hviews"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: view $v ($VL) is not a view of tpstat help (a command with a selectors: line)"; fi
	if grep -qE "^\.B[IR]? \"?$v( |\"|$)" <<< "$tags"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: view $v ($VL) has no entry in $MAN"; fi
	if grep -q "^$v|" <<< "$views"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: view $v ($VL) has no row in the table of views in $MAN"; fi
done
for v in $(cut -d'|' -f1 <<< "$views"); do
	if grep -qx "$v" <<< "$tviews"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: the table of views in $MAN has a row for $v, not a view of $VL"; fi
done
# Module parameters, from the source: each is ".BI NAME=" (or .BR) in
# MODULE PARAMETERS.
section() { awk -v s="$1" '/^\.SH / { on = ($0 == ".SH " s) } on' "$MAN"; }
params=$(grep -ohE '(module_param(_cb|_named)?|tpstat_param_(uint|string)|tpstat_view_keys_param|MODULE_PARM_DESC)\([[:space:]]*[a-z_0-9]+' "$MOD"/*.c "$MOD"/*/*.c |
	sed 's/.*(\s*//' | sort -u)
[ "$(wc -w <<< "$params")" -ge 10 ] || { echo "FAIL manpage: only $(wc -w <<< "$params") module parameters in $MOD"; exit 1; }
mp=$(section "MODULE PARAMETERS")
for p in $params; do
	if grep -qE "^\.B[IR]? $p=" <<< "$mp"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: module parameter $p ($MOD) is not in MODULE PARAMETERS"; fi
done
# debugfs files, from the source: literal names, and the views' names
# where the file is named by tpstat_view_name().  Any other way of naming
# one is a failure, so that a new one is not missed.
calls=$(grep -ohE 'debugfs_create_file\([^,]*' "$MOD"/*.c "$MOD"/*/*.c | sed 's/debugfs_create_file(//')
files=$(sed -n 's/^"\(.*\)"$/\1/p' <<< "$calls")
while read -r c; do
	case $c in
	\"*\") ;;
	"tpstat_view_name(view)")
		files+=$'\n'$(sed -n 's/^TPSTAT_VIEW([A-Z]*, \([a-z]*\))$/\1/p' "$MOD/tables/list.h") ;;
	*) failed=$((failed + 1)); echo "FAIL manpage: a debugfs file named by $c: the test does not know its names" ;;
	esac
done <<< "$calls"
[ "$(wc -w <<< "$files")" -ge 10 ] || { echo "FAIL manpage: only $(wc -w <<< "$files") debugfs files in $MOD"; exit 1; }
df=$(section DEBUGFS)
for f in $files; do
	if grep -qx "\.I $f" <<< "$df"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL manpage: debugfs file $f ($MOD) is not in DEBUGFS"; fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
