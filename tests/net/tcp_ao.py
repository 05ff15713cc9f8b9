#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""TCP-AO (RFC 5925) listeners, clients and crafted segments for the AUTH
view's test (tests/net/auth.sh).  Listeners and clients over IPv4 or IPv6
(an ADDR or PEER with a colon is IPv6); crafted segments IPv4 only.

  tcp_ao.py probe
      exit 0 if this kernel takes a TCP-AO key (CONFIG_TCP_AO), else 1.
  tcp_ao.py listen ADDR PORT[:PEER:KEY:SNDID:RCVID]...
      a listener on ADDR:PORT for each PORT, with a TCP-AO key (HMAC-SHA1,
      12-byte MAC) for PEER where given, else none (an IPv6 PEER's colons
      are its own: PORT is the first field, the last three are KEY, SNDID
      and RCVID); prints "listening"
      once all listen, then accepts and closes until SIGTERM, when it
      prints "PORT good=G bad=B key_not_found=K ao_required=R" for each
      listener with a key (the socket's own counters, TCP_AO_INFO).
  tcp_ao.py connect ADDR PORT:COUNT:TIMEOUT[:KEY:SNDID:RCVID[:MACLEN]]...
      for each: COUNT connects to ADDR:PORT, each given up after TIMEOUT
      seconds, with that TCP-AO key where given (else unsigned); prints
      "attempts=COUNT connected=C timedout=T refused=R" for each.
  tcp_ao.py raw SRC DST PORT KIND COUNT
      COUNT crafted segments from SRC to DST:PORT through a raw socket
      (IP_HDRINCL: SRC need not be this host's), each from its own source
      port; prints "sent=N".  KIND:
        badheader  a SYN carrying both an MD5 and an AO option
                   (tcp_hash_bad_header: the options contradict; a
                   kernel without CONFIG_TCP_AO sees the MD5 one only).
        twomd5     a SYN carrying two MD5 options (tcp_hash_bad_header
                   with or without CONFIG_TCP_AO).
        handshake  an unsigned SYN, then an ACK of the same 4-tuple with
                   an AO option (tcp_ao_handshake_failure: the request
                   socket began without TCP-AO).

One process each, as a Python interpreter takes seconds to start in an
emulated guest.  The structs of uapi/linux/tcp.h are packed by hand:
struct tcp_ao_add (setsockopt TCP_AO_ADD_KEY, 288 bytes): a
sockaddr_storage (128: a sockaddr_in, or a sockaddr_in6 -- family, port,
flowinfo, the 16-byte address, scope id), alg_name (64), ifindex (s32), a u32 of bit
fields (set_current, set_rnext), reserved2 (u16), then the u8s prefix,
sndid, rcvid, maclen, keyflags, keylen and the key (80).  struct
tcp_ao_info_opt (getsockopt TCP_AO_INFO, 48 bytes): a u32 of bit fields,
reserved2 (u16), current_key, rnext (u8), then five u64 counters:
pkt_good, pkt_bad, pkt_key_not_found, pkt_ao_required, pkt_dropped_icmp.
"""
import ctypes
import os
import select
import signal
import socket
import struct
import sys
import time

# Beside this script: an address as the kernel's key structures hold it.
from tcp_md5 import connect, family, sockaddr

TCP_AO_ADD_KEY = 38
TCP_AO_INFO = 40
TCP_AO_MAXKEYLEN = 80
TCPOPT_MD5SIG = 19
TCPOPT_AO = 29


def ao_add(peer, key, sndid, rcvid, maclen=0):
    """struct tcp_ao_add: @key (bytes) for @peer alone (/32 or /128),
    HMAC-SHA1."""
    prefix = 128 if family(peer) == socket.AF_INET6 else 32
    return sockaddr(peer) + b'hmac(sha1)'.ljust(64, b'\0') + \
        struct.pack('=iIHBBBBBB', 0, 0, 0, prefix, sndid, rcvid, maclen, 0,
                    len(key)) + key.ljust(TCP_AO_MAXKEYLEN, b'\0')


def add_key(s, peer, key, sndid, rcvid, maclen=0):
    s.setsockopt(socket.IPPROTO_TCP, TCP_AO_ADD_KEY,
                 ao_add(peer, key, sndid, rcvid, maclen))


def ao_info(s):
    """The socket's counters: (good, bad, key_not_found, ao_required).
    Through libc, as the kernel reads the buffer in too (its reserved
    fields must be zero) and Python's getsockopt passes it uninitialised."""
    libc = ctypes.CDLL(None, use_errno=True)
    buf = ctypes.create_string_buffer(48)
    size = ctypes.c_uint32(48)
    if libc.getsockopt(s.fileno(), socket.IPPROTO_TCP, TCP_AO_INFO, buf,
                       ctypes.byref(size)):
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))
    return struct.unpack_from('=QQQQ', buf.raw, 8)


