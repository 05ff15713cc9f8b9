#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The shell completions on the host: tpstat.bash-completion sourced with
# bash-completion's helpers and driven as readline would (the words split
# at COMP_WORDBREAKS' colons), and tpstat.zsh-completion checked by zsh -n
# and, where zsh is installed, asked for real completions in a zsh pty.
# The module is not needed: a fake tpstat on PATH lists the events (as
# "tpstat list" prints them) and a fake ip lists the namespaces.
#   tests/completion.sh <built tpstat>
# Ends with "<P> passed, <F> failed"; exit status 1 on a failure.
set -uo pipefail

TP=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
# The views, as tpstat help lists them: each is a command with a
# "selectors:" line (the tool's view table).
views() {
	"$TP" help | awk '/^tpstat [a-z]+/ { w = $2 } /^    selectors:/ { print w }'
}
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL completion: $*"; }
check_eq() { if [ "$2" = "$3" ]; then ok; else fail "$1: expected '$2', got '$3'"; fi; }
# check MESSAGE COMMAND...: a failure named MESSAGE unless COMMAND succeeds.
check() { local m=$1; shift; if "$@"; then ok; else fail "$m"; fi; }
# The tool's own table of views: view_list.h, a VIEW(name) line each.
table_views() { sed -n 's/^VIEW(\([a-z_]*\)),$/\1/p' "$here/view_list.h"; }
# case_has FILE FUNCTION WORD: WORD is a pattern of a case arm ("a|WORD)")
# in the body of FUNCTION in FILE.  (Not grep -q: under pipefail, awk
# cut off by an early exit would fail the pipe.)
case_has() {
	awk -v fn="$2" '$0 ~ "^" fn "\\(\\) *\\{?$" { on = 1; next } on && /^}/ { on = 0 } on' "$1" |
		grep -E "^[[:space:]]*([a-z_]+\|)*$3(\|[a-z_]+)*\)" > /dev/null
}

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir "$TMP/bin"
cat > "$TMP/bin/tpstat" << 'EOF'
#!/bin/sh
[ "$1" = list ] || exit 1
cat << 'LIST'
skb:kfree_skb                        attached
skb:consume_skb                      attached
tcp:tcp_probe                        detached
tcp:tcp_retransmit_skb               attached
tcp:tcp_send_reset                   attached
udp:udp_fail_queue_rcv_skb           missing
LIST
EOF
cat > "$TMP/bin/ip" << 'EOF'
#!/bin/sh
[ "$1 $2" = "netns list" ] || exit 1
printf 'web (id: 0)\ndb\n'
EOF
chmod +x "$TMP/bin/tpstat" "$TMP/bin/ip"
PATH=$TMP/bin:$PATH

# --- the views of the tool's table ---------------------------------------------------
# Each view of view_list.h is a view of tpstat help (so the checks per
# view below cover it) and has its lines in both completions; a view
# added without them is named here, and so is a view they have that the
# table lacks.
BC=$here/tpstat.bash-completion ZC=$here/tpstat.zsh-completion
tviews=$(table_views) hviews=$(views)
check "only $(wc -w <<< "$tviews") views in view_list.h" [ "$(wc -w <<< "$tviews")" -ge 10 ]
bvar() { bash -c '. "$1"; echo "${!2}"' bash "$BC" "$1"; }
bviews=" $(bvar _tpstat_views) " bcmds=" $(bvar _tpstat_commands) "
for v in $tviews; do
	check "view $v (view_list.h) is not a view of tpstat help (a command with a selectors: line)" \
		grep -qx "$v" <<< "$hviews"
	check "view $v (view_list.h) is not in _tpstat_views of tpstat.bash-completion" \
		[ "${bviews/ $v /}" != "$bviews" ]
	check "view $v (view_list.h) is not in _tpstat_commands of tpstat.bash-completion" \
		[ "${bcmds/ $v /}" != "$bcmds" ]
	check "view $v (view_list.h) has no line in _tpstat_fields of tpstat.bash-completion" \
		case_has "$BC" _tpstat_fields "$v"
	check "view $v (view_list.h) is not among the commands (cmds) of tpstat.zsh-completion" \
		grep -qE "^ +'$v:" "$ZC"
	check "view $v (view_list.h) has no line in _tpstat_fields of tpstat.zsh-completion" \
		case_has "$ZC" _tpstat_fields "$v"
	check "view $v (view_list.h) is in no case arm of _tpstat in tpstat.zsh-completion" \
		case_has "$ZC" _tpstat "$v"
	# A view with selectors (hists: a histogram's name instead) has
	# them in both tables, and bash's _tpstat completes them.
	keys=$("$TP" help "$v" 2> /dev/null | sed -n 's/^ *selectors: \([^;]*\);.*/\1/p')
	[ -z "$keys" ] || [ "$keys" = none ] && continue
	check "view $v (view_list.h) is not among the views with selectors in _tpstat of tpstat.bash-completion" \
		case_has "$BC" _tpstat "$v"
	[ "$v" = hists ] && continue
	check "view $v (view_list.h) has no line in _tpstat_selectors of tpstat.bash-completion" \
		case_has "$BC" _tpstat_selectors "$v"
	check "view $v (view_list.h) has no line in _tpstat_keys of tpstat.zsh-completion" \
		case_has "$ZC" _tpstat_keys "$v"
