# SPDX-License-Identifier: GPL-2.0
"""Dumps of a namespace's own DROPS entries, held open: run by one
reader of the namespace (tests/net/tenants.sh).

  hold_dumps.py <tests/net> <n> [<uids>]

A dump of a few entries would end at its start, so each one held is
asked for on a socket whose receive buffer, as small as it gets, is
full of an unread reply: the dump waits for a read that never comes,
holding its slot until the socket closes.  Before each, a whole dump
read to its end says whether a slot is left.  Opens up to <n> dumps,
until that check is refused; prints, one "key value" a line, its pid,
the dumps it holds, the refusal's errno and message, then "held", and
keeps them open until its standard input ends.

With <uids>, run as root: it makes a user namespace as nobody, where
root (as newuidmap would) maps uids 0 to <uids> - 1 to host uids from
200000 on, and asks for up to <n> dumps as each of those uids in turn,
of the network namespace it is in; "dumps" is then all of them."""
import ctypes
import os
import pwd
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
CLONE_NEWUSER = 0x10000000
FIRST_UID = 200000


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


def userns(uids):
    """Become nobody in a user namespace of its own, uids 0 to uids - 1
    mapped by root (this process, before it forks), with every
    capability there."""
    nobody = pwd.getpwnam("nobody")
    ready_r, ready_w = os.pipe()
    mapped_r, mapped_w = os.pipe()
    pid = os.fork()
    if pid:
        os.close(ready_w)
        os.close(mapped_r)
        os.read(ready_r, 1)
        for f in ("uid_map", "gid_map"):
            with open(f"/proc/{pid}/{f}", "w") as m:
                m.write(f"0 {FIRST_UID} {uids}\n")
        os.write(mapped_w, b"x")
        _, status = os.waitpid(pid, 0)
        sys.exit(os.waitstatus_to_exitcode(status))
    os.close(ready_r)
    os.close(mapped_w)
    os.setgroups([])
    os.setgid(nobody.pw_gid)
    os.setuid(nobody.pw_uid)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWUSER):
        sys.exit(f"unshare: {os.strerror(ctypes.get_errno())}")
    os.write(ready_w, b"x")
    os.read(mapped_r, 1)
    os.setresgid(0, 0, 0)
    os.setresuid(0, 0, 0)


n = int(sys.argv[2])
uids = int(sys.argv[3]) if len(sys.argv) > 3 else 0
if uids:
    userns(uids)
fam = family(sock())
dumps, err, text = [], 0, None
for uid in range(max(uids, 1)):
    if uids:
        # The real uid is the reader; uid 0 stays effective, to switch.
        os.setresuid(uid, 0, 0)
    mine = 0
    while mine < n:
        err, text = whole(fam)
        if err:
            break
        dumps.append(held(fam))
        mine += 1
    if uids:
        print("uid", uid, mine)
print("pid", os.getpid())
print("dumps", len(dumps))
print("errno", err)
print("message", text)
print("held", flush=True)
sys.stdin.read()
