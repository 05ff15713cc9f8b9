/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What doctor's unit tests share (unit_doctor.c, unit_doctor_paths.c):
 * views built row by row as the module sends them, a directory of
 * sysctls in place of /proc/sys, and doctor's report of them.
 */
#ifndef TPSTAT_UNIT_DOCTOR_FIXTURE_H
#define TPSTAT_UNIT_DOCTOR_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct doctor_input;
struct doctor_unread;
struct view;

/* A namespace no test names: its inode number prints as such. */
#define NS_X 4026532999U

/* The module's replies, one call a row: a view of @id begun. */
void view_start(struct view *v, uint32_t id);
void drop_coded(struct view *v, const char *loc, const char *reason,
		uint32_t code, uint32_t ns, uint64_t count);
void drop(struct view *v, const char *loc, const char *reason, uint32_t ns,
	  uint64_t count);
void rcvq(struct view *v, uint8_t family, uint8_t proto, uint16_t port,
	  uint32_t ns, uint64_t count, uint32_t rcvbuf);
void reset(struct view *v, uint8_t dir, uint16_t port, uint8_t peer,
	   uint32_t ns, const char *reason, uint64_t sent);
void sock_error(struct view *v, uint32_t err, uint16_t port, bool remote,
		uint32_t ns, uint64_t count);
void dev_drop(struct view *v, const char *dev, uint32_t ifindex,
	      const char *reason, uint32_t ns, uint64_t count);
void auth(struct view *v, uint8_t kind, uint8_t peer, uint16_t port,
	  uint32_t ns, uint64_t count);
void flow(struct view *v, uint8_t peer, uint16_t sport, uint8_t state,
	  uint32_t ns, uint64_t retrans);
void device(struct view *v, const char *name, uint32_t ifindex, uint32_t ns,
	    uint64_t sent, uint64_t errors, uint64_t timeouts);
void sockmem(struct view *v, uint8_t proto, uint16_t port, uint8_t kind,
	     uint32_t ns, uint64_t count, uint64_t alloc, uint64_t limit);
void neigh(struct view *v, const char *dev, uint32_t ifindex, uint8_t host,
	   uint32_t ns, uint64_t count);

/* The directory doctor reads as /proc/sys (doctor_sysctl_root()). */
extern char sysdir[];
void sysctl_write(const char *name, const char *value);
void sysctl_remove(const char *name);
void neigh_sysctl_write(const char *dev, const char *leaf, const char *value);
void device_setting_write(const char *dev, const char *leaf, const char *value);
void sysctls_clean(void);
void views_free(struct view *v, size_t n);

/* A doctor run as the command makes it: run_out() is capture()'s writer. */
struct run {
	const struct doctor_input *in;
	unsigned int read;
	const struct doctor_unread *unread;
	size_t n_unread;
	bool json;
	int status;		/* doctor_report()'s */
	char err[512];		/* what it said on stderr */
};
void run_out(FILE *f, void *arg);
/* The views of @in that are there, as read. */
unsigned int read_of(const struct doctor_input *in);
/* doctor's text (or JSON) of @in into a static copy; its status in *@st. */
const char *report(const struct doctor_input *in, bool json, int *st);


#endif
