// SPDX-License-Identifier: GPL-2.0
/*
 * tpstat doctor where the module is not running (doctor/absent.c): a
 * made-up root for each case (headers, DKMS's tree, modules.dep, the
 * module file, the signature switches, the kernel log) and the causes
 * doctor names for it, then the text and JSON it prints.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doctor.h"
#include "unit.h"

#define REL "6.12.117+deb12-amd64"
#define OTHER "6.1.0-57-amd64"

static char root[] = "/tmp/tpstat-absent-XXXXXX";

/* @n bytes of @buf into the root's @rel, its folders made. */
static void put_n(const char *rel, const char *buf, size_t n)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST)
			CHECK(0, "absent: mkdir %s", path);
		*p = '/';
	}
	f = fopen(path, "w");
	CHECK(f, "absent: writing %s", path);
	if (f) {
		CHECK(fwrite(buf, 1, n, f) == n, "absent: writing %s", path);
		fclose(f);
	}
}

static void put(const char *rel, const char *text)
{
	put_n(rel, text, strlen(text));
}

static void wipe(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s/*", root);
	CHECK(!system(cmd), "absent: emptying the root");
}

/* doctor_absent() over the root; the causes' ids, space-separated. */
static const char *diagnose(struct doctor_absence *a)
{
	static char ids[128];
	char kmsg[512];
	struct doctor_absent_env env = { .root = root, .release = REL,
					 .kmsg = kmsg };

	snprintf(kmsg, sizeof(kmsg), "%s/kmsg", root);
	doctor_absent(&env, a);
	ids[0] = '\0';
	for (size_t i = 0; i < a->n; i++)
		snprintf(ids + strlen(ids), sizeof(ids) - strlen(ids), "%s%s",
			 i ? " " : "", a->causes[i].id);
	return ids;
}

static void headers(void)
{
	put("/lib/modules/" REL "/build/Makefile", "# the headers\n");
}

/* modules.dep names DKMS's tpstat.ko, built for @vermagic's release. */
static void installed(const char *vermagic, bool signed_)
{
	char ko[256];
	int n;

	headers();
	put("/lib/modules/" REL "/modules.dep",
	    "kernel/net/ipv4/udp_diag.ko: kernel/net/ipv4/inet_diag.ko\n"
	    "updates/dkms/tpstat.ko:\n");
	/* .modinfo's strings are NUL-terminated, as the kernel's are. */
	n = snprintf(ko, sizeof(ko), "\177ELF..version=0.9%cvermagic=%s SMP preempt mod_unload modversions %c..%s",
		     0, vermagic, 0,
		     signed_ ? "~Module signature appended~\n" : "");
	put_n("/lib/modules/" REL "/updates/dkms/tpstat.ko", ko, n);
}

static void absent_cases(void)
{
	struct doctor_absence a;
	const char *ids;

	wipe();
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "headers_missing") &&
	      strstr(a.causes[0].fix, "apt install linux-headers-" REL),
	      "nothing for the kernel: the headers named (%s: %s)", ids,
	      a.n ? a.causes[0].fix : "");

	headers();
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_built") &&
	      strstr(a.causes[0].fix, "apt install tpstat-dkms"),
	      "headers, no DKMS: not built, the package named (%s)", ids);

	put("/var/lib/dkms/tpstat/0.9/build/make.log",
	    "DKMS make.log for tpstat-0.9\n  CONFTEST " REL "\n"
	    "module/probes/probes.c:42:10: error: 'struct sk_buff' has no member named 'dev'\n"
	    "make[1]: *** [Makefile:1] Error 1\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "build_failed") &&
	      strstr(a.causes[0].what, "probes.c:42:10: error: 'struct sk_buff'") &&
	      strstr(a.causes[0].what, "/var/lib/dkms/tpstat/0.9/build/make.log"),
	      "a failed DKMS build: its log's first error (%s: %s)", ids,
	      a.n ? a.causes[0].what : "");
	put("/var/lib/dkms/tpstat/0.9/build/make.log",
	    "DKMS make.log for tpstat-0.9 for kernel " REL " (x86_64)\n"
	    "make[1]: *** [Makefile:1] Error 1\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "build_failed"),
	      "a failed DKMS build for this kernel, as DKMS names it (%s)", ids);
	put("/var/lib/dkms/tpstat/0.9/build/make.log",
	    "DKMS make.log for tpstat-0.9 for kernel " REL "-rt (x86_64)\n"
	    "make[1]: *** [Makefile:1] Error 1\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_built"),
	      "another kernel's failed build is not this one's cause (%s)", ids);
	put("/var/lib/dkms/tpstat/0.9/build/make.log",
	    "DKMS make.log for tpstat-0.9 for kernel " REL " (x86_64)\n"
	    "make[1]: *** No rule to make target 'sanity.o'.\n"
	    "conftest: tracepoint kfree_skb has a prototype tpstat does not know (tried: kfree_skb_reason).  The headers declare:\n"
	    "make: *** [Makefile:116: module] Error 1\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "build_failed") &&
	      strstr(a.causes[0].what, ": conftest: tracepoint kfree_skb has a prototype tpstat does not know (tried: kfree_skb_reason).") &&
	      !strstr(a.causes[0].what, "No rule") &&
	      !strstr(a.causes[0].what, "The headers declare"),
	      "a failed build's own verdict before make's first error (%s: %s)",
	      ids, a.n ? a.causes[0].what : "");

	wipe();
	headers();
	put("/var/lib/dkms/tpstat/0.9/" REL "/x86_64/module/tpstat.ko", "");
	put("/var/lib/dkms/tpstat/kernel-6.1.0-57-amd64-x86_64", "");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_installed") &&
	      strstr(a.causes[0].fix, "dkms install tpstat/0.9 -k " REL),
	      "built by DKMS, not installed (%s)", ids);

	wipe();
	headers();
	put("/lib/modules/" REL "/build/.config",
	    "CONFIG_CC_VERSION_TEXT=\"clang 19\"\nCONFIG_CC_IS_CLANG=y\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "clang") && strstr(a.causes[0].fix, "clang lld"),
	      "a clang kernel, no clang: clang named (%s)", ids);
	put("/usr/bin/clang", "");
	put("/usr/bin/ld.lld", "");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_built"), "a clang kernel with clang (%s)", ids);

	wipe();
	installed(OTHER, false);
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "other_kernel") &&
	      strstr(a.causes[0].what, "updates/dkms/tpstat.ko was built for " OTHER ", not for this kernel (" REL ")"),
	      "installed, built for another kernel (%s: %s)", ids,
	      a.n ? a.causes[0].what : "");

	wipe();
	installed(REL, false);
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_loaded") &&
	      strstr(a.causes[0].fix, "modprobe tpstat"),
	      "installed, right kernel, nothing against it (%s)", ids);
	put("/proc/sys/kernel/modprobe", "/bin/false\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_loaded") &&
	      strstr(a.causes[0].what, "kernel.modprobe = /bin/false"),
	      "no loading on demand: kernel.modprobe named (%s)",
	      a.n ? a.causes[0].what : "");

	put("/sys/module/module/parameters/sig_enforce", "Y\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "signature") &&
	      strstr(a.causes[0].fix, "mokutil --import"),
	      "signatures enforced, the module unsigned (%s)", ids);
	wipe();
	installed(REL, true);
	put("/sys/kernel/security/lockdown", "none [integrity] confidentiality\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_loaded"),
	      "signatures enforced, the module signed (%s)", ids);

	/* The kernel's own refusal, as /dev/kmsg gives it. */
	put("/kmsg",
	    "6,1201,5012345,-;tpstat: loading out-of-tree module taints kernel.\n"
	    "4,1202,5012346,-;tpstat: module verification failed: signature and/or required key missing - tainting kernel\n"
	    "3,1202,5012399,-;tpstat: version magic '" OTHER " SMP preempt mod_unload modversions ' should be '" REL " SMP preempt mod_unload modversions '\n"
	    "6,1203,5012400,-;eth0: link up\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "other_kernel") &&
	      strstr(a.causes[0].what, "refused a tpstat built for another kernel: \"tpstat: version magic '" OTHER),
	      "the kernel log's refusal (%s: %s)", ids,
	      a.n ? a.causes[0].what : "");
	put("/kmsg", "3,91,9346407,-;module tpstat: .gnu.linkonce.this_module section size must match the kernel's built struct module size at run time\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "other_kernel") &&
	      strstr(a.causes[0].what, "\"module tpstat: .gnu.linkonce.this_module section size must match"),
	      "the kernel log's size check, \"module tpstat: \" (%s)", ids);
	/* A taint is no refusal: the module loaded. */
	put("/kmsg", "4,80,6586460,-;tpstat: module verification failed: signature and/or required key missing - tainting kernel\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "not_loaded"),
	      "an unsigned module's taint is no refusal (%s)", ids);
	put("/kmsg", "5,88,1000,-;Loading of unsigned module is rejected\n");
	ids = diagnose(&a);
	CHECK(!strcmp(ids, "signature"),
	      "the kernel log's signature refusal (%s)", ids);
}

