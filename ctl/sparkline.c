// SPDX-License-Identifier: GPL-2.0
/* Sparklines: see sparkline.h. */
#include <math.h>
#include <string.h>

#include "sparkline.h"

static const char *const marks[8] = {
	"\u2581", "\u2582", "\u2583", "\u2584",
	"\u2585", "\u2586", "\u2587", "\u2588",
};

/* The mark of @v against @max (> 0): 1 to 8 eighths, rounded up. */
static const char *mark(double v, double max)
{
	int k;

	if (!(v > 0))		/* NaN too */
		return " ";
	/* Less a hair: 3/8 of the peak computed as 3.0000001 is 3 eighths. */
	k = (int)ceil(v * 8 / max - 1e-9);
	return marks[k < 1 ? 0 : k > 8 ? 7 : k - 1];
}

char *sparkline(const double *v, size_t n, char *buf, size_t len)
{
	double max = 0;
	size_t used = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i] > max)
			max = v[i];
	for (size_t i = 0; i < n; i++) {
		const char *m = mark(v[i], max);
		size_t l = strlen(m);

		if (used + l >= len)
			break;
		memcpy(buf + used, m, l);
		used += l;
	}
	if (len)
		buf[used] = '\0';
	return buf;
}
