#!/usr/bin/env python3
"""Start latency: from the play command to the first non-silent sample at a null sink's monitor, ours beside MPD.

Usage: bench/start-latency.py ADDMUSIC FILE RUNS   (PULSE_SERVER must point at a server with a null sink "speaker";
SERVER_LABEL, when set, is added to each figure's name, e.g. "pipewire")

A `parec` on speaker.monitor is started 2 s before anything is timed (an idle null sink renders ahead, so its
timeline means nothing before that). Each chunk it delivers (about 5 ms) is stamped on arrival; the sound is heard
when the first chunk with a sample above the threshold arrives (the same few milliseconds late for both players). Figures, medians of RUNS:
  start:  ours = the space key written to a running `addmusic play` (on a pseudo-terminal) while stopped;
          MPD  = `mpc play` while stopped (an mpc process: the command reaching the daemon is counted for MPD).
  resume: the same while paused.
  launch: ours only: `addmusic play FILE` launched (process start, connection to the server, decoding).
  app_sound: ours = the space key to a running `addmusic sound` (the app sound, prepared in memory);
          peer = `paplay` of the same sound launched (PulseAudio's own player; its process start counts).
Prints `figure ours mpd ours/mpd` lines in milliseconds.
"""
import array
import os
import pty
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

RATE = 44100
THRESHOLD = 1000  # of 32767: well above the silence of a null sink, far below the test tone


