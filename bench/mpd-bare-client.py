#!/usr/bin/env python3
"""The floor for bench/system-player: the same figures as `addmusic bench-system-player`, from a bare MPD protocol
client on plain sockets (no parsing beyond the reply's end), against the daemon at MPD_HOST/MPD_PORT.

Usage: bench/mpd-bare-client.py RUNS   → `figure median_ms p99_ms` lines
"""
import os
import socket
import sys
import threading
import time


class Client:
    def __init__(self):
        self.sock = socket.create_connection((os.environ.get("MPD_HOST", "127.0.0.1"),
                                              int(os.environ.get("MPD_PORT", "6600"))))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.file = self.sock.makefile("rb")
        self.file.readline()  # greeting

    def run(self, text):
        self.sock.sendall(text.encode())
        lines = []
        while True:
            line = self.file.readline()
            if not line or line == b"OK\n" or line.startswith(b"ACK"):
                return lines
            lines.append(line)


def stats(name, values):
    values = sorted(values)
    print(f"{name} {values[len(values) // 2]:.2f} {values[min(len(values) - 1, int(len(values) * 0.99))]:.2f}")


def main():
    runs = int(sys.argv[1])
    client, other, idle = Client(), Client(), Client()
    songs = [line[6:-1].decode() for line in client.run("listall\n") if line.startswith(b"file: ")]
    quoted = [song.replace("\\", "\\\\").replace('"', '\\"') for song in songs]
    client.run("command_list_begin\nclear\n" + "".join(f'add "{q}"\n' for q in quoted[:2]) + "command_list_end\n")
    client.run("play\n")
    pause, play = [], []
    for _ in range(runs):
        start = time.perf_counter()
        client.run("pause 1\n")
        client.run("status\n")
        pause.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        client.run("pause 0\n")
        client.run("status\n")
        play.append((time.perf_counter() - start) * 1000)
    append = []
    thousand = [quoted[i % len(quoted)] for i in range(1000)]
    for _ in range(max(3, runs // 10)):
        client.run(f'command_list_begin\nclear\nadd "{quoted[0]}"\ncommand_list_end\n')
        start = time.perf_counter()
        client.run("command_list_begin\n" + "".join(f'add "{q}"\n' for q in thousand) + "command_list_end\n")
        client.run("status\n")
        client.run("playlistinfo\n")
        append.append((time.perf_counter() - start) * 1000)
    client.run("command_list_begin\nclear\n" + "".join(f'add "{q}"\n' for q in thousand) + "command_list_end\n")
    client.run("play\n")
    change = []
    for _ in range(runs):
        done = threading.Event()

        def wait():
            idle.run("idle player\n")
            done.set()

        waiter = threading.Thread(target=wait)
        waiter.start()
        time.sleep(0.01)  # the idle command is in before the change
        start = time.perf_counter()
        other.run("next\n")
        done.wait(5)
        change.append((time.perf_counter() - start) * 1000)
        waiter.join()
    client.run("stop\n")
    stats("pause_round_trip", pause)
    stats("play_round_trip", play)
    stats("append_1000", append)
    stats("other_client_change_to_event", change)


if __name__ == "__main__":
    main()
