# SPDX-License-Identifier: GPL-2.0
"""Dumps of a namespace's own DROPS entries, held open: run by one
reader of the namespace (tests/net/tenants.sh).

  hold_dumps.py <tests/net> <n>

A dump of a few entries would end at its start, so each one held is
asked for on a socket whose receive buffer, as small as it gets, is
full of an unread reply: the dump waits for a read that never comes,
holding its slot until the socket closes.  Before each, a whole dump
read to its end says whether a slot is left.  Opens up to <n> dumps,
until that check is refused; prints, one "key value" a line, the dumps
it holds, the refusal's errno and message, then "held", and keeps them
open until its standard input ends."""
import socket
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
from genl import (CTRL_ATTR_FAMILY_NAME, CTRL_CMD_GETFAMILY,  # noqa: E402
                  GENL_ID_CTRL, NLM_F_ACK, NLM_F_DUMP, NLM_F_REQUEST,
                  TPSTAT_A_VIEW, TPSTAT_CMD_GET_VIEW, TPSTAT_GENL_VERSION,
                  TPSTAT_VIEW_DROPS, attr, family, reply, send, sock)

FLAGS = NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP
DROPS = attr(TPSTAT_A_VIEW, struct.pack("I", TPSTAT_VIEW_DROPS))


def whole(fam):
    """A dump read to its end: (errno, message)."""
    s = sock()
    send(s, fam, FLAGS, TPSTAT_CMD_GET_VIEW, TPSTAT_GENL_VERSION, DROPS, 2)
    err, text, _ = reply(s, FLAGS)
    s.close()
    return err, text


def held(fam):
    """A dump that waits, its receive buffer full, on a socket of its own."""
    s = sock()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
    for _ in range(3):
        send(s, GENL_ID_CTRL, NLM_F_REQUEST, CTRL_CMD_GETFAMILY, 1,
             attr(CTRL_ATTR_FAMILY_NAME, b"tpstat\0"), 1)
    send(s, fam, FLAGS, TPSTAT_CMD_GET_VIEW, TPSTAT_GENL_VERSION, DROPS, 2)
    return s


fam = family(sock())
dumps, err, text = [], 0, None
while len(dumps) < int(sys.argv[2]):
    err, text = whole(fam)
    if err:
        break
    dumps.append(held(fam))
print("dumps", len(dumps))
print("errno", err)
print("message", text)
print("held", flush=True)
sys.stdin.read()
