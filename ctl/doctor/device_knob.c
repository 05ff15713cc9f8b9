// SPDX-License-Identifier: GPL-2.0
/*
 * A device's settings that no sysctl holds, read for a finding: its
 * transmit queue length, by ioctl in the namespace the tool runs in
 * (-n's), since /sys/class/net shows the namespace sysfs was mounted in,
 * not the caller's.  A finding of another namespace gets none: a device
 * of the same name here is another device.
 */
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../doctor.h"

static const char *test_dir;
static uint32_t test_netns;

void doctor_device_root(const char *dir, uint32_t netns)
{
	test_dir = dir;
	test_netns = netns;
}

static bool own_netns(uint32_t netns)
{
	struct stat st;

	if (test_dir)
		return netns == test_netns;
	return !stat("/proc/self/ns/net", &st) && st.st_ino == netns;
}

static bool read_txqueuelen(const char *dev, unsigned int *qlen)
{
	struct ifreq ifr = {};
	char path[512];
	bool ok;
	FILE *f;
	int fd;

	if (test_dir) {
		snprintf(path, sizeof(path), "%s/%s/tx_queue_len", test_dir,
			 dev);
		f = fopen(path, "re");
		if (!f)
			return false;
		ok = fscanf(f, "%u", qlen) == 1;
		fclose(f);
		return ok;
	}
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return false;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", dev);
	ok = !ioctl(fd, SIOCGIFTXQLEN, &ifr) && ifr.ifr_qlen >= 0;
	if (ok)
		*qlen = (unsigned int)ifr.ifr_qlen;
	close(fd);
	return ok;
}

void doctor_knob_txqueuelen(struct doctor_finding *f, const char *dev,
			    uint32_t netns)
{
	struct doctor_knob *k;
	unsigned int qlen;

	/* A name the kernel could give, which a path cannot escape. */
	if (!dev[0] || strlen(dev) >= IFNAMSIZ || strchr(dev, '/'))
		return;
	k = doctor_knob_new(f);
	if (!k)
		return;
	snprintf(k->name, sizeof(k->name), "%s txqueuelen", dev);
	k->has = own_netns(netns) && read_txqueuelen(dev, &qlen);
	if (k->has)
		snprintf(k->value, sizeof(k->value), "%u", qlen);
	else
		k->value[0] = '\0';
}
