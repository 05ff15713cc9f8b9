// SPDX-License-Identifier: GPL-2.0
/*
 * events= parsing: a comma-separated list of globs ('*' and '?') over
 * "<group>:<name>"; a pattern without ':' matches the name in any group.
 * Every item must match at least one tracepoint tpstat knows, so a typo
 * fails the load instead of silently attaching nothing.
 */
#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "params.h"
#include "registry.h"

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

static int tpstat_check_pattern(const char *pattern, char *err,
				size_t err_len)
{
	const char *c;
	int colons = 0;

	for (c = pattern; *c; c++) {
		if (!tpstat_pattern_char_ok(*c)) {
			snprintf(err, err_len,
				 "'%s': invalid character '%c' (allowed: a-z 0-9 _ : * ?)",
				 pattern, *c);
			return -EINVAL;
		}
		colons += *c == ':';
	}
	if (colons > 1) {
		snprintf(err, err_len, "'%s': more than one ':'", pattern);
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
 * (events.h), the ones the views are fed from.  "*" selects every one.  On error returns -EINVAL, says why in @err and
 * leaves @selected empty.  Needs tpstat_registry_init() first.
 */
int tpstat_parse_events(const char *spec, unsigned long *selected,
			char *err, size_t err_len)
{
	char pattern[TPSTAT_EVENT_NAME_MAX];
	const char *item = spec;
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
			goto fail;
		}
		if (len >= sizeof(pattern)) {
			snprintf(err, err_len,
				 "'%.*s...': longer than %zu characters",
				 16, item, sizeof(pattern) - 1);
			goto fail;
		}
		memcpy(pattern, item, len);
		pattern[len] = '\0';
		ret = tpstat_check_pattern(pattern, err, err_len);
		if (ret)
			goto fail;
		if (!tpstat_select_matching(pattern, selected)) {
			snprintf(err, err_len,
				 "'%s' matches no tracepoint tpstat knows",
				 pattern);
			goto fail;
		}
		if (!*end)
			return 0;
		item = end + 1;
	}
fail:
	bitmap_zero(selected, __TPSTAT_EV_CNT);
	return -EINVAL;
}
