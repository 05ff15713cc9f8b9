// SPDX-License-Identifier: GPL-2.0
/* Times typed and printed: see when.h. */
#include <stdio.h>
#include <string.h>

#include "when.h"

/* The longest length taken: ten years, far past any ring's. */
#define SPAN_MAX_S (3650ULL * 86400)

static uint64_t unit_seconds(char unit)
{
	switch (unit) {
	case 'd':
		return 86400;
	case 'h':
		return 3600;
	case 'm':
		return 60;
	case 's':
		return 1;
	}
	return 0;
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

int when_span(const char *s, uint64_t *ns)
{
	uint64_t total = 0, n, unit;

	if (!*s)
		return -1;
	while (*s) {
		if (!digit(*s))
			return -1;
		for (n = 0; digit(*s); s++) {
			n = n * 10 + (*s - '0');
			if (n > SPAN_MAX_S)
				return -1;
		}
		unit = unit_seconds(*s++);
		if (!unit || n > (SPAN_MAX_S - total) / unit)
			return -1;
		total += n * unit;
	}
	if (!total)
		return -1;
	*ns = total * NS_PER_SEC;
	return 0;
}

/* @min to @max digits at @p into *@v: what follows them, or NULL. */
static const char *number(const char *p, int min, int max, int *v)
{
	int n = 0;

	for (*v = 0; n < max && digit(p[n]); n++)
		*v = *v * 10 + (p[n] - '0');
	return n < min ? NULL : p + n;
}

/* HH:MM[:SS] at @p into @tm: what follows, or NULL. */
static const char *clock_time(const char *p, struct tm *tm)
{
	int h, m, s = 0;

	p = number(p, 1, 2, &h);
	if (!p || *p++ != ':')
		return NULL;
	p = number(p, 2, 2, &m);
	if (p && *p == ':')
		p = number(p + 1, 2, 2, &s);
	if (!p || h > 23 || m > 59 || s > 59)
		return NULL;
	tm->tm_hour = h;
	tm->tm_min = m;
	tm->tm_sec = s;
	return p;
}

/* HH:MM[:SS] today, or yesterday when today's is after @now. */
static time_t time_of_day(const char *s, time_t now)
{
	const char *end;
	struct tm tm;
	time_t t = -1;

	for (int days_back = 0; days_back < 2; days_back++) {
		localtime_r(&now, &tm);
		end = clock_time(s, &tm);
		if (!end || *end)
			return -1;
		/* mktime() makes day 0 the month's day before, finds DST. */
		tm.tm_mday -= days_back;
		tm.tm_isdst = -1;
		t = mktime(&tm);
		if (t <= now)
			break;
	}
	return t;
}

/* YYYY-MM-DDTHH:MM[:SS][Z]: local time, or UTC with the Z. */
static time_t date_time(const char *s)
{
	struct tm tm = { 0 }, want;
	int y, mon, d;
	time_t t;

	s = number(s, 4, 4, &y);
	if (s && *s++ == '-')
		s = number(s, 2, 2, &mon);
	else
		s = NULL;
	if (s && *s++ == '-')
		s = number(s, 2, 2, &d);
	else
		s = NULL;
	if (!s || (*s != 'T' && *s != ' '))
		return -1;
	s = clock_time(s + 1, &tm);
	if (!s)
		return -1;
	tm.tm_year = y - 1900;
	tm.tm_mon = mon - 1;
	tm.tm_mday = d;
	tm.tm_isdst = -1;
	want = tm;
	if (!strcmp(s, "Z"))
		t = timegm(&tm);
	else if (!*s)
		t = mktime(&tm);
	else
		return -1;
	/* Normalized, a day that is not (02-30) became another. */
	if (tm.tm_year != want.tm_year || tm.tm_mon != want.tm_mon ||
	    tm.tm_mday != want.tm_mday)
		return -1;
	return t;
}

int when_parse(const char *s, time_t now, uint64_t *ns)
{
	uint64_t back;
	time_t t;

	if (!when_span(s, &back)) {
		*ns = (uint64_t)now * NS_PER_SEC;
		*ns = back < *ns ? *ns - back : 0;
		return 0;
	}
	if (strlen(s) > 4 && s[4] == '-')
		t = date_time(s);
	else
		t = time_of_day(s, now);
	if (t < 0)
		return -1;
	*ns = (uint64_t)t * NS_PER_SEC;
	return 0;
}

/* ".25" for 250000000 ns past the second; "" for none. */
static const char *fraction(uint64_t ns, char *buf, size_t len)
{
	unsigned int frac = ns % NS_PER_SEC;
	int n;

	buf[0] = '\0';
	if (!frac)
		return buf;
	n = snprintf(buf, len, ".%09u", frac);
	while (n > 1 && buf[n - 1] == '0')
		buf[--n] = '\0';
	return buf;
}

const char *when_seconds(uint64_t ns, char *buf, size_t len)
{
	char frac[16];

	snprintf(buf, len, "%llu%s", (unsigned long long)(ns / NS_PER_SEC),
		 fraction(ns, frac, sizeof(frac)));
	return buf;
}

const char *when_span_text(uint64_t ns, char *buf, size_t len)
{
	static const char units[] = "dhms";
	uint64_t s = (ns + NS_PER_SEC / 2) / NS_PER_SEC, part;
	size_t used = 0;

	if (ns < 60 * NS_PER_SEC && ns % NS_PER_SEC) {
		snprintf(buf, len, "%.1fs", (double)ns / NS_PER_SEC);
		return buf;
	}
	buf[0] = '\0';
	for (const char *u = units; *u && used < len; u++) {
		part = s / unit_seconds(*u);
		s %= unit_seconds(*u);
		if (part || (!used && *u == 's'))
			used += snprintf(buf + used, len - used, "%llu%c",
					 (unsigned long long)part, *u);
	}
	return buf;
}

const char *when_local(uint64_t ns, bool date, char *buf, size_t len)
{
	time_t t = ns / NS_PER_SEC;
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, len, date ? "%Y-%m-%d %H:%M:%S" : "%H:%M:%S", &tm);
	return buf;
}

const char *when_iso(uint64_t ns, char *buf, size_t len)
{
	time_t t = ns / NS_PER_SEC;
	char day[32], frac[16];
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(day, sizeof(day), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, len, "%s%sZ", day, fraction(ns, frac, sizeof(frac)));
	return buf;
}

bool when_same_day(uint64_t a, uint64_t b)
{
	time_t ta = a / NS_PER_SEC, tb = b / NS_PER_SEC;
	struct tm x, y;

	localtime_r(&ta, &x);
	localtime_r(&tb, &y);
	return x.tm_year == y.tm_year && x.tm_yday == y.tm_yday;
}
