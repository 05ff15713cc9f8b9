// SPDX-License-Identifier: GPL-2.0
/*
 * events= and a filter's GLOB: a comma-separated list of globs ('*' and
 * '?') over "<group>:<name>"; a pattern without ':' matches the name in
 * any group.  Every item must match at least one tracepoint tpstat
 * knows, so a typo fails the load instead of silently attaching nothing.
 */
#include <linux/bitmap.h>
#include <linux/build_bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "control/event_select.h"
#include "control/registry.h"

/* Shell-style glob: '*' any run of characters, '?' any one character. */
bool tpstat_glob_match(const char *pattern, const char *str)
{
	const char *star = NULL, *retry = NULL;

	while (*str) {
		if (*pattern == '*') {
			star = ++pattern;
			retry = str;
		} else if (*pattern == '?' || *pattern == *str) {
			pattern++;
			str++;
		} else if (star) {
			/* Let the last '*' swallow one more character. */
			pattern = star;
			str = ++retry;
		} else {
			return false;
		}
	}
	while (*pattern == '*')
		pattern++;
	return !*pattern;
}

static bool tpstat_pattern_char_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == ':' || c == '*' || c == '?';
}

/*
 * Why an events= or GLOB was refused, as string literals: an extack on
 * a kernel without NL_SET_ERR_MSG_FMT keeps only a pointer to its
 * message, read after the handler returned (netlink.c).
 */
static_assert(TPSTAT_EVENT_NAME_MAX == 64);
#define TPSTAT_WHY(text) KBUILD_MODNAME ": " text
static const char tpstat_why_empty[] = TPSTAT_WHY("an empty item in the list of globs");
static const char tpstat_why_long[] = TPSTAT_WHY("a glob longer than 63 characters");
static const char tpstat_why_char[] =
	TPSTAT_WHY("a glob with a character other than a-z 0-9 _ : * ?");
static const char tpstat_why_colons[] = TPSTAT_WHY("a glob with more than one ':'");
static const char tpstat_why_none[] =
	TPSTAT_WHY("a glob that matches no tracepoint tpstat knows");

/*
 * The details below fit an extack's formatted message (80 bytes with the
 * "tpstat: " prefix; NL_SET_ERR_MSG_FMT() cuts a longer one and logs a
 * warning any sender could repeat), hence the patterns' widths.
 */
static int tpstat_check_pattern(const char *pattern, char *err,
				size_t err_len, const char **what)
{
	const char *c;
	int colons = 0;

	for (c = pattern; *c; c++) {
		if (!tpstat_pattern_char_ok(*c)) {
			snprintf(err, err_len,
				 "'%.20s': character 0x%02x is not one of a-z 0-9 _ : * ?",
				 pattern, (unsigned char)*c);
			*what = tpstat_why_char;
			return -EINVAL;
		}
		colons += *c == ':';
	}
	if (colons > 1) {
		snprintf(err, err_len, "'%.24s': more than one ':'", pattern);
		*what = tpstat_why_colons;
		return -EINVAL;
	}
	return 0;
}

/* Sets the bit of every event @pattern matches; false if none. */
static bool tpstat_select_matching(const char *pattern,
				   unsigned long *selected)
{
	bool with_group = strchr(pattern, ':');
	bool matched = false;
	int id;

	for (id = 0; id < __TPSTAT_EV_CNT; id++) {
		const char *name = with_group ? tpstat_event_full_name(id) :
						tpstat_events[id].name;

		if (tpstat_glob_match(pattern, name)) {
			__set_bit(id, selected);
			matched = true;
		}
	}
	return matched;
}

/*
 * Fills @selected (a bitmap of __TPSTAT_EV_CNT bits) from @spec; NULL or
 * "" selects the default set, the tracepoints with a hand-written probe
 * (events.h), the ones the views are fed from.  "*" selects every one.
 * On error returns -EINVAL, says why in @err (and in *@what, a literal)
 * and leaves @selected empty.  Needs tpstat_registry_init() first.
 */
int tpstat_parse_events_what(const char *spec, unsigned long *selected,
			     char *err, size_t err_len, const char **what)
{
	char pattern[TPSTAT_EVENT_NAME_MAX];
	const char *item = spec, *why;
	int ret;

	bitmap_zero(selected, __TPSTAT_EV_CNT);
	if (!spec || !*spec) {
		bitmap_set(selected, 0, TPSTAT_NR_HAND_EVENTS);
		return 0;
	}
	for (;;) {
		const char *end = strchrnul(item, ',');
		size_t len = end - item;

		if (!len) {
			snprintf(err, err_len, "empty item in the list");
			why = tpstat_why_empty;
			goto fail;
		}
		if (len >= sizeof(pattern)) {
			snprintf(err, err_len,
				 "'%.*s...': longer than %zu characters",
				 16, item, sizeof(pattern) - 1);
			why = tpstat_why_long;
			goto fail;
		}
		memcpy(pattern, item, len);
		pattern[len] = '\0';
		ret = tpstat_check_pattern(pattern, err, err_len, &why);
		if (ret)
			goto fail;
		if (!tpstat_select_matching(pattern, selected)) {
			snprintf(err, err_len,
				 "'%.24s' matches no tracepoint tpstat knows",
				 pattern);
			why = tpstat_why_none;
			goto fail;
		}
		if (!*end)
			return 0;
		item = end + 1;
	}
fail:
	bitmap_zero(selected, __TPSTAT_EV_CNT);
	if (what)
		*what = why;
	return -EINVAL;
}

int tpstat_parse_events(const char *spec, unsigned long *selected,
			char *err, size_t err_len)
{
	return tpstat_parse_events_what(spec, selected, err, err_len, NULL);
}
