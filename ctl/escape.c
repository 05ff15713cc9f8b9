// SPDX-License-Identifier: GPL-2.0
/* Escaping names for text output: see escape.h. */
#include "escape.h"

size_t utf8_len(const unsigned char *p)
{
	unsigned char c = p[0];

	if (c < 0x80)
		return 1;
	if (c < 0xc2)		/* a continuation byte, or overlong */
		return 0;
	if ((p[1] & 0xc0) != 0x80)
		return 0;
	if (c < 0xe0)
		return 2;
	if ((c == 0xe0 && p[1] < 0xa0) ||	/* overlong */
	    (c == 0xed && p[1] >= 0xa0) ||	/* a surrogate */
	    (c == 0xf0 && p[1] < 0x90) ||	/* overlong */
	    (c == 0xf4 && p[1] >= 0x90) ||	/* past U+10FFFF */
	    c >= 0xf5 || (p[2] & 0xc0) != 0x80)
		return 0;
	if (c < 0xf0)
		return 3;
	return (p[3] & 0xc0) == 0x80 ? 4 : 0;
}

const char *esc(const char *s, char *buf, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;

	if (!s)
		return NULL;
	while (*p && esc_plain(*p))
		p++;
	if (!*p)
		return s;
	if (!len)
		return "";
	for (p = (const unsigned char *)s; *p; p++) {
		if (esc_plain(*p)) {
			if (n + 1 >= len)
				break;
			buf[n++] = *p;
			continue;
		}
		if (n + 4 >= len)
			break;
		buf[n++] = '\\';
		buf[n++] = '0' + (*p >> 6);
		buf[n++] = '0' + ((*p >> 3) & 7);
		buf[n++] = '0' + (*p & 7);
	}
	buf[n] = '\0';
	return buf;
}

/* The value of the three octal digits at @p, or -1 if they are not. */
static int octal3(const char *p)
{
	int v = 0;

	for (int i = 0; i < 3; i++) {
		if (p[i] < '0' || p[i] > '7')
			return -1;
		v = v * 8 + (p[i] - '0');
	}
	return v;
}

int unesc(const char *s, char *buf, size_t len)
{
	size_t n = 0;
	int c;

	for (; *s; s++) {
		c = (unsigned char)*s;
		if (c == '\\') {
			c = octal3(s + 1);
			if (c <= 0 || c > 255)
				return -1;
			s += 3;
		}
		if (n + 1 >= len)
			return -1;
		buf[n++] = c;
	}
	if (!len)
		return -1;
	buf[n] = '\0';
	return 0;
}
