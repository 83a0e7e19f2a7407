#!/usr/bin/python3
"""Time MPD `search any "QUERY"` round trips over one persistent connection.

usage: mpd-search-latency.py HOST PORT QUERIES_FILE

Sends one search per line of QUERIES_FILE (TCP_NODELAY, TCP_QUICKACK), waits
for the full answer (a line `OK` or a line starting `ACK`) and prints one line:

    queries=N median_ms=X p99_ms=Y hits=H errors=E

Python 3 standard library only.
"""

import socket
import sys
import time


QUICKACK = getattr(socket, "TCP_QUICKACK", None)


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Conn:
    def __init__(self, host, port, timeout=60.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""
        greeting = self._read_until(lambda b: b.endswith(b"\n"))
        if not greeting.startswith(b"OK MPD"):
            raise RuntimeError("unexpected greeting: %r" % greeting[:80])

    def _read_until(self, done):
        while not done(self.buf):
            if QUICKACK is not None:
                # Acknowledge at once: otherwise the server's last small
                # segment ("OK") can wait ~40 ms for our delayed ACK, which
                # measures TCP timers rather than the search.
                self.sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise RuntimeError("connection closed by server")
            self.buf += chunk
        out, self.buf = self.buf, b""
        return out

    @staticmethod
    def _complete(b):
        if not b.endswith(b"\n"):
            return False
        if b == b"OK\n" or b.endswith(b"\nOK\n"):
            return True
        # an error answer is a single line starting ACK
        start = b.rfind(b"\n", 0, len(b) - 1) + 1
        return b.startswith(b"ACK", start)

    def command(self, line):
        self.sock.sendall(line.encode("utf-8") + b"\n")
        return self._read_until(self._complete)


def percentile(sorted_vals, p):
    # nearest-rank percentile
    if not sorted_vals:
        return float("nan")
    k = max(0, min(len(sorted_vals) - 1, int(-(-p * len(sorted_vals) // 100)) - 1))
    return sorted_vals[k]


def main():
    if len(sys.argv) != 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    host, port, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path, encoding="utf-8") as f:
        queries = [q.strip() for q in f if q.strip()]
    conn = Conn(host, port)
    conn.command("ping")  # warm the connection
    times = []
    hits = errors = 0
    for q in queries:
        t0 = time.perf_counter()
        answer = conn.command("search any " + quote(q))
        times.append((time.perf_counter() - t0) * 1000.0)
        if answer.startswith(b"ACK") or b"\nACK" in answer:
            errors += 1
        else:
            hits += answer.count(b"\nfile: ") + answer.startswith(b"file: ")
    times.sort()
    mid = len(times) // 2
    median = times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2
    print("queries=%d median_ms=%.3f p99_ms=%.3f hits=%d errors=%d" % (
        len(times), median, percentile(times, 99), hits, errors))
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
