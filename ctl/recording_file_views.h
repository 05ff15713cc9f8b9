/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A history file's views lines (recording_file.c): a views interval's
 * message as the hex of its attributes, little-endian whatever the
 * host (attr_order.h), written; and read back by
 * rebuilding the message and running it through the dump's own parser
 * (tpnl_parse(), history_msg_cb()), so that the rows are as from the
 * module and a file is checked as a reply is.
 */
#ifndef TPSTAT_RECORDING_FILE_VIEWS_H
#define TPSTAT_RECORDING_FILE_VIEWS_H

#include <stdio.h>

#include "recording.h"

/* @a's bytes as hex digits, two a byte (no newline). */
void rec_views_hex_write(FILE *f, const struct rec_attrs *a);
/*
 * The message of @hex's attributes into @r as the dump's would go:
 * NULL, or why not (an odd number of digits, a character that is not
 * one, no view in it, or what the parser refused).
 */
const char *rec_views_hex_read(struct recording *r, const char *hex);

#endif
