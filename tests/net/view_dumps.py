# SPDX-License-Identifier: GPL-2.0
"""Dumps of a namespace's own RESETS entries, left open: run by a reader
of one namespace (tests/net/privilege.sh, as root of a user namespace).

  view_dumps.py <tests/net> <memory.current or ->

Opens dumps and reads only their first part, so each stays open holding
its copy, until one is refused.  Prints, one "key value" a line: the
dumps it held open, the first refusal's errno and message, whether a
dump could start again once one was closed, and the memory cgroup's
bytes before the dumps and while they were open."""
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
from genl import (NLM_F_ACK, NLM_F_DUMP, NLM_F_REQUEST, TPSTAT_A_VIEW,  # noqa: E402
                  TPSTAT_CMD_GET_VIEW, TPSTAT_GENL_VERSION,
                  TPSTAT_VIEW_RESETS, attr, family, reply, send, sock)

FLAGS = NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP


def memory():
    if sys.argv[2] == "-":
        return -1
    with open(sys.argv[2]) as f:
        return int(f.read())


def start(fam):
    """A dump's first read on a new socket: (socket, errno, message)."""
    s = sock()
    send(s, fam, FLAGS, TPSTAT_CMD_GET_VIEW, TPSTAT_GENL_VERSION,
         attr(TPSTAT_A_VIEW, struct.pack("I", TPSTAT_VIEW_RESETS)), 2)
    err, text, _ = reply(s, FLAGS, first_only=True)
    return s, err, text


fam = family(sock())
before = memory()
held, err, text = [], 0, None
while len(held) < 64:
    s, err, text = start(fam)
    if err:
        s.close()
        break
    held.append(s)
during = memory()
print("held", len(held))
print("errno", err)
print("message", text)
print("memory_before", before)
print("memory_during", during)
held.pop().close()
s, again, _ = start(fam)
print("again", again)
