/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names from the kernel or from users (task names, devices, locations,
 * drop reasons, traps, namespace names, the kernel's error text) as text
 * output prints them: every byte that is not printable ASCII, and '\'
 * itself, becomes a backslash and three octal digits ("\033" for ESC),
 * as iproute2's print_escape_buf() (lib/utils.c) writes them: ss prints
 * TCP-MD5 keys so.  The C locale's isprint(), as the tool never calls
 * setlocale(): UTF-8 names are escaped byte by byte too.  A task named
 * "\x1b]2;pwn\x07" then prints as "\033]2;pwn\007" and cannot drive the
 * reader's terminal.  JSON (json.c) and Prometheus (export.c) escape by
 * their own rules instead.
 */
#ifndef TPSTAT_ESCAPE_H
#define TPSTAT_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* Bytes to hold the escaped text of a string of @n bytes, NUL included. */
#define ESC_SIZE(n)	(4 * (n) + 1)

/* Whether byte @c prints as itself. */
static inline bool esc_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '\\';
}

/*
 * The length of the UTF-8 character at @p (1 to 4 bytes), or 0 when @p
 * is not one: a stray continuation byte, an overlong form, a surrogate,
 * past U+10FFFF, or cut short by the string's NUL (never read past).
 * JSON and Prometheus keep whole characters and replace the rest.
 */
size_t utf8_len(const unsigned char *p);

/*
 * @s itself when every byte of it prints as itself, else its escaped
 * text in @buf (@len bytes: ESC_SIZE(strlen(s)) holds all of it, less
 * is cut before an escape, never inside one).  NULL stays NULL.
 */
const char *esc(const char *s, char *buf, size_t len);

/*
 * What esc() undoes, for files the tool wrote with it (tpstat history
 * --save): @s with each backslash and three octal digits back as its
 * byte, into @buf (@len bytes, NUL included).  0, or -1 when @s has a
 * backslash not so followed, an escaped NUL or more than 255, or does
 * not fit.
 */
int unesc(const char *s, char *buf, size_t len);

#endif
