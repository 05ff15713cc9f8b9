# SPDX-License-Identifier: GPL-2.0
"""Generic netlink by hand, for tests that need what the tool never does:
requests raced from many processes, dumps left unread.  The numbers are
uapi/linux/tpstat.h's, which is generated from the YNL spec.
"""
import socket
import struct

NETLINK_GENERIC, SOL_NETLINK, NETLINK_EXT_ACK, NETLINK_CAP_ACK = 16, 270, 11, 10
NLM_F_REQUEST, NLM_F_ACK, NLM_F_DUMP, NLM_F_ACK_TLVS = 1, 4, 0x300, 0x200
NLMSG_ERROR, NLMSG_DONE = 2, 3
GENL_ID_CTRL, CTRL_CMD_GETFAMILY = 16, 3
CTRL_ATTR_FAMILY_ID, CTRL_ATTR_FAMILY_NAME = 1, 2
NLMSGERR_ATTR_MSG = 1
TPSTAT_GENL_VERSION = 2
TPSTAT_CMD_LIST_EVENTS, TPSTAT_CMD_GET_VIEW = 1, 7
TPSTAT_A_GLOB, TPSTAT_A_VIEW = 2, 16
TPSTAT_VIEW_DROPS, TPSTAT_VIEW_RESETS = 0, 3


def attr(kind, data):
    n = 4 + len(data)
    return struct.pack("HH", n, kind) + data + b"\0" * ((4 - n % 4) % 4)


def attrs(buf):
    while len(buf) >= 4:
        n, kind = struct.unpack_from("HH", buf)
        if n < 4:
            break
        yield kind, buf[4:n]
        buf = buf[(n + 3) & ~3:]


def send(s, kind, flags, cmd, version, payload, seq):
    body = struct.pack("BBH", cmd, version, 0) + payload
    s.send(struct.pack("IHHII", 16 + len(body), kind, flags, seq, 0) + body)


def _text(buf):
    for k, v in attrs(buf):
        if k == NLMSGERR_ATTR_MSG:
            return v.rstrip(b"\0").decode()
    return None


def reply(s, flags, first_only=False):
    """(errno, extack message, first message's payload): a dump's error
    may come in NLMSG_DONE, its errno first, then its extack.  With
    first_only, returns after the first read that brought no error,
    leaving a dump open."""
    while True:
        data = s.recv(65536)
        while data:
            n, t, f, _, _ = struct.unpack_from("IHHII", data)
            msg, data = data[16:n], data[(n + 3) & ~3:]
            if t == NLMSG_ERROR:
                return struct.unpack_from("i", msg)[0], _text(msg[4 + 16:]), None
            if t == NLMSG_DONE:
                err = struct.unpack_from("i", msg)[0] if len(msg) >= 4 else 0
                return err, _text(msg[4:]) if f & NLM_F_ACK_TLVS else None, None
            if flags & NLM_F_DUMP == 0 or first_only:
                return 0, None, msg


def request(s, kind, flags, cmd, version, payload, seq):
    send(s, kind, flags, cmd, version, payload, seq)
    return reply(s, flags)


def sock():
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_GENERIC)
    s.setsockopt(SOL_NETLINK, NETLINK_EXT_ACK, 1)
    s.setsockopt(SOL_NETLINK, NETLINK_CAP_ACK, 1)
    s.bind((0, 0))
    return s


def family(s, name=b"tpstat"):
    _, _, msg = request(s, GENL_ID_CTRL, NLM_F_REQUEST, CTRL_CMD_GETFAMILY, 1,
                        attr(CTRL_ATTR_FAMILY_NAME, name + b"\0"), 1)
    return [struct.unpack_from("H", v)[0] for k, v in attrs(msg[4:])
            if k == CTRL_ATTR_FAMILY_ID][0]
