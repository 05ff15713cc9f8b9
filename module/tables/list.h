/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The views, one line each, in the order of enum tpstat_view: its id
 * suffix (TPSTAT_VIEW_<id>) and its name, which is also the name of its
 * file views/<name>.c, of its struct tpstat_view_type tpstat_view_<name>
 * there, of its debugfs file and of its word in views=.
 *
 * Include with TPSTAT_VIEW(id, name) defined; there is no include guard
 * on purpose.
 */
TPSTAT_VIEW(DROPS, drops)
TPSTAT_VIEW(TRAPS, traps)
TPSTAT_VIEW(RETRANS, retrans)
TPSTAT_VIEW(RESETS, resets)
TPSTAT_VIEW(STATES, states)
TPSTAT_VIEW(LIFETIMES, lifetimes)
TPSTAT_VIEW(DEVICES, devices)
TPSTAT_VIEW(HISTS, hists)
TPSTAT_VIEW(ERRORS, errors)
TPSTAT_VIEW(RCVQ, rcvq)
TPSTAT_VIEW(NEIGH, neigh)
TPSTAT_VIEW(AUTH, auth)
TPSTAT_VIEW(SOCKMEM, sockmem)
