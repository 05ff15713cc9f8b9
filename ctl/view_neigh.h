/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The neighbour failures view (TPSTAT_VIEW_NEIGH): its ops are
 * neigh_view_ops (views.h); export.c calls its Prometheus family.  No
 * sockets: unit-tested on the host.
 */
#ifndef TPSTAT_VIEW_NEIGH_H
#define TPSTAT_VIEW_NEIGH_H

struct prom;
struct view;

/*
 * tpstat_neigh_failures_total{device,family,address,netns,netns_cookie};
 * entries without a 4- or 16-byte address are left out.
 */
void neigh_export(struct prom *p, const struct view *v);

#endif