class Monitor:
    """Reads what reaches the null sink, stamping each chunk as it arrives."""

    def __init__(self):
        self.process = subprocess.Popen(
            ["parec", "-d", "speaker.monitor", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=2",
             "--latency-msec=5"],
            stdout=subprocess.PIPE)
        self.lock = threading.Lock()
        self.armed = False
        self.heard_at = None
        self.loud = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        pending = b""
        while True:
            data = os.read(self.process.stdout.fileno(), 4096)
            arrival = time.monotonic()
            if not data:
                return
            data = pending + data
            usable = len(data) - len(data) % 4
            pending = data[usable:]
            samples = array.array("h", data[:usable])
            first = next((i for i, s in enumerate(samples) if abs(s) > THRESHOLD), None)
            with self.lock:
                self.loud = first is not None
                if self.armed and self.heard_at is None and first is not None:
                    self.heard_at = arrival

    def arm(self):
        with self.lock:
            self.armed = True
            self.heard_at = None
        return time.monotonic()

    def wait_heard(self, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if self.heard_at is not None:
                    self.armed = False
                    return self.heard_at
            time.sleep(0.001)
        raise RuntimeError("no sound reached the monitor")

    def wait_silent(self, seconds=0.5):
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < seconds:
            with self.lock:
                if self.loud:
                    quiet_since = time.monotonic()
            time.sleep(0.01)

    def stop(self):
        self.process.kill()
        self.process.wait()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_mpd(folder, file):
    os.makedirs(folder + "/music")
    os.symlink(os.path.realpath(file), folder + "/music/" + os.path.basename(file))
    port = free_port()
    with open(folder + "/mpd.conf", "w") as conf:
        conf.write(f'''music_directory "{folder}/music"
db_file "{folder}/db"
state_file "{folder}/state"
log_file "{folder}/log"
bind_to_address "127.0.0.1"
port "{port}"
zeroconf_enabled "no"
auto_update "no"
audio_output {{
    type "pulse"
    name "pulse"
    server "{os.environ["PULSE_SERVER"]}"
}}
''')
    daemon = subprocess.Popen(["mpd", "--no-daemon", folder + "/mpd.conf"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    mpc = ["mpc", "-q", "-p", str(port)]
    for _ in range(200):
        if subprocess.run(mpc + ["status"], capture_output=True).returncode == 0:
            break
        time.sleep(0.05)
    subprocess.run(mpc + ["update", "--wait"], check=True)
    subprocess.run(mpc + ["add", os.path.basename(file)], check=True)
    subprocess.run(mpc + ["repeat", "on"], check=True)
    return daemon, mpc


def main():
    program, file, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    work = tempfile.mkdtemp(prefix="start-latency-")
    environment = dict(os.environ, HOME=work, XDG_DATA_HOME=work + "/data", XDG_STATE_HOME=work + "/state",
                       XDG_CONFIG_HOME=work + "/config")
    monitor = Monitor()
    time.sleep(2)
    figures = {"start": ([], []), "resume": ([], []), "launch": ([], []), "app_sound": ([], [])}
    try:
        # Ours, launch: the whole process.
        for _ in range(runs):
            monitor.wait_silent()
            t0 = monitor.arm()
            player = subprocess.Popen([program, "play", file, "--output", "pulse"], env=environment,
                                      stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
            figures["launch"][0].append(monitor.wait_heard() - t0)
            player.kill()
            player.wait()
        # Ours, start and resume: keys on a pseudo-terminal.
        pid, terminal = pty.fork()
        if pid == 0:
            os.execve(program, [program, "play", file, "--output", "pulse"], environment)
        monitor.arm()
        monitor.wait_heard()
        for _ in range(runs):
            os.write(terminal, b"s")  # stop
            time.sleep(0.3)
            monitor.wait_silent()
            t0 = monitor.arm()
            os.write(terminal, b" ")  # play from the start
            figures["start"][0].append(monitor.wait_heard() - t0)
            time.sleep(0.3)
        for _ in range(runs):
            os.write(terminal, b" ")  # pause
            time.sleep(0.3)
            monitor.wait_silent()
            t0 = monitor.arm()
            os.write(terminal, b" ")  # play on
            figures["resume"][0].append(monitor.wait_heard() - t0)
            time.sleep(0.3)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(terminal)

        # The app sound: prepared, fired by a key; beside paplay.
        pid, terminal = pty.fork()
        if pid == 0:
            os.execve(program, [program, "sound"], environment)
        monitor.arm()
        monitor.wait_heard()
        for _ in range(runs):
            monitor.wait_silent()
            t0 = monitor.arm()
            os.write(terminal, b" ")
            figures["app_sound"][0].append(monitor.wait_heard() - t0)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(terminal)
        sound = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "AddMusicCore", "Resources",
                             "AppSound.wav")
        for _ in range(runs):
            monitor.wait_silent()
            t0 = monitor.arm()
            peer = subprocess.Popen(["paplay", "--property=media.role=event", sound])
            figures["app_sound"][1].append(monitor.wait_heard() - t0)
            peer.wait()

        if shutil.which("mpd"):
            daemon, mpc = start_mpd(work + "/mpd", file)
            try:
                for _ in range(runs):
                    subprocess.run(mpc + ["stop"], check=True)
                    monitor.wait_silent()
                    t0 = monitor.arm()
                    subprocess.run(mpc + ["play"], check=True)
                    figures["start"][1].append(monitor.wait_heard() - t0)
                    time.sleep(0.3)
                for _ in range(runs):
                    subprocess.run(mpc + ["pause"], check=True)
                    time.sleep(0.3)
                    monitor.wait_silent()
                    t0 = monitor.arm()
                    subprocess.run(mpc + ["play"], check=True)
                    figures["resume"][1].append(monitor.wait_heard() - t0)
                    time.sleep(0.3)
            finally:
                daemon.terminate()
                daemon.wait()
    finally:
        monitor.stop()
        shutil.rmtree(work, ignore_errors=True)

    for name, (ours, theirs) in figures.items():
        o = statistics.median(ours) * 1000
        m = statistics.median(theirs) * 1000 if theirs else None
        mpd = f"{m:.1f}" if m else "n/a"
        ratio = f"{o / m:.2f}" if m else "n/a"
        label = "app_sound_ms_vs_paplay" if name == "app_sound" else "start_latency_ms_" + name
        server = os.environ.get("SERVER_LABEL")
        if server:
            label += "_" + server
        print(f"{label:<32} {o:8.1f} {'-':>8} {mpd:>8} {'-':>12} {ratio:>9}")

if __name__ == "__main__":
    main()
