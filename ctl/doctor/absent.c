// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor where the module does not answer: why it is not running
 * on this kernel, and what to do.  It reads what an administrator would:
 * the kernel log's refusal of a load, the module file modules.dep names
 * (its vermagic, its signature), the signature enforcement, the kernel
 * headers, DKMS's tree (a build, its log's first error), the kernel's
 * compiler, and whether the kernel may autoload modules at all.  Every
 * path is under a root ("/", or a test's tree), the kernel log a file of
 * its own (/dev/kmsg).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../array.h"
#include "../doctor.h"

/* The marker a signed module ends with (scripts/sign-file). */
#define SIG_MARKER "~Module signature appended~\n"

/*
 * snprintf() whose truncation is meant: a message cut at its buffer's
 * end, a path too long for one, which then names no file.
 */
static void say(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

static void add(struct doctor_absence *a, const char *id, const char *what,
		const char *fix)
{
	struct doctor_absent_cause *c;

	if (a->n == DOCTOR_ABSENT_CAUSES)
		return;
	c = &a->causes[a->n++];
	c->id = id;
	say(c->what, sizeof(c->what), "%s", what);
	say(c->fix, sizeof(c->fix), "%s", fix);
}

static bool has(const struct doctor_absence *a, const char *id)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->causes[i].id, id))
			return true;
	return false;
}

/* @rel under the root into @buf; false when it does not fit. */
static bool at(const struct doctor_absent_env *env, char *buf, size_t len,
	       const char *rel)
{
	int n = snprintf(buf, len, "%s%s", strcmp(env->root, "/") ?
			 env->root : "", rel);

	return n > 0 && (size_t)n < len;
}

static bool exists(const struct doctor_absent_env *env, const char *rel)
{
	char path[512];

	return at(env, path, sizeof(path), rel) && !access(path, F_OK);
}

/* The first line of root's @rel, newline cut, into @buf. */
static bool first_line(const struct doctor_absent_env *env, const char *rel,
		       char *buf, size_t len)
{
	char path[512];
	FILE *f;
	bool ok;

	if (!at(env, path, sizeof(path), rel))
		return false;
	f = fopen(path, "re");
	if (!f)
		return false;
	ok = fgets(buf, len, f);
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* Printable, one line: what a log or a file said, for a terminal. */
static void clean(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s == 0x7f)
			*s = ' ';
}

/*
 * The kernel's last refusal of tpstat in its log: a /dev/kmsg record
 * ("6,1234,567890,-;tpstat: version magic ...") or a plain line.
 */
static void kernel_log(const struct doctor_absent_env *env,
		       struct doctor_absence *a)
{
	static const struct {
		const char *says, *id;
	} refusals[] = {
		{ "version magic", "other_kernel" },
		{ "disagrees about version of symbol", "other_kernel" },
		{ "Unknown symbol", "other_kernel" },
		{ "this_module section size must match", "other_kernel" },
		{ "Key was rejected", "signature" },
		{ "unavailable key", "signature" },
		{ "unsigned module", "signature" },
	};
	char rec[1024], last[512] = "", what[640], fix[320];
	const char *id = NULL;
	int fd = open(env->kmsg, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	FILE *f;

	if (fd < 0)
		return;
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return;
	}
	for (;;) {
		const char *msg;

		if (!fgets(rec, sizeof(rec), f)) {
			/* /dev/kmsg: EPIPE when a record was overwritten. */
			if (ferror(f) && errno == EPIPE) {
				clearerr(f);
				continue;
			}
			break;
		}
		rec[strcspn(rec, "\n")] = '\0';
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		/*
		 * "tpstat: ", or "module tpstat: " (the module's size check);
		 * or the refusal that names no module: signature enforcement.
		 * Not "module verification failed": that taints, and loads.
		 */
		if (strncmp(msg, "tpstat: ", 8) &&
		    strncmp(msg, "module tpstat: ", 15) &&
		    !strstr(msg, "Loading of unsigned module is rejected") &&
		    !strstr(msg, "Loading of module with unavailable key"))
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(refusals); i++) {
			if (strstr(msg, refusals[i].says)) {
				id = refusals[i].id;
				say(last, sizeof(last), "%.500s", msg);
				break;
			}
		}
	}
	fclose(f);
	if (!id)
		return;
	clean(last);
	if (!strcmp(id, "other_kernel")) {
		say(what, sizeof(what),
			 "the kernel refused a tpstat built for another kernel: \"%s\"",
			 last);
		say(fix, sizeof(fix),
			 "load the build for %s (modprobe tpstat), or rebuild it: dkms install tpstat -k %s, or make install KVER=%s",
			 env->release, env->release, env->release);
		add(a, id, what, fix);
	} else {
		say(what, sizeof(what),
			 "the kernel refused tpstat's signature: \"%s\"", last);
		add(a, id, what,
		    "enroll the key DKMS signs with: mokutil --import /var/lib/dkms/mok.pub, reboot and confirm in MokManager");
	}
}

