// SPDX-License-Identifier: GPL-2.0
/*
 * The Prometheus text exposition format (version 0.0.4): families,
 * samples, histograms.  A leaf: export.c and the views' families
 * (views/<name>.c) call it; it calls nothing of theirs.
 */
#include <stdbool.h>
#include <string.h>

#include "escape.h"
#include "prom.h"

void prom_init(struct prom *p, FILE *f)
{
	p->f = f;
	p->cur = NULL;
}

/*
 * HELP text escapes '\' and newline; label values also '"' (the text
 * format's only escapes).  Label values are names from the kernel and
 * from users, which may hold any byte, but the format takes UTF-8 and
 * has no escape for other control characters.  So in a label value a
 * byte that is a control character (C0 but newline, DEL, C1) or not
 * UTF-8 is written as text prints it (escape.h), "\033" for ESC, and so
 * is '\' itself ("\134"): two names that differ stay two series (a
 * duplicate series fails the whole scrape).  The format then doubles
 * the backslash: ESC is \\033 in the exposition.
 */
static void prom_escaped(FILE *f, const char *s, bool label)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	while (*p) {
		if (*p == '\n' || (*p == '"' && label) ||
		    (*p == '\\' && !label)) {
			fputs(*p == '\n' ? "\\n" : *p == '"' ? "\\\"" : "\\\\",
			      f);
			p++;
			continue;
		}
		n = *p >= 0x80 ? utf8_len(p) : esc_plain(*p);
		if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)
			n = 0;		/* C1 controls, U+0080..U+009F */
		if (n) {
			fwrite(p, 1, n, f);
			p += n;
			continue;
		}
		fprintf(f, "\\\\%03o", *p);
		p++;
	}
}

static void prom_header(struct prom *p, const struct prom_family *fam)
{
	if (p->cur == fam)
		return;
	p->cur = fam;
	fprintf(p->f, "# HELP %s ", fam->name);
	prom_escaped(p->f, fam->help, false);
	fprintf(p->f, "\n# TYPE %s %s\n", fam->name, fam->type);
}

static void prom_labels(FILE *f, const struct prom_label *labels, size_t n,
			const char *le)
{
	if (!n && !le)
		return;
	fputc('{', f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s%s=\"", i ? "," : "", labels[i].name);
		prom_escaped(f, labels[i].value, true);
		fputc('"', f);
	}
	if (le)
		fprintf(f, "%sle=\"%s\"", n ? "," : "", le);
	fputc('}', f);
}

void prom_sample(struct prom *p, const struct prom_family *fam,
		 const char *suffix, const struct prom_label *labels,
		 size_t n_labels, uint64_t value)
{
	prom_header(p, fam);
	fprintf(p->f, "%s%s", fam->name, suffix);
	prom_labels(p->f, labels, n_labels, NULL);
	fprintf(p->f, " %llu\n", (unsigned long long)value);
}

/* @v / 10^@decimals exactly, without trailing zeros: "0.000003", "4294". */
static void prom_decimal(char *buf, size_t len, uint64_t v,
			 unsigned int decimals)
{
	uint64_t scale = 1, frac;
	int digits = decimals;

	for (unsigned int i = 0; i < decimals; i++)
		scale *= 10;
	frac = v % scale;
	if (!frac) {
		snprintf(buf, len, "%llu", (unsigned long long)(v / scale));
		return;
	}
	for (; frac % 10 == 0; frac /= 10)
		digits--;
	snprintf(buf, len, "%llu.%0*llu", (unsigned long long)(v / scale),
		 digits, (unsigned long long)frac);
}

void prom_histogram_scaled(struct prom *p, const struct prom_family *fam,
			   const struct prom_label *labels, size_t n_labels,
			   const uint64_t *bounds, const uint64_t *counts,
			   size_t n, uint64_t sum, unsigned int decimals)
{
	uint64_t cumulative = 0;
	char num[32];

	prom_header(p, fam);
	for (size_t i = 0; i <= n; i++) {
		cumulative += counts[i];
		if (i < n)
			prom_decimal(num, sizeof(num), bounds[i], decimals);
		else
			snprintf(num, sizeof(num), "+Inf");
		fprintf(p->f, "%s_bucket", fam->name);
		prom_labels(p->f, labels, n_labels, num);
		fprintf(p->f, " %llu\n", (unsigned long long)cumulative);
	}
	prom_decimal(num, sizeof(num), sum, decimals);
	fprintf(p->f, "%s_sum", fam->name);
	prom_labels(p->f, labels, n_labels, NULL);
	fprintf(p->f, " %s\n%s_count", num, fam->name);
	prom_labels(p->f, labels, n_labels, NULL);
	fprintf(p->f, " %llu\n", (unsigned long long)cumulative);
}

void prom_histogram(struct prom *p, const struct prom_family *fam,
		    const struct prom_label *labels, size_t n_labels,
		    const uint64_t *bounds, const uint64_t *counts, size_t n,
		    uint64_t sum)
{
	prom_histogram_scaled(p, fam, labels, n_labels, bounds, counts, n,
			      sum, 0);
}
