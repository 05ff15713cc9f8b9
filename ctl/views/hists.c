// SPDX-License-Identifier: GPL-2.0
/*
 * The HISTS view (tpstat hist [NAME]): the module's log2 histograms of
 * round-trip times, congestion windows and packet lengths, by name.
 */
#include <string.h>

#include "../escape.h"
#include "../fields.h"
#include "../prom.h"
#include "../view_columns.h"
#include "../view_sort.h"
#include "../views.h"

const char *const hist_names[] = {
	"srtt_us", "snd_cwnd", "xmit_len", "rx_len", NULL,
};

static const char *const hist_units[] = {
	"usecs", "segments", "bytes", "bytes",
};

static int hist_rank(const char *name)
{
	for (int i = 0; hist_names[i]; i++)
		if (!strcmp(name, hist_names[i]))
			return i;
	return -1;
}

bool hist_name_known(const char *name)
{
	return hist_rank(name) >= 0;
}

const char *hist_unit(const char *name)
{
	int i = hist_rank(name);

	return i < 0 ? "value" : hist_units[i];
}

static int hists_qsort(const void *pa, const void *pb)
{
	const struct view_entry *a = pa, *b = pb;
	unsigned int ra = hist_rank(a->hist_name), rb = hist_rank(b->hist_name);
	int c = cmp_u64(ra, rb);	/* unknown names (-1) last */

	return c ? c : strcmp(a->hist_name, b->hist_name);
}

VIEW_SORT(hists_sort, hists_qsort)

/* "tpstat hist NAME" shows that one histogram. */
static bool shown(const struct view_print *p, const struct view_entry *e)
{
	return !p->word || !strcmp(e->hist_name, p->word);
}

/* "srtt_us: 12 values, mean 3.2 usecs", its percentiles, its bars. */
static void hists_record(struct fields *w, const struct view_print *p,
			 const struct view_entry *e)
{
	const struct hist *h = hist_of(e);
	const char *unit = hist_unit(e->hist_name);
	char name[ESC_SIZE(ROW_HIST_NAME_MAX)], count[24];

	(void)p;
	field_str(w, NULL, field_json(w) ? NULL :
		  esc(e->hist_name, name, sizeof(name)), "name", e->hist_name);
	field_plain(w, NULL, NULL, "unit", unit);
	snprintf(count, sizeof(count), "%llu", (unsigned long long)h->count);
	field_str(w, ": ", count, NULL, NULL);
	field_text(w, " values");
	view_field_mean(w, h, unit);
	field_text(w, "\n");
	view_field_quantiles(w, h, unit);
	view_field_hist(w, h, unit);
	field_text(w, "\n");
}

/* "tpstat hist NAME" that asks for one the module has none of. */
static void hists_summary(struct fields *w, const struct view_print *p)
{
	for (size_t i = 0; i < p->v->n; i++)
		if (shown(p, &p->v->e[i]))
			return;
	if (p->word && field_file(w))
		fprintf(field_file(w), "%s: no values\n", p->word);
}

/*
 * The histograms exported, in this order.  Their values are 32-bit, so
 * buckets 0 to 32 are exported (le up to 2^32 - 1); anything a bucket
 * above held would count under le="+Inf" only.
 */
#define HIST_TOP_BUCKET 32

static const struct {
	const char *name;	/* TPSTAT_A_HIST_NAME */
	unsigned int decimals;	/* its values are 10^-decimals of the unit */
	struct prom_family fam;
} hists[] = {
	{ "srtt_us", 6, {
		"tpstat_tcp_srtt_seconds", "histogram",
		"Smoothed round-trip time of TCP sockets at each tcp:tcp_probe, in seconds (log2 buckets of microseconds)" } },
	{ "snd_cwnd", 0, {
		"tpstat_tcp_snd_cwnd_segments", "histogram",
		"Congestion window of TCP sockets at each tcp:tcp_probe, in log2 buckets" } },
	{ "xmit_len", 0, {
		"tpstat_xmit_length_bytes", "histogram",
		"Length of packets drivers accepted for transmit (net:net_dev_xmit skb_len with rc NETDEV_TX_OK), in log2 buckets" } },
	{ "rx_len", 0, {
		"tpstat_rx_length_bytes", "histogram",
		"Length of received packets (net:netif_receive_skb), link-layer header included, in log2 buckets" } },
};

#define N_HISTS (sizeof(hists) / sizeof(hists[0]))

static void export_hist(struct prom *p, const struct prom_family *fam,
			const struct hist *h, unsigned int decimals)
{
	uint64_t bounds[HIST_TOP_BUCKET + 1], counts[HIST_TOP_BUCKET + 2];
	uint64_t low;

	counts[HIST_TOP_BUCKET + 1] = 0;
	for (unsigned int b = 0; b < TPSTAT_HIST_BUCKETS; b++) {
		if (b > HIST_TOP_BUCKET) {
			counts[HIST_TOP_BUCKET + 1] += h->bucket[b];
			continue;
		}
		hist_bounds(b, &low, &bounds[b]);
		counts[b] = h->bucket[b];
	}
	prom_histogram_scaled(p, fam, NULL, 0, bounds, counts,
			      HIST_TOP_BUCKET + 1, h->sum, decimals);
}

/* Names this tool does not know (a newer module) are left out. */
void hists_export(struct prom *p, const struct view *v)
{
	for (size_t i = 0; v && i < N_HISTS; i++) {
		for (size_t j = 0; j < v->n; j++) {
			if (v->e[j].hist &&
			    !strcmp(v->e[j].hist_name, hists[i].name)) {
				export_hist(p, &hists[i].fam, v->e[j].hist,
					    hists[i].decimals);
				break;
			}
		}
	}
}

static int fld_hist_name(const struct view_entry *a, const struct view_entry *b)
{
	return strcmp(a->hist_name, b->hist_name);
}

static const struct view_field hists_fields[] = {
	{ "count", fld_hist_count }, { "mean", fld_hist_mean },
	{ "name", fld_hist_name }, { NULL, NULL },
};

/* The command word before the view's own name. */
static const char *const hists_aliases[] = { "hist", NULL };

/* hists [NAME]: one histogram, a known name. */
static int hists_parse_words(int n, const char *const *words,
			     struct view_args *a, char *err, size_t err_len)
{
	size_t used;

	if (n > 1) {
		snprintf(err, err_len, "unexpected argument '%.64s'", words[1]);
		return 2;
	}
	if (!n)
		return 0;
	if (!hist_name_known(words[0])) {
		used = snprintf(err, err_len, "no histogram '%.32s' (there are:",
				words[0]);
		for (int i = 0; hist_names[i] && used < err_len; i++)
			used += snprintf(err + used, err_len - used, "%s %s",
					 i ? "," : "", hist_names[i]);
		if (used < err_len)
			snprintf(err + used, err_len - used, ")");
		return 2;
	}
	a->word = words[0];
	return 0;
}

const struct view_ops hists_view_ops = {
	VIEW_OPS_RECORDS(HISTS, hists),
	.shows = shown,
	.summary = hists_summary,
	.usage =
		"tpstat hists [NAME] [--sort FIELD] [--top N]\n"
		"    log2 histograms (as bcc's): srtt_us and snd_cwnd (tcp_probe),\n"
		"    xmit_len (net_dev_xmit), rx_len (netif_receive_skb); or only NAME",
	.list_key = "histograms",
	.hist = true,
	.sort = hists_sort,
	.no_history = true,
	.aliases = hists_aliases,
	.parse_words = hists_parse_words,
	.export = hists_export,
};