/* tpstat's path in modules.dep for the release, relative to the root. */
static bool installed(const struct doctor_absent_env *env, char *path,
		      size_t len)
{
	char rel[256], line[1024];
	FILE *f;
	bool found = false;

	say(rel, sizeof(rel), "/lib/modules/%s/modules.dep", env->release);
	if (!at(env, line, sizeof(line), rel))
		return false;
	f = fopen(line, "re");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *base;

		if (!colon)
			continue;
		*colon = '\0';
		base = strrchr(line, '/');
		base = base ? base + 1 : line;
		if (strcmp(base, "tpstat.ko") && strncmp(base, "tpstat.ko.", 10))
			continue;
		if (line[0] == '/')
			say(path, len, "%.400s", line);
		else
			say(path, len, "/lib/modules/%.64s/%.400s",
				 env->release, line);
		found = true;
	}
	fclose(f);
	return found;
}

/*
 * An uncompressed module's vermagic (its first word: the release it was
 * built for) into @vermagic, and whether it is signed.  False when the
 * file cannot be read as one (compressed: modprobe reads it, not us).
 */
static bool module_file(const struct doctor_absent_env *env, const char *rel,
			char *vermagic, size_t len, bool *signed_)
{
	static const char key[] = "vermagic=";
	char path[512];
	size_t n, marker = sizeof(SIG_MARKER) - 1;
	struct stat st;
	char *buf, *v;
	FILE *f;

	*signed_ = false;
	vermagic[0] = '\0';
	if (!at(env, path, sizeof(path), rel) || strstr(rel, ".ko."))
		return false;
	f = fopen(path, "re");
	if (!f)
		return false;
	/* A module is a few MB; one past 64 MB is no module of ours. */
	buf = fstat(fileno(f), &st) || st.st_size > (64 << 20) ? NULL :
	      malloc(st.st_size + 1);
	n = buf ? fread(buf, 1, st.st_size, f) : 0;
	fclose(f);
	if (!n) {
		free(buf);
		return false;
	}
	buf[n] = '\0';
	*signed_ = n > marker && !memcmp(buf + n - marker, SIG_MARKER, marker);
	v = NULL;
	for (size_t i = 0; !v && i + sizeof(key) < n; i++)
		if (!memcmp(buf + i, key, sizeof(key) - 1))
			v = buf + i;
	if (v) {
		v += sizeof(key) - 1;
		say(vermagic, len, "%.*s", (int)strcspn(v, " "), v);
		clean(vermagic);
	}
	free(buf);
	return v != NULL;
}

/* Module signatures enforced: Secure Boot's lockdown or sig_enforce. */
static bool signatures_enforced(const struct doctor_absent_env *env)
{
	char line[256];

	if (first_line(env, "/sys/module/module/parameters/sig_enforce", line,
		       sizeof(line)) && line[0] == 'Y')
		return true;
	return first_line(env, "/sys/kernel/security/lockdown", line,
			  sizeof(line)) &&
	       (strstr(line, "[integrity]") ||
		strstr(line, "[confidentiality]"));
}

