// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs tpstat/history: the recorder's intervals (recorder.h), oldest
 * first, each a line
 *   @ <seq> <start, ns since the epoch> <duration, ns> <flags>
 * then one line "<name> <change>" per value that moved in it, named as
 * the counters file names them.  The recorder is held while a read
 * fills its buffer, and each read looks its interval up again.
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "debugfs.h"
#include "recorder.h"
#include "report.h"

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

void tpstat_debugfs_history_init(struct dentry *dir)
{
	if (tpstat_recorder_on())
		debugfs_create_file("history", 0400, dir, NULL,
				    &tpstat_history_fops);
}
