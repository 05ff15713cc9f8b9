// SPDX-License-Identifier: GPL-2.0
/* The family's attributes in one byte order: see attr_order.h. */
#include <stdint.h>
#include <string.h>
#include <linux/netlink.h>

#include "attr_order.h"
#include "../uapi/linux/tpstat.h"

const unsigned char tpstat_attr_width[TPSTAT_A_MAX + 1] = {
	[TPSTAT_A_EVENT_ID] = 4,
	[TPSTAT_A_EVENT_STATE] = 1,
	[TPSTAT_A_COUNTER_VALUE] = 8,
	[TPSTAT_A_INFO_FEATURES] = 4,
	[TPSTAT_A_INFO_EVENTS] = 4,
	[TPSTAT_A_INFO_MEMORY] = 8,
	[TPSTAT_A_VIEW] = 4,
	[TPSTAT_A_VIEW_ENTRIES] = 4,
	[TPSTAT_A_VIEW_CAPACITY] = 4,
	[TPSTAT_A_VIEW_OVERFLOW] = 8,
	[TPSTAT_A_NETNS] = 4,
	[TPSTAT_A_FAMILY] = 1,
	[TPSTAT_A_SPORT] = 2,
	[TPSTAT_A_DPORT] = 2,
	[TPSTAT_A_IFINDEX] = 4,
	[TPSTAT_A_REASON] = 4,
	[TPSTAT_A_OLD_STATE] = 1,
	[TPSTAT_A_NEW_STATE] = 1,
	[TPSTAT_A_COUNT] = 8,
	[TPSTAT_A_RETRANS] = 8,
	[TPSTAT_A_SYNACK_RETRANS] = 8,
	[TPSTAT_A_RST_SENT] = 8,
	[TPSTAT_A_RST_RECEIVED] = 8,
	[TPSTAT_A_TX_PACKETS] = 8,
	[TPSTAT_A_TX_BYTES] = 8,
	[TPSTAT_A_RX_PACKETS] = 8,
	[TPSTAT_A_RX_BYTES] = 8,
	[TPSTAT_A_XMIT_ERRORS] = 8,
	[TPSTAT_A_XMIT_TIMEOUTS] = 8,
	[TPSTAT_A_GRO] = 8,
	[TPSTAT_A_NAPI_POLLS] = 8,
	[TPSTAT_A_NAPI_WORK] = 8,
	[TPSTAT_A_NAPI_BUDGET_EXHAUSTED] = 8,
	[TPSTAT_A_HIST_BUCKETS] = ATTR_U64_NEST,
	[TPSTAT_A_HIST_SUM] = 8,
	[TPSTAT_A_HIST_COUNT] = 8,
	[TPSTAT_A_OPENS_ACTIVE] = 8,
	[TPSTAT_A_OPENS_PASSIVE] = 8,
	[TPSTAT_A_OPENS_FAILED] = 8,
	[TPSTAT_A_FILTER_PID] = 4,
	[TPSTAT_A_FILTER_NETNS] = 4,
	[TPSTAT_A_FILTER_IFINDEX] = 4,
	[TPSTAT_A_FILTER_LPORT] = 2,
	[TPSTAT_A_FILTER_RPORT] = 2,
	[TPSTAT_A_ALERT_KIND] = 1,
	[TPSTAT_A_ALERTS_LOST] = 8,
	[TPSTAT_A_EVENTS_LOST] = 8,
	[TPSTAT_A_ALERT_RATE] = 4,
	[TPSTAT_A_ERRNO] = 4,
	[TPSTAT_A_PROTOCOL] = 1,
	[TPSTAT_A_DIRECTION] = 1,
	[TPSTAT_A_RCVBUF] = 4,
	[TPSTAT_A_AUTH_KIND] = 1,
	[TPSTAT_A_NETNS_COOKIE] = 8,
	[TPSTAT_A_FILTER_NETNS_COOKIE] = 8,
	[TPSTAT_A_FILTER_LADDR_PREFIX] = 1,
	[TPSTAT_A_FILTER_RADDR_PREFIX] = 1,
	[TPSTAT_A_MEM_KIND] = 1,
	[TPSTAT_A_MEM_ALLOCATED] = 8,
	[TPSTAT_A_MEM_LIMIT] = 8,
	[TPSTAT_A_HISTORY_SEQ] = 8,
	[TPSTAT_A_HISTORY_START] = 8,
	[TPSTAT_A_HISTORY_DURATION] = 8,
	[TPSTAT_A_HISTORY_FLAGS] = 4,
	[TPSTAT_A_HISTORY_LOST] = 8,
	[TPSTAT_A_INFO_HISTORY_INTERVAL] = 4,
	[TPSTAT_A_INFO_HISTORY_MEMORY] = 8,
	[TPSTAT_A_INFO_HISTORY_INTERVALS] = 4,
	[TPSTAT_A_HISTORY_REST] = 8,
	[TPSTAT_A_INFO_HISTORY_VIEWS] = 4,
};

static void swap_bytes(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n / 2; i++) {
		unsigned char t = p[i];

		p[i] = p[n - 1 - i];
		p[n - 1 - i] = t;
	}
}

/* A header's field, as it reads before the swap (from) or after it. */
static uint16_t field(const unsigned char *p, bool swapped)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	if (swapped)
		v = (uint16_t)(v << 8 | v >> 8);
	return v;
}

/*
 * One level of attributes.  Going to the file, a header is read before
 * it is swapped; coming from it, after: either way in the host's order.
 * @width: every attribute's (a nest's members), or 0 to look it up.
 */
static void swap_level(unsigned char *buf, size_t len, bool to_file,
		       unsigned char width)
{
	size_t off = 0;

	while (len - off >= NLA_HDRLEN) {
		unsigned char *a = buf + off;
		uint16_t alen = field(a, !to_file);
		uint16_t type = field(a + 2, !to_file) & NLA_TYPE_MASK;
		unsigned char w = width;

		swap_bytes(a, 2);
		swap_bytes(a + 2, 2);
		if (alen < NLA_HDRLEN || alen > len - off)
			return;
		if (!width)
			w = type <= TPSTAT_A_MAX ? tpstat_attr_width[type] : 0;
		if (w == ATTR_U64_NEST)
			swap_level(a + NLA_HDRLEN, alen - NLA_HDRLEN, to_file, 8);
		/* A nest's padding (type 0) has no payload: never swapped. */
		else if (w && alen - NLA_HDRLEN == w)
			swap_bytes(a + NLA_HDRLEN, w);
		off += NLA_ALIGN(alen);
	}
}

void attrs_swap(unsigned char *buf, size_t len, bool to_file)
{
	swap_level(buf, len, to_file, 0);
}

static bool host_big_endian(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 0;
}

void attrs_to_file_order(unsigned char *buf, size_t len)
{
	if (host_big_endian())
		attrs_swap(buf, len, true);
}

void attrs_from_file_order(unsigned char *buf, size_t len)
{
	if (host_big_endian())
		attrs_swap(buf, len, false);
}