static void installed_file(const struct doctor_absent_env *env,
			   struct doctor_absence *a, const char *rel)
{
	char vermagic[128], what[640], fix[320], line[256];
	bool signed_;

	if (module_file(env, rel, vermagic, sizeof(vermagic), &signed_) &&
	    strcmp(vermagic, env->release) && !has(a, "other_kernel")) {
		say(what, sizeof(what),
			 "%s was built for %s, not for this kernel (%s)", rel,
			 vermagic, env->release);
		say(fix, sizeof(fix),
			 "rebuild it for %s: dkms install tpstat -k %s, or make install KVER=%s",
			 env->release, env->release, env->release);
		add(a, "other_kernel", what, fix);
	}
	if (signatures_enforced(env) && !signed_ && !has(a, "signature") &&
	    !strstr(rel, ".ko.")) {
		say(what, sizeof(what),
			 "this kernel loads signed modules only (Secure Boot or module.sig_enforce), and %s is not signed",
			 rel);
		add(a, "signature", what,
		    "let DKMS sign it (its mok.key), then enroll that key: mokutil --import /var/lib/dkms/mok.pub, reboot and confirm in MokManager");
	}
	if (a->n)
		return;
	/* Nothing against it: it was never asked for, or cannot be. */
	if (first_line(env, "/proc/sys/kernel/modprobe", line, sizeof(line)) &&
	    (!line[0] || access(line, X_OK) || strstr(line, "false"))) {
		clean(line);
		say(what, sizeof(what),
			 "%s is installed but not loaded, and the kernel does not load modules on demand (kernel.modprobe = %s)",
			 rel, line[0] ? line : "(empty)");
	} else {
		say(what, sizeof(what), "%s is installed but not loaded",
			 rel);
	}
	add(a, "not_loaded", what,
	    "modprobe tpstat (as root); if it fails, the kernel log says why (dmesg | grep tpstat)");
}

/*
 * The error of a DKMS build log to quote, into @buf: the build's own
 * verdict where it gave one ("conftest: ...": the headers compile
 * nothing, a tracepoint's prototype tpstat does not know), which names
 * what is missing; else the first line make or the compiler marked.
 */
static bool first_error(const char *path, char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "re");
	bool found = false, verdict = false;

	if (!f)
		return false;
	while (!verdict && fgets(line, sizeof(line), f)) {
		verdict = !strncmp(line, "conftest: ", 10);
		if (!verdict && (found || (!strstr(line, "error:") &&
					   !strstr(line, "Error ") &&
					   !strstr(line, "*** "))))
			continue;
		line[strcspn(line, "\n")] = '\0';
		/* The verdict's sentence; what follows it is on later lines. */
		if (verdict && strstr(line, ".  The "))
			strstr(line, ".  The ")[1] = '\0';
		clean(line);
		say(buf, len, "%s", line);
		found = true;
	}
	fclose(f);
	return found;
}

/*
 * Whether the make.log at @path is of a build for @release: DKMS's first
 * line names the kernel ("DKMS make.log for tpstat-0.1.0 for kernel
 * <release> (x86_64)"), and the log is the last build's, whatever its
 * kernel.  A log without that line may be this kernel's.
 */
static bool log_of(const char *path, const char *release)
{
	static const char tag[] = " for kernel ";
	char line[512], *k;
	FILE *f = fopen(path, "re");
	bool ours = true;

	if (!f)
		return false;
	if (fgets(line, sizeof(line), f) && !strncmp(line, "DKMS make.log", 13)) {
		k = strstr(line, tag);
		if (k) {
			k += sizeof(tag) - 1;
			ours = !strncmp(k, release, strlen(release)) &&
			       k[strlen(release)] == ' ';
		}
	}
	fclose(f);
	return ours;
}

