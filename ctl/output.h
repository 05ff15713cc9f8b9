/* SPDX-License-Identifier: GPL-2.0 */
/* Formatting replies as text or JSON: no netlink, unit-tested on the host. */
#ifndef TPSTAT_OUTPUT_H
#define TPSTAT_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_SCHEMA_VERSION 1

struct event_row {
	uint32_t id;
	uint8_t state;
	bool has_probe;		/* variant and fields are known */
	char name[64];
	char group[32];
	char variant[64];
	char fields[96];
};

/* A counter's name, "<group>:<name>[.<metric>]", NUL included. */
#define COUNTER_NAME_MAX 96

struct counter_row {
	char name[COUNTER_NAME_MAX];
	uint64_t value;
};

struct info {
	char version[32];
	char kernel[96];
	uint32_t features;
	uint32_t events;
	uint64_t memory;	/* bytes of counters and tables */
	bool has_memory;	/* older modules do not say */
	/* The flight recorder (tpstat history); older modules have none. */
	bool has_history;
	uint32_t history_interval;	/* seconds an interval; 0: off */
	uint64_t history_memory;	/* bytes, its ring included */
	uint32_t history_intervals;	/* held now */
	/* Its views intervals (tpstat history VIEW); older modules have none. */
	bool has_history_views;
	uint32_t history_views;		/* seconds a views interval; 0: off */
};

struct out_opts {
	bool json, pretty, verbose, zeros, tty;
	bool human;		/* -h: 1.2M, text only */
	bool no_header;		/* -H: tables without their header line */
};

const char *state_name(uint8_t state);
void print_events(FILE *f, const struct out_opts *o,
		  const struct event_row *rows, size_t n);
void print_counters(FILE *f, const struct out_opts *o,
		    const struct counter_row *rows, size_t n);
void print_info(FILE *f, const struct out_opts *o, const struct info *info);
/* One interval of watch: @prev and @cur are sorted by name. */
void print_watch(FILE *f, const struct out_opts *o, double seconds,
		 double elapsed, const struct counter_row *prev, size_t n_prev,
		 const struct counter_row *cur, size_t n_cur);

#endif
