#!/usr/bin/python3
"""Time MPD commands that list the database (`list genre`, …) over one persistent connection.

usage: mpd-list-latency.py HOST PORT RUNS NAME=COMMAND…

Sends each COMMAND RUNS times (TCP_NODELAY, TCP_QUICKACK), waits for the whole answer and prints one line per NAME:

    query=NAME rows=R median_ms=X p99_ms=Y         (or  query=NAME failed  when MPD answers ACK)

Python 3 standard library only.
"""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
latency = __import__("mpd-search-latency")


def main():
    host, port, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    conn = latency.Conn(host, port)
    for spec in sys.argv[4:]:
        name, command = spec.split("=", 1)
        times, rows, failed = [], 0, False
        for _ in range(runs):
            start = time.perf_counter()
            answer = conn.command(command)
            times.append((time.perf_counter() - start) * 1000)
            if answer.startswith(b"ACK") or b"\nACK" in answer:
                failed = True
                break
            rows = answer.count(b"\n") - 1
        if failed:
            print("query=%s failed" % name)
            continue
        times.sort()
        p99 = times[min(len(times) - 1, -(-len(times) * 99 // 100) - 1)]
        print("query=%s rows=%d median_ms=%.3f p99_ms=%.3f" % (name, rows, statistics.median(times), p99))


if __name__ == "__main__":
    main()