/* DKMS's tree for tpstat: built for the release, or a failed build. */
static bool dkms_tree(const struct doctor_absent_env *env, struct doctor_absence *a)
{
	char dir[512], sub[768], err[400], what[1024], fix[320];
	struct dirent *e;
	bool any = false;
	DIR *d;

	if (!at(env, dir, sizeof(dir), "/var/lib/dkms/tpstat"))
		return false;
	d = opendir(dir);
	if (!d)
		return false;
	while ((e = readdir(d))) {
		/* Versions; not ".", "..", "kernel-<release>-<arch>" links. */
		if (e->d_name[0] == '.' || !strncmp(e->d_name, "kernel-", 7))
			continue;
		any = true;
		say(sub, sizeof(sub), "%s/%s/%s", dir, e->d_name,
			 env->release);
		if (!access(sub, F_OK)) {
			say(what, sizeof(what),
				 "DKMS built tpstat %.64s for %s but did not install it",
				 e->d_name, env->release);
			say(fix, sizeof(fix),
				 "dkms install tpstat/%.64s -k %s", e->d_name,
				 env->release);
			add(a, "not_installed", what, fix);
			continue;
		}
		say(sub, sizeof(sub), "%s/%s/build/make.log", dir,
			 e->d_name);
		if (!log_of(sub, env->release) ||
		    !first_error(sub, err, sizeof(err)))
			continue;
		say(what, sizeof(what),
			 "DKMS could not build tpstat %.64s: %s (/var/lib/dkms/tpstat/%.64s/build/make.log)",
			 e->d_name, err, e->d_name);
		say(fix, sizeof(fix),
			 "read that log; dkms install tpstat/%.64s -k %s builds it again",
			 e->d_name, env->release);
		add(a, "build_failed", what, fix);
	}
	closedir(d);
	return any;
}

static void not_installed(const struct doctor_absent_env *env,
			  struct doctor_absence *a)
{
	char rel[256], what[640], fix[320], line[128];
	bool clang = false;
	bool in_dkms;
	FILE *f;

	say(rel, sizeof(rel), "/lib/modules/%s/build/Makefile",
		 env->release);
	if (!exists(env, rel)) {
		say(what, sizeof(what),
			 "no tpstat is installed for %s, and its headers are missing (/lib/modules/%s/build)",
			 env->release, env->release);
		say(fix, sizeof(fix),
			 "apt install linux-headers-%s (DKMS then builds tpstat for it), or make install KVER=%s with the headers in place",
			 env->release, env->release);
		add(a, "headers_missing", what, fix);
		return;
	}
	say(rel, sizeof(rel), "/lib/modules/%s/build/.config",
		 env->release);
	f = at(env, what, sizeof(what), rel) ? fopen(what, "re") : NULL;
	while (f && !clang && fgets(line, sizeof(line), f))
		clang = !strcmp(line, "CONFIG_CC_IS_CLANG=y\n");
	if (f)
		fclose(f);
	in_dkms = dkms_tree(env, a);
	if (clang && (!exists(env, "/usr/bin/clang") ||
		      !exists(env, "/usr/bin/ld.lld"))) {
		say(what, sizeof(what),
			 "%s was built with clang: its modules build with LLVM=1 (make module does so), and clang or ld.lld is missing",
			 env->release);
		add(a, "clang", what, "apt install clang lld");
	}
	if (a->n)
		return;
	say(what, sizeof(what), "no tpstat is built for %s%s",
		 env->release, in_dkms ? " (DKMS has tpstat, but no build for it)" : "");
	if (in_dkms)
		say(fix, sizeof(fix), "dkms autoinstall -k %s",
			 env->release);
	else
		say(fix, sizeof(fix),
			 "apt install tpstat-dkms, or make install KVER=%s",
			 env->release);
	add(a, "not_built", what, fix);
}

void doctor_absent(const struct doctor_absent_env *env,
		   struct doctor_absence *a)
{
	char rel[512];

	memset(a, 0, sizeof(*a));
	kernel_log(env, a);
	if (installed(env, rel, sizeof(rel)))
		installed_file(env, a, rel);
	else
		not_installed(env, a);
}
