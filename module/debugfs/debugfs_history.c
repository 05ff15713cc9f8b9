// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs tpstat/history: the recorder's intervals (recorder.h), oldest
 * first, each a line
 *   @ <seq> <start, ns since the epoch> <duration, ns> <flags>
 * then one line "<name> <change>" per value that moved in it, named as
 * the counters file names them.  debugfs tpstat/history_views: the
 * views intervals (recorder_views.h), for each interval and view in
 * which a key moved a line
 *   @ <seq> <start> <duration> <flags> <view> <rest>
 * then each key kept, most moved first, as the view's own file has it,
 * its counts their changes.  The recorder is held while a read fills its
 * buffer, and each read looks its place up again.
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "control/report.h"
#include "debugfs/debugfs.h"
#include "history/recorder.h"
#include "history/recorder_views.h"
#include "tables/view_type.h"

/* *@pos: the number of the interval to show next. */
static void *tpstat_history_seq_find(struct seq_file *m, loff_t *pos)
{
	struct tpstat_interval *iv = m->private;

	if (!tpstat_recorder_find(*pos, iv))
		return NULL;
	*pos = iv->seq;
	return iv;
}

static void *tpstat_history_seq_start(struct seq_file *m, loff_t *pos)
{
	tpstat_recorder_lock();
	return tpstat_history_seq_find(m, pos);
}

static void *tpstat_history_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return tpstat_history_seq_find(m, pos);
}

static void tpstat_history_seq_stop(struct seq_file *m, void *v)
{
	tpstat_recorder_unlock();
}

static int tpstat_history_seq_show(struct seq_file *m, void *v)
{
	const struct tpstat_interval *iv = v;
	struct tpstat_interval_cursor c;
	char name[TPSTAT_KEY_MAX];
	unsigned int slot;
	u64 change;

	seq_printf(m, "@ %llu %llu %llu %u\n", iv->seq, iv->start_ns,
		   iv->duration_ns, iv->flags);
	tpstat_interval_values(iv, &c);
	while (tpstat_interval_value(&c, &slot, &change)) {
		tpstat_slot_name(slot, name, sizeof(name));
		seq_printf(m, "%s %llu\n", name, change);
	}
	return 0;
}

static const struct seq_operations tpstat_history_seq_ops = {
	.start = tpstat_history_seq_start,
	.next = tpstat_history_seq_next,
	.stop = tpstat_history_seq_stop,
	.show = tpstat_history_seq_show,
};

static int tpstat_history_open(struct inode *inode, struct file *file)
{
	return seq_open_private(file, &tpstat_history_seq_ops,
				sizeof(struct tpstat_interval));
}

static const struct file_operations tpstat_history_fops = {
	.owner = THIS_MODULE,
	.open = tpstat_history_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release_private,
};

/* history_views: *@pos is a views interval's number, then its view's. */
#define TPSTAT_HISTORY_VIEW_BITS	5
static_assert(__TPSTAT_VIEW_CNT <= 1 << TPSTAT_HISTORY_VIEW_BITS);

static void *tpstat_history_views_find(struct seq_file *m, loff_t *pos)
{
	struct tpstat_view_interval *vi = m->private;
	u32 view = *pos & ((1 << TPSTAT_HISTORY_VIEW_BITS) - 1);

	if (!tpstat_recorder_views_find(*pos >> TPSTAT_HISTORY_VIEW_BITS, view,
					vi))
		return NULL;
	*pos = (vi->seq << TPSTAT_HISTORY_VIEW_BITS) | vi->view;
	return vi;
}

static void *tpstat_history_views_start(struct seq_file *m, loff_t *pos)
{
	tpstat_recorder_lock();
	return tpstat_history_views_find(m, pos);
}

static void *tpstat_history_views_next(struct seq_file *m, void *v,
				       loff_t *pos)
{
	++*pos;
	return tpstat_history_views_find(m, pos);
}

static int tpstat_history_views_show(struct seq_file *m, void *v)
{
	const struct tpstat_view_interval *vi = v;
	const struct tpstat_view_type *type = tpstat_view_type(vi->view);
	u32 i;

	seq_printf(m, "@ %llu %llu %llu %u %s %llu\n", vi->seq, vi->start_ns,
		   vi->duration_ns, vi->flags, type->name, vi->rest);
	for (i = 0; i < vi->nr; i++) {
		type->seq(m, tpstat_view_interval_key(vi, i),
			  tpstat_view_interval_vals(vi, i));
		seq_putc(m, '\n');
	}
	return 0;
}

static const struct seq_operations tpstat_history_views_seq_ops = {
	.start = tpstat_history_views_start,
	.next = tpstat_history_views_next,
	.stop = tpstat_history_seq_stop,
	.show = tpstat_history_views_show,
};

static int tpstat_history_views_open(struct inode *inode, struct file *file)
{
	return seq_open_private(file, &tpstat_history_views_seq_ops,
				sizeof(struct tpstat_view_interval));
}

static const struct file_operations tpstat_history_views_fops = {
	.owner = THIS_MODULE,
	.open = tpstat_history_views_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release_private,
};

void tpstat_debugfs_history_init(struct dentry *dir)
{
	if (tpstat_recorder_on())
		debugfs_create_file("history", 0400, dir, NULL,
				    &tpstat_history_fops);
	if (tpstat_recorder_views_interval())
		debugfs_create_file("history_views", 0400, dir, NULL,
				    &tpstat_history_views_fops);
}
