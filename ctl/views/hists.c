// SPDX-License-Identifier: GPL-2.0
/*
 * The HISTS view (tpstat hist [NAME]): the module's log2 histograms of
 * round-trip times, congestion windows and packet lengths, by name.
 */
#include <string.h>

#include "../escape.h"
#include "../prom.h"
#include "../json.h"
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

static void hists_text(FILE *f, const struct view_print *p)
{
	bool any = false;

	for (size_t i = 0; i < p->v->n; i++) {
		const struct view_entry *e = &p->v->e[i];
		const struct hist *h = hist_of(e);
		const char *unit = hist_unit(e->hist_name);
		char name[ESC_SIZE(ROW_HIST_NAME_MAX)];

		if (!shown(p, e))
			continue;
		any = true;
		fprintf(f, "%s: %llu values",
			esc(e->hist_name, name, sizeof(name)),
			(unsigned long long)h->count);
		if (h->count)
			fprintf(f, ", mean %.1f %s", hist_mean(h), unit);
		fputc('\n', f);
		hist_quantiles_print(f, h, unit);
		hist_print(f, h, unit);
		fputc('\n', f);
	}
	if (p->word && !any)
		fprintf(f, "%s: no values\n", p->word);
}

static void hists_json_entry(struct json *j, const struct view_print *p,
			     size_t i)
{
	const struct view_entry *e = &p->v->e[i];

	if (!shown(p, e))
		return;
	json_object_open(j);
	json_key(j, "name");
	json_string(j, e->hist_name);
	json_key(j, "unit");
	json_string(j, hist_unit(e->hist_name));
	json_mean(j, hist_of(e));
	hist_quantiles_json(j, hist_of(e));
	hist_json(j, hist_of(e));
	json_object_close(j);
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
	VIEW_OPS_NAMED(HISTS, hists),
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
