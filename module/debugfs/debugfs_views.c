// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs files of the views (docs/debugfs.md).  Each starts with
 * "# overflow <lost> entries <used> capacity <max>", then a "# " line
 * naming the columns (the view type's columns, view_type.h), then one
 * line per entry, as the view's own file (views/<name>.c) writes it.
 * A location is "sym+off/len [module]", or "?" once no symbol is known
 * (never an address).  A missing value is "-"; reasons are "NAME(code)";
 * buckets are "<bucket>:<count>" for non-empty buckets, bucket b >= 1
 * holding [2^(b-1), 2^b - 1].  netns is the namespace's inode number, for
 * display: the entries are keyed by its cookie, which netlink gives as
 * NETNS_COOKIE, so two rows may show one number (a namespace that died,
 * and a later one that got its number).
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "control/viewread.h"
#include "debugfs/debugfs.h"
#include "tables/view_type.h"

/*
 * A file's read is a seq_file over one copy taken at open: position 0 is
 * the header (with the whole of a dense view), position i > 0 the keyed
 * view's entry i - 1.  So each entry is formatted once (again only when
 * it did not fit the reader's buffer), where a single_open() show ran
 * the copy, its sort and every line again each time seq_read doubled its
 * buffer.  Iterator values are position + 1, never NULL.
 */
static void *tpstat_view_seq_at(struct seq_file *m, loff_t pos)
{
	const struct tpstat_view_read *r = m->private;
	loff_t last = r->snap ? r->count : 0;

	return pos <= last ? (void *)(unsigned long)(pos + 1) : NULL;
}

static void *tpstat_view_seq_start(struct seq_file *m, loff_t *pos)
{
	return tpstat_view_seq_at(m, *pos);
}

static void *tpstat_view_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return tpstat_view_seq_at(m, *pos);
}

static void tpstat_view_seq_stop(struct seq_file *m, void *v)
{
}

static int tpstat_view_seq_show(struct seq_file *m, void *v)
{
	const struct tpstat_view_read *r = m->private;
	const struct tpstat_view_type *type = tpstat_view_type(r->view);
	unsigned long pos = (unsigned long)v - 1;

	if (pos) {
		type->seq(m, tpstat_snap_key(r->snap, pos - 1),
			  tpstat_snap_vals(r->snap, pos - 1));
		seq_putc(m, '\n');
		return 0;
	}
	if (r->snap)
		seq_printf(m, "# overflow %llu entries %u capacity %u\n",
			   r->snap->overflow, r->snap->used, r->snap->capacity);
	else
		seq_printf(m, "# overflow 0 entries %u capacity %u\n", r->count,
			   type->capacity);
	seq_printf(m, "# %s\n", type->columns);
	if (!r->snap)
		type->seq_rows(m, r);
	return 0;
}

static const struct seq_operations tpstat_view_seq_ops = {
	.start = tpstat_view_seq_start,
	.next = tpstat_view_seq_next,
	.stop = tpstat_view_seq_stop,
	.show = tpstat_view_seq_show,
};

static int tpstat_view_open(struct inode *inode, struct file *file)
{
	enum tpstat_view view = (unsigned long)inode->i_private;
	struct tpstat_view_read *r = tpstat_view_read(view, 0);
	int err;

	if (!r)
		return -ENOMEM;
	err = seq_open(file, &tpstat_view_seq_ops);
	if (err) {
		tpstat_view_read_free(r);
		return err;
	}
	((struct seq_file *)file->private_data)->private = r;
	return 0;
}

static int tpstat_view_release(struct inode *inode, struct file *file)
{
	tpstat_view_read_free(((struct seq_file *)file->private_data)->private);
	return seq_release(inode, file);
}

static const struct file_operations tpstat_view_fops = {
	.owner = THIS_MODULE,
	.open = tpstat_view_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = tpstat_view_release,
};

/* A file for every view views= enabled. */
void tpstat_debugfs_views_init(struct dentry *dir)
{
	unsigned long view;

	for (view = 0; view < __TPSTAT_VIEW_CNT; view++)
		if (tpstat_view_on(view))
			debugfs_create_file(tpstat_view_name(view), 0400, dir,
					    (void *)view, &tpstat_view_fops);
}
