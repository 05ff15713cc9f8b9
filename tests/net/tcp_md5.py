#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""TCP-MD5 (RFC 2385) listeners and clients for the AUTH view's test,
over IPv4 or IPv6 (an ADDR or PEER with a colon is IPv6).

  tcp_md5.py listen ADDR PORT[:PEER:KEY]...
      a listener on ADDR:PORT for each PORT, with KEY for PEER where
      given (else none; an IPv6 PEER's colons are its own: PORT is the
      first field, KEY the last); prints "listening" once all listen,
      then accepts and closes until killed.
  tcp_md5.py connect ADDR PORT:COUNT:TIMEOUT[:KEY]...
      for each: COUNT connects to ADDR:PORT, each given up after TIMEOUT
      seconds, signed with KEY where given; prints "attempts=COUNT
      connected=C timedout=T refused=R" for each, one line each.

One process each, as a Python interpreter takes seconds to start in
an emulated guest.  The key goes in with setsockopt(IPPROTO_TCP,
TCP_MD5SIG), whose struct tcp_md5sig (uapi/linux/tcp.h) is packed here
by hand: a sockaddr_storage (128 bytes: a sockaddr_in, or for IPv6 a
sockaddr_in6 -- family, port, flowinfo, the 16-byte address, scope id),
flags, prefixlen, keylen, ifindex, then the key (80 bytes).  Without
TCP_MD5SIG_FLAG_PREFIX the key is for that one address.
"""
import select
import socket
import struct
import sys

TCP_MD5SIG = 14
TCP_MD5SIG_MAXKEYLEN = 80


def family(addr):
    """AF_INET6 for an IPv6 address, else AF_INET."""
    return socket.AF_INET6 if ':' in addr else socket.AF_INET


def sockaddr(addr):
    """A struct sockaddr_storage holding @addr (IPv4 or IPv6), port 0."""
    if family(addr) == socket.AF_INET6:
        sa = struct.pack('=H', socket.AF_INET6) + struct.pack('!HI', 0, 0) + \
            socket.inet_pton(socket.AF_INET6, addr) + struct.pack('=I', 0)
    else:
        sa = struct.pack('=H', socket.AF_INET) + struct.pack('!H', 0) + \
            socket.inet_aton(addr)
    return sa.ljust(128, b'\0')


def md5sig(peer, key):
    """struct tcp_md5sig for address @peer and bytes @key."""
    addr = sockaddr(peer)
    return addr + struct.pack('=BBHi', 0, 0, len(key), 0) + \
        key.ljust(TCP_MD5SIG_MAXKEYLEN, b'\0')


def listen(addr, specs):
    socks = []
    for spec in specs:
        port, *peer_key = spec.split(':', 1)
        if peer_key:
            peer_key = peer_key[0].rsplit(':', 1)
        s = socket.socket(family(addr), socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if peer_key:
            s.setsockopt(socket.IPPROTO_TCP, TCP_MD5SIG,
                         md5sig(peer_key[0], peer_key[1].encode()))
        s.bind((addr, int(port)))
        s.listen(64)
        socks.append(s)
    print('listening', flush=True)
    while True:
        for s in select.select(socks, [], [])[0]:
            c, _ = s.accept()
            c.close()


def md5_key(s, addr, key):
    """Signs @s's segments to @addr with TCP-MD5 @key."""
    s.setsockopt(socket.IPPROTO_TCP, TCP_MD5SIG, md5sig(addr, key))


def connect(addr, port, count, timeout, key=None, sign=md5_key):
    """@count connects to @addr:@port, each signed by sign(s, addr, key)
    if @key, each given up after @timeout s; prints how they ended."""
    done = {'connected': 0, 'timedout': 0, 'refused': 0}
    for _ in range(count):
        s = socket.socket(family(addr), socket.SOCK_STREAM)
        if key:
            sign(s, addr, key)
        s.settimeout(timeout)
        try:
            s.connect((addr, port))
            done['connected'] += 1
        except socket.timeout:
            done['timedout'] += 1
        except ConnectionRefusedError:
            done['refused'] += 1
        s.close()
    print(f"attempts={count} connected={done['connected']} "
          f"timedout={done['timedout']} refused={done['refused']}",
          flush=True)


def main(argv):
    if len(argv) >= 4 and argv[1] == 'listen':
        listen(argv[2], argv[3:])
    elif len(argv) >= 4 and argv[1] == 'connect':
        for spec in argv[3:]:
            port, count, timeout, *key = spec.split(':')
            connect(argv[2], int(port), int(count), float(timeout),
                    key[0].encode() if key else None)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