struct print_arg {
	bool json;
	int ret;
};

static void print_out(FILE *f, void *arg)
{
	struct print_arg *p = arg;
	struct out_opts o = { .json = p->json };
	struct doctor_absent_env env = { .root = root, .release = REL,
					 .kmsg = "/nonexistent" };
	struct doctor_absence a;

	doctor_absent(&env, &a);
	p->ret = doctor_print_absent(f, &o, &env, &a);
}

static void absent_output(void)
{
	struct print_arg p = { 0 };
	char *s;

	wipe();
	s = capture(print_out, &p);
	CHECK(s && p.ret == DOCTOR_EXIT_NOT_LOADED && p.ret == 4 &&
	      strstr(s, "tpstat is not running on this kernel (" REL ")") &&
	      strstr(s, "[1] headers_missing: no tpstat is installed for " REL) &&
	      strstr(s, "\n    do: apt install linux-headers-" REL),
	      "the text, exit status 4:\n%s", s);
	p.json = true;
	s = capture(print_out, &p);
	CHECK(s && p.ret == 4 &&
	      !strncmp(s, "{\"loaded\":false,\"release\":\"" REL "\",\"causes\":[{\"cause\":\"headers_missing\",\"what\":\"no tpstat", 80),
	      "the JSON:\n%s", s);
}

void test_doctor_absent(void)
{
	char cmd[128];

	if (!mkdtemp(root)) {
		CHECK(0, "absent: a directory for the root");
		return;
	}
	absent_cases();
	absent_output();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	CHECK(!system(cmd), "absent: removing the root");
}
