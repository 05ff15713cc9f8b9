/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The views, one line each, in the order tpstat help and tpstat export
 * list them: view_table.c reads this list twice, to declare each
 * view's ops (views/<name>.c's <name>_view_ops) and to make the table.
 * tests/completion.sh and tests/manpage.sh check that the completions
 * and tpstat.8 have a line for each.
 * No include guard: it is meant to be read more than once.
 */
VIEW(drops),
VIEW(traps),
VIEW(retrans),
VIEW(resets),
VIEW(errors),
VIEW(rcvq),
VIEW(neigh),
VIEW(auth),
VIEW(states),
VIEW(lifetimes),
VIEW(devices),
VIEW(hists),
VIEW(sockmem),
