/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Times as users type them and read them (tpstat history): moments and
 * lengths in, local and UTC times out.  Nanoseconds since the epoch
 * throughout, as the module's recorder gives them.  No I/O: the caller
 * says what "now" is, so the tests do.
 */
#ifndef TPSTAT_WHEN_H
#define TPSTAT_WHEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define NS_PER_SEC 1000000000ULL

/*
 * A length, "90s", "15m", "2h", "1d" or several ("1h30m"), into *@ns:
 * 0, or -1 when it is not one (a bare number included: the unit is
 * said, never guessed) or is 0 or longer than ten years.
 */
int when_span(const char *s, uint64_t *ns);
/*
 * A moment as --since and --until take it, into *@ns: HH:MM[:SS] today
 * (local time), or yesterday when today's is later than @now;
 * YYYY-MM-DDTHH:MM[:SS] (a space for the T too), local time, or UTC
 * with a Z after it; or a length back from @now (when_span()).  0, or
 * -1 when it is none of them.
 */
int when_parse(const char *s, time_t now, uint64_t *ns);

/* What when_parse() takes, for a message. */
#define WHEN_FORMS "HH:MM[:SS], YYYY-MM-DDTHH:MM[:SS] or a time back from now (90s, 15m, 2h, 1d)"

/* Room for what the printers below write. */
#define WHEN_LEN 40
/* "10s", "1m30s", "2h", "1d6h"; under a minute and not whole, "6.6s". */
const char *when_span_text(uint64_t ns, char *buf, size_t len);
/* Local time, "03:12:00", or with @date "2026-12-02 03:12:00". */
const char *when_local(uint64_t ns, bool date, char *buf, size_t len);
/* UTC, ISO 8601: "2026-12-02T03:12:00Z", a fraction only where there is one. */
const char *when_iso(uint64_t ns, char *buf, size_t len);
/* Whether @a and @b are on the same local day. */
bool when_same_day(uint64_t a, uint64_t b);
/* @ns as seconds, exact: "10", "6.6", "0.000000001". */
const char *when_seconds(uint64_t ns, char *buf, size_t len);

#endif
