/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The neighbour failures view (TPSTAT_VIEW_NEIGH): its order, text and
 * JSON, and its Prometheus family.  No sockets: unit-tested on the host.
 */
#ifndef TPSTAT_VIEW_NEIGH_H
#define TPSTAT_VIEW_NEIGH_H

#include <stdio.h>

struct json;
struct prom;
struct view;
struct view_entry;

/* qsort() order: most failures first, then namespace, device, address. */
int neigh_qsort(const void *a, const void *b);
/* DEVICE ADDRESS FAILURES NETNS, one line per neighbour, as sorted. */
void text_neigh(FILE *f, const struct view *v);
/* One entry as a JSON object. */
void json_neigh(struct json *j, const struct view_entry *e);
/*
 * tpstat_neigh_failures_total{device,family,address,netns}; entries
 * without a 4- or 16-byte address are left out.
 */
void export_neigh(struct prom *p, const struct view *v);

#endif