def probe():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        add_key(s, '127.0.0.1', b'probe', 1, 1)
    except OSError as e:
        print(f'no TCP-AO: {e}', file=sys.stderr)
        return 1
    finally:
        s.close()
    return 0


def listen(addr, specs):
    socks, keyed = [], []
    for spec in specs:
        port, *k = spec.split(':')
        s = socket.socket(family(addr), socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if k:
            add_key(s, ':'.join(k[:-3]), k[-3].encode(), int(k[-2]),
                    int(k[-1]))
            keyed.append((port, s))
        s.bind((addr, int(port)))
        s.listen(64)
        socks.append(s)

    def report(_sig, _frame):
        for port, s in keyed:
            good, bad, nokey, required = ao_info(s)
            print(f'{port} good={good} bad={bad} key_not_found={nokey} '
                  f'ao_required={required}', flush=True)
        sys.exit(0)

    signal.signal(signal.SIGTERM, report)
    print('listening', flush=True)
    while True:
        for s in select.select(socks, [], [])[0]:
            c, _ = s.accept()
            c.close()


def csum(data):
    """The Internet checksum of @data."""
    if len(data) % 2:
        data += b'\0'
    total = sum(struct.unpack(f'!{len(data) // 2}H', data))
    while total >> 16:
        total = (total & 0xffff) + (total >> 16)
    return ~total & 0xffff


def segment(src, dst, sport, dport, seq, ack, flags, options=b''):
    """An IPv4 packet holding a TCP segment, its TCP checksum right (the
    kernel fills in the IP header's own)."""
    options = options.ljust((len(options) + 3) // 4 * 4, b'\1')
    doff = (20 + len(options)) // 4
    tcp = struct.pack('!HHIIBBHHH', sport, dport, seq, ack, doff << 4,
                      flags, 65535, 0, 0) + options
    pseudo = socket.inet_aton(src) + socket.inet_aton(dst) + \
        struct.pack('!BBH', 0, socket.IPPROTO_TCP, len(tcp))
    tcp = tcp[:16] + struct.pack('!H', csum(pseudo + tcp)) + tcp[18:]
    ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(tcp), 0, 0, 64,
                     socket.IPPROTO_TCP, 0, socket.inet_aton(src),
                     socket.inet_aton(dst))
    return ip + tcp


SYN, ACK = 0x02, 0x10
MD5_OPTION = struct.pack('!BB', TCPOPT_MD5SIG, 18) + b'\x55' * 16
AO_OPTION = struct.pack('!BBBB', TCPOPT_AO, 16, 100, 100) + b'\xaa' * 12


def raw(src, dst, port, kind, count):
    r = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_RAW)
    r.setsockopt(socket.IPPROTO_IP, socket.IP_HDRINCL, 1)
    sent = 0
    for i in range(count):
        sport, seq = 40000 + i, 1000000 * (i + 1)
        if kind == 'badheader':
            r.sendto(segment(src, dst, sport, port, seq, 0, SYN,
                             b'\1\1' + MD5_OPTION + AO_OPTION), (dst, 0))
        elif kind == 'twomd5':
            r.sendto(segment(src, dst, sport, port, seq, 0, SYN,
                             MD5_OPTION + MD5_OPTION), (dst, 0))
        elif kind == 'handshake':
            r.sendto(segment(src, dst, sport, port, seq, 0, SYN), (dst, 0))
            # The request socket is made as the SYN arrives; the pause
            # is for a slow guest all the same.
            time.sleep(0.05)
            r.sendto(segment(src, dst, sport, port, seq + 1, 1, ACK,
                             AO_OPTION), (dst, 0))
        else:
            raise ValueError(kind)
        sent += 1
    print(f'sent={sent}', flush=True)


def main(argv):
    if len(argv) == 2 and argv[1] == 'probe':
        return probe()
    if len(argv) >= 4 and argv[1] == 'listen':
        listen(argv[2], argv[3:])
    elif len(argv) >= 4 and argv[1] == 'connect':
        for spec in argv[3:]:
            port, count, timeout, *k = spec.split(':')
            key = (k[0].encode(), int(k[1]), int(k[2]),
                   int(k[3]) if len(k) > 3 else 0) if k else None
            connect(argv[2], int(port), int(count), float(timeout), key,
                    sign=lambda s, peer, k: add_key(s, peer, *k))
    elif len(argv) == 7 and argv[1] == 'raw':
        raw(argv[2], argv[3], int(argv[4]), argv[5], int(argv[6]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