done
for v in $bviews; do
	check "$v of _tpstat_views in tpstat.bash-completion is not a view of view_list.h" \
		grep -qx "$v" <<< "$tviews"
done
# The views tpstat history takes (its usage error for --step names the
# counters'; for a view without keys, that it keeps none) are the
# completions' own: _tpstat_history_views, and zsh's _tpstat_history_word.
want=$(for v in $tviews; do
	err=$("$TP" history "$v" --step 1m 2>&1)
	[[ $err == *"for the counters' history"* ]] && echo "$v"
done | sort | paste -sd' ')
check_eq "_tpstat_history_views of tpstat.bash-completion: the views tpstat history takes" \
	"$want" "$(tr ' ' '\n' <<< "$(bvar _tpstat_history_views)" | sort | paste -sd' ')"
check_eq "_tpstat_history_word of tpstat.zsh-completion: the views tpstat history takes" \
	"$want" "$(sed -n "s/^ *'views:view:(\(.*\))' .*/\1/p" "$ZC" | tr ' ' '\n' | sort | paste -sd' ')"

# --- bash --------------------------------------------------------------------------
bash_run() {
	# The rest runs in a bash of its own: bash-completion's helpers, then ours.
	bash --norc --noprofile -c '
		. /usr/share/bash-completion/bash_completion || exit 3
		. "$1" || exit 4
		shift
		# complete LINE: COMPREPLY for the cursor at the end of LINE,
		# the words split as readline splits them (a colon is a word).
		complete_line() {
			local line=$1 w
			COMP_WORDS=()
			for w in $line; do
				while [[ $w == *:* ]]; do
					[ -n "${w%%:*}" ] && COMP_WORDS+=("${w%%:*}")
					COMP_WORDS+=(":")
					w=${w#*:}
				done
				[ -n "$w" ] && COMP_WORDS+=("$w")
			done
			[[ $line == *" " || $line == *: ]] && COMP_WORDS+=("")
			COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
			COMP_LINE=$line COMP_POINT=${#line}
			COMPREPLY=()
			_tpstat tpstat "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
			printf "%s\n" "${COMPREPLY[@]}" | sort
		}
		complete_line "$@"
	' bash "$here/tpstat.bash-completion" "$@"
}
bc() { bash_run "$1" | paste -sd' '; }

if [ -f /usr/share/bash-completion/bash_completion ]; then
	check_eq "show tcp:tcp_p: the rest of tcp:tcp_probe (the colon kept)" \
		"tcp_probe" "$(bc 'tpstat show tcp:tcp_p')"
	check_eq "show tcp:tcp_: every tcp event, past the colon" \
		"tcp_probe tcp_retransmit_skb tcp_send_reset" "$(bc 'tpstat show tcp:tcp_')"
	check_eq "show tcp:: the same" \
		"tcp_probe tcp_retransmit_skb tcp_send_reset" "$(bc 'tpstat show tcp:')"
	check_eq "attach sk: whole names" "skb:consume_skb skb:kfree_skb" \
		"$(bc 'tpstat attach sk')"
	check_eq "-j show -z skb:k: after options" "kfree_skb" "$(bc 'tpstat -j show -z skb:k')"
	check_eq "a glob list: the next name after the comma" "kfree_skb" \
		"$(bc "tpstat watch tcp:*,skb:kf")"
	check_eq "watch --inter: --interval" "--interval" "$(bc 'tpstat watch --inter')"
	check_eq "--inter before the command: not a global option" "" "$(bc 'tpstat --inter')"
	check_eq "--ver: --version" "--version" "$(bc 'tpstat --ver')"
	check_eq "-- : the global long options" "-- --help --human --json --netns --no-header --numeric-netns --pretty --version" \
		"$(bc 'tpstat --')"
	check_eq "drops --t: --top" "--top" "$(bc 'tpstat drops --t')"
	check_eq "retrans --so: --sort (every view has it)" "--sort" "$(bc 'tpstat retrans --so')"
	check_eq "errors --h: --help and --human" "--help --human" "$(bc 'tpstat errors --h')"
	check_eq "states --no: --no-header" "--no-header" "$(bc 'tpstat states --no')"
	check_eq "show --so: not a view, no --sort" "" "$(bc 'tpstat show --so')"
	check_eq "retrans: its selector keys" "dport dst netns sport src" "$(bc 'tpstat retrans ')"
	check_eq "retrans dst 10.0.0.0/8 d: the keys again after a pair" "dport dst" \
		"$(bc 'tpstat retrans dst 10.0.0.0/8 d')"
	check_eq "errors: errno among its keys" "dport errno netns port sport" "$(bc 'tpstat errors ')"
	check_eq "errors errno ECONNR: the name" "ECONNREFUSED ECONNRESET" "$(bc 'tpstat errors errno ECONNR')"
	check_eq "drops netns: init and the ip netns names" "db init web" "$(bc 'tpstat drops netns ')"
	check_eq "retrans netns w: web" "web" "$(bc 'tpstat retrans netns w')"
	check_eq "neigh dev l: a device" "lo" "$(bc 'tpstat neigh dev l' | tr ' ' '\n' | grep -x lo)"
	check_eq "states: no selectors" "" "$(bc 'tpstat states ')"
	check_eq "errors --sort: its fields" "count error netns proto service" "$(bc 'tpstat errors --sort ')"
	# Each view's keys and fields are those its help prints.
	for v in $(views); do
		line=$("$TP" help "$v" | sed -n 's/^ *selectors: //p')
		keys=${line%%;*} fields=${line#*--sort: }
		[ "$keys" = none ] && keys=
		[ "$v" = hists ] && keys=
		got=$(bash -c '. "$1"; _tpstat_selectors "$2"' bash "$here/tpstat.bash-completion" "$v")
		check_eq "$v: the completion's selectors are its help's" "$(tr -d , <<< "$keys" | tr ' ' '\n' | sort | paste -sd' ')" \
			"$(tr ' ' '\n' <<< "$got" | grep . | sort | paste -sd' ')"
		got=$(bash -c '. "$1"; _tpstat_fields "$2"' bash "$here/tpstat.bash-completion" "$v")
		check_eq "$v: the completion's --sort fields are its help's" "$(tr -d , <<< "$fields")" "$got"
	done
	check_eq "list --v: --verbose" "--verbose" "$(bc 'tpstat list --v')"
	check_eq "watch --z: --zeros" "--zeros" "$(bc 'tpstat watch --z')"
	check_eq "export --t: --textfile" "--textfile" "$(bc 'tpstat export --t')"
	check_eq "doctor --r: --rules" "--rules" "$(bc 'tpstat doctor --r')"
	check_eq "doctor --pr: --pretty and --prometheus" "--pretty --prometheus" "$(bc 'tpstat doctor --pr')"
	check_eq "doctor: no words to offer" "" "$(bc 'tpstat doctor ')"
	check_eq "history --s: its own options" "--save --since --spark --step" \
		"$(bc 'tpstat history --s')"
	check_eq "history --since 1h tcp:tcp_p: a glob after an option's value" \
		"tcp_probe" "$(bc 'tpstat history --since 1h tcp:tcp_p')"
	check_eq "history --step: no words to offer" "" "$(bc 'tpstat history --step ')"
	check_eq "history re: a view's name" "resets retrans" "$(bc 'tpstat history re')"
	check_eq "history s: events and sockmem, not states" \
		"skb:consume_skb skb:kfree_skb sockmem" "$(bc 'tpstat history s')"
	check_eq "history --since 1h d: a view after an option's value" "devices drops" \
		"$(bc 'tpstat history --since 1h d')"
	check_eq "show --st: history's options are its own" "" "$(bc 'tpstat show --st')"
	check_eq "history resets: its selectors" "dport dst netns port reason sport" \
		"$(bc 'tpstat history resets ')"
	check_eq "history --since 1h drops d: a selector after an option's value" "dev" \
		"$(bc 'tpstat history --since 1h drops d')"
	check_eq "history resets --by: resets' own" "peer service" \
		"$(bc 'tpstat history resets --by ')"
	check_eq "history drops --b: --by" "--by" "$(bc 'tpstat history drops --b')"
	check_eq "history retrans --b: no --by" "" "$(bc 'tpstat history retrans --b')"
	check_eq "drops --by: the dimensions" "dev location netns reason trap" \
		"$(bc 'tpstat drops --by ')"
	check_eq "resets --by: its own" "peer service" "$(bc 'tpstat resets --by ')"
	check_eq "-n: the ip netns names" "db web" "$(bc 'tpstat -n ')"
	check_eq "--netns w: web" "web" "$(bc 'tpstat --netns w')"
	check_eq "-n web dr: the command after the namespace" "drops" "$(bc 'tpstat -n web dr')"
	check_eq "drops -n: no namespace after the command" "" "$(bc 'tpstat drops -n ')"
	check_eq "filter netns: ip netns names" "db web" "$(bc 'tpstat filter netns ')"
	check_eq "filter: its keys" "clear comm dev ifindex laddr lport netns pid raddr rport show" \
		"$(bc 'tpstat filter ')"
	check_eq "filter pid 1: the other keys" "comm dev ifindex laddr lport netns pid raddr rport" \
		"$(bc 'tpstat filter pid 1 ')"
	check_eq "hists: the histograms" "rx_len snd_cwnd srtt_us xmit_len" "$(bc 'tpstat hists ')"
	check_eq "hist (its older word): the histograms" "rx_len snd_cwnd srtt_us xmit_len" "$(bc 'tpstat hist ')"
	check_eq "monitor: the kinds" "all drops errors resets retrans states" \
		"$(bc 'tpstat monitor ')"
	check_eq "-- sh: the command after --" "show" "$(bc 'tpstat -- sh')"
	check_eq "help wa: a command" "watch" "$(bc 'tpstat help wa')"
	# Every command the tool's help names, and no other.
	want=$("$TP" help | sed -n 's/^tpstat \([a-z]*\).*/\1/p' | sort -u | paste -sd' ')
	check_eq "the commands are tpstat help's" "$want" "$(bash_run 'tpstat ' | sort -u | paste -sd' ')"
	# Every long option tpstat help names is offered somewhere.
	all=$(for c in "" list show watch history drops resets retrans export info doctor; do
		bash_run "tpstat $c --"; done | sort -u)
	for opt in $("$TP" help | grep -oE -- '--[a-z][a-z-]*[a-z]' | sort -u); do
		if grep -qx -- "$opt" <<< "$all"; then ok; else fail "$opt is never completed"; fi
	done
else
	# (A package build may lack it; make check has it: tests/deps.sh.)
	echo "SKIP completion: bash-completion is not installed (tests/deps.sh installs it)"
fi

# --- zsh ---------------------------------------------------------------------------
ZC=$here/tpstat.zsh-completion
if command -v zsh > /dev/null; then
	if zsh -n "$ZC"; then ok; else fail "zsh -n $ZC"; fi
	# A real completion: an interactive zsh in a pty, compinit with
	# _tpstat on its fpath, a line typed and TAB; what it lists is read
	# back from the pty.
	mkdir "$TMP/fpath"
	cp "$ZC" "$TMP/fpath/_tpstat"
	# zsh_complete LINE WANT: what TAB after LINE shows, until WANT is
	# among it (or 10 s passed).
	zsh_complete() {
		ZFP=$TMP/fpath ZLINE=$1 ZWANT=$2 zsh -f -c '
			setopt extendedglob
			zmodload zsh/zpty
			zpty z "PATH=${(q)PATH} zsh -f -i"
			zpty -w z "PS1=\"%% \"; fpath=($ZFP \$fpath); autoload -U compinit; compinit -u -D; print READY"
			out=
			# The line and TAB once the prompt is there (typed ahead,
			# the TAB is lost).
			for i in {1..200}; do
				zpty -r -t z chunk && out+=$chunk
				[[ $out == *READY*"% "* ]] && break
				sleep 0.05
			done
			zpty -w -n z "$ZLINE"$'"'"'\t'"'"'
			out=
			for i in {1..100}; do
				while zpty -r -t z chunk; do out+=$chunk; done
				out=${out//$'"'"'\e'"'"'\[[0-9;?]#[a-zA-Z]/}
				[[ $out == *"$ZWANT"* ]] && break
				sleep 0.1
			done
			zpty -d z
			print -r -- "$out"
		' 2> /dev/null | tr -d '\r'
	}
	zcheck() {
		local out
		out=$(zsh_complete "$1" "$2")
		if grep -qF -- "$2" <<< "$out"; then ok; else
			fail "zsh: $1<TAB> does not give $2: $(tail -3 <<< "$out" | paste -sd'|')"; fi
	}
	zcheck 'tpstat watch --inter' 'tpstat watch --interval'
	zcheck 'tpstat show tcp:tcp_p' 'tpstat show tcp:tcp_probe'
	zcheck 'tpstat show tcp:*,skb:kf' 'tcp:*,skb:kfree_skb'
	zcheck 'tpstat --ver' 'tpstat --version'
	zcheck 'tpstat -n ' 'web'
	zcheck 'tpstat -n w' 'tpstat -n web'
	zcheck 'tpstat drops --t' 'tpstat drops --top'
	zcheck 'tpstat drops --by ' 'location'
	zcheck 'tpstat filter netns w' 'tpstat filter netns web'
	zcheck 'tpstat -n web dr' 'tpstat -n web drops'
	# zsh's tables of keys and fields are bash's (checked against help above).
	check_eq "zsh's selector keys and --sort fields are bash's" \
		"$(sed -n 's/^\t\([a-z]*\)) echo "\(.*\)" ;;$/\1 \2/p' "$here/tpstat.bash-completion")" \
		"$(sed -n 's/^  \([a-z]*\)) print \(.*\) ;;$/\1 \2/p' "$ZC")"
	zcheck 'tpstat retrans --so' 'tpstat retrans --sort'
	zcheck 'tpstat errors --sort ' 'service'
	zcheck 'tpstat retrans ' 'dport'
	zcheck 'tpstat errors errno ECONNRE' 'ECONNREFUSED'
	zcheck 'tpstat drops netns ' 'init'
	zcheck 'tpstat retrans netns w' 'tpstat retrans netns web'
	zcheck 'tpstat --no-h' 'tpstat --no-header'
	zcheck 'tpstat history --inter' 'tpstat history --intervals'
	zcheck 'tpstat history --since 1h tcp:tcp_p' 'tcp:tcp_probe'
	zcheck 'tpstat history rese' 'tpstat history resets'
	zcheck 'tpstat history resets por' 'tpstat history resets port'
	zcheck 'tpstat history resets --by ' 'service'
	zcheck 'tpstat doctor --ru' 'tpstat doctor --rules'
	zcheck 'tpstat doctor --pro' 'tpstat doctor --prometheus'
else
	echo "SKIP completion: zsh is not installed (tests/deps.sh installs it)"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
