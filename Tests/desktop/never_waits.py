#!/usr/bin/python3
"""Drives the running AddMusic window through the accessibility tree (as flow.py does, with its helpers) while the
process that plays the music is stopped: the window must never wait for it (docs/BEHAVIOUR.md, "the interface never
waits"). Prints one line per step; exits 1 if any step failed.

Two songs chosen in the picker play; then FREEZE_PID (the PulseAudio server, or the MPD daemon) gets SIGSTOP, and
each press must show in the accessibility tree within ANSWER_SECONDS (1 s): the tree answers (the main window's
extents, read live from the window's main thread) and shows the change:

  space pauses (the button reads Play) → space plays (Pause) → MPRIS Next, the desktop's media key (the
  now-playing line changes) → space pauses → Ctrl+O opens the picker → its Cancel closes it → Ctrl+, opens the
  preferences → Escape closes them.

With FREEZE_MPD (the system player, its daemon stopped) the daemon owns the play state and the queue, so the three
presses that change them (space, Next, space) must be answered by the tree at once, and their outcome shows once the
daemon runs again; the picker and the preferences must show as with the audio server stopped.

Then the process gets SIGCONT, and playback must follow the last press (pause): the window shows Play, and with
FREEZE_SINK (a PulseAudio sink) its monitor is silent, with FREEZE_MPD (host:port) the daemon says it is paused.
The frozen process is let go on every way out.

On Wayland (FLOW_DISPLAY=wayland, weston's headless backend, which has no seat: no key reaches a window and the
menu's popover does not open; see flow.py) the presses go through the accessibility tree: the play/pause button for
space, and Show Music (the queue) → Add More (the picker) → Cancel → Done for Ctrl+O; the preferences, which only
the keys and the menu open, are X11's only.
"""
import array
import os
import signal
import subprocess
import sys
import time

import pyatspi

from flow import WAYLAND, find, listed, pressed, safe_role, shown, t, wait, walk

ANSWER_SECONDS = 1.0
FROZEN = int(os.environ["FREEZE_PID"])
failures = []


def focus_main_window():
    if WAYLAND:
        return  # no keys there
    subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^AddMusic$", "windowfocus", "--sync"], check=True)
    time.sleep(0.3)


def press(app, step, action, shows, daemon_owned=False):
    """Runs `action` (one press), then expects the tree to answer (the main window's extents, read live from the
    window's main thread) and `shows()` to hold, within ANSWER_SECONDS of the press. `shows` returns the node that
    proves the change. With `daemon_owned` and FREEZE_MPD, the change is the stopped daemon's to make: only the
    answer is expected now (the outcome is checked after the thaw)."""
    started = time.monotonic()
    action()
    acted = time.monotonic() - started
    answered = shown = None
    try:
        app.getChildAtIndex(0).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        answered = time.monotonic() - started
    except Exception:
        pass
    if daemon_owned and os.environ.get("FREEZE_MPD"):
        if answered is None or answered > ANSWER_SECONDS:
            failures.append(step)
            print("FAILED: %s (the press took %.0f ms, the tree did not answer within %.1f s)" % (
                step, acted * 1000, ANSWER_SECONDS))
        else:
            print("ok: %s (the press took %.0f ms, the tree answered after %.0f ms; the daemon carries it out once "
                  "it runs)" % (step, acted * 1000, answered * 1000))
        return
    while time.monotonic() - started < ANSWER_SECONDS:
        if shows():
            shown = time.monotonic() - started
            break
        time.sleep(0.02)
    timing = "the press took %.0f ms, the tree answered %s" % (
        acted * 1000, "after %.0f ms" % (answered * 1000) if answered is not None else "not at all")
    if answered is None or answered > ANSWER_SECONDS or shown is None:
        failures.append(step)
        print("FAILED: %s (%s, the change %s)" % (
            step, timing, "showed after %.0f ms" % (shown * 1000) if shown else "did not show within %.1f s" %
            ANSWER_SECONDS))
        # Let the window catch up before the next press, so one late step does not fail the rest.
        end = time.monotonic() + 10
        while time.monotonic() < end and not shows():
            time.sleep(0.1)
    else:
        print("ok: %s (%s, the change showed after %.0f ms)" % (step, timing, shown * 1000))


def play_pause(app, change, reads, shows):
    """The play/pause button pressed through the accessibility tree (Wayland's space): it read `reads` (when the
    daemon owns the state and is stopped, the press may not have shown yet) and shows `shows`."""
    button = find(app, "push button", reads) or find(app, "push button", shows)
    press(app, "play/pause " + change, lambda: pressed(button), lambda: find(app, "push button", shows), True)


def pickers_through_the_queue(app):
    """Wayland's Ctrl+O: Show Music opens the queue, its Add More the picker; Cancel and Done close them."""
    def queue_done():
        return next((node for node in reversed(list(walk(app))) if safe_role(node) == "push button" and
                     node.name == t("Done") and shown(node)), None)
    press(app, "Show Music opens the queue", lambda: pressed(find(app, "push button", t("Show Music"))),
          lambda: find_newest(app, "push button", t("queue.addMore")))
    press(app, "Add More opens the picker", lambda: pressed(find_newest(app, "push button", t("queue.addMore"))),
          lambda: find_newest(app, "label", t("Add songs to play")))
    press(app, "Cancel closes the picker", lambda: pressed(find_newest(app, "push button", t("Cancel"))),
          lambda: gone(app, lambda: find_newest(app, "label", t("Add songs to play"))))
    press(app, "Done closes the queue", lambda: pressed(queue_done()),
          lambda: gone(app, lambda: find_newest(app, "push button", t("queue.addMore"))))


def another_song(app, first):
    """The now-playing line, once it names another song than `first`."""
    line = find(app, "label", prefix=t("Now Playing:") + " ")
    return line if line and line.name != first else None


def find_newest(app, role, name=None, prefix=None):
    """`find`, in the app's windows from the newest (a dialog just opened), so its search reads the fewest nodes."""
    try:
        windows = [app.getChildAtIndex(index) for index in reversed(range(app.childCount))]
    except Exception:
        return None  # the tree does not answer
    return next((found for found in (find(window, role, name, prefix) for window in windows if window) if found),
                None)


def gone(app, finder):
    """Whether `finder()` finds nothing while the tree answers (the main window's play/pause button is found)."""
    return finder() is None and (find(app, "push button", t("Play")) or find(app, "push button", t("Pause")))


def keys(*combination):
    subprocess.run(["xdotool", "key", *combination], check=True)


def peak(seconds):
    """The loudest sample on FREEZE_SINK's monitor over `seconds`, from a fresh recorder (stopped by PID)."""
    recorder = subprocess.Popen(
        ["parec", "--device=%s.monitor" % os.environ["FREEZE_SINK"], "--raw", "--format=s16le", "--rate=44100",
         "--channels=2", "--latency-msec=10"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    time.sleep(seconds)
    recorder.send_signal(signal.SIGKILL)
    data = recorder.stdout.read()
    recorder.wait()
    samples = array.array("h", data[:len(data) // 2 * 2])
    return max((abs(sample) for sample in samples), default=0)


def mpd_state():
    host, port = os.environ["FREEZE_MPD"].rsplit(":", 1)
    status = subprocess.run(["mpc", "-h", host, "-p", port, "status"], capture_output=True, text=True).stdout
    for state in ("playing", "paused"):
        if "[%s]" % state in status:
            return state
    return "stopped"


def main():
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait("the app is on the accessibility bus", lambda: listed(desktop) and next(
        (desktop.getChildAtIndex(i) for i in range(desktop.childCount)
         if "addmusic" in (desktop.getChildAtIndex(i).name or "").lower()), None), 40)
    pressed(wait("Add Music is there", lambda: find(app, "push button", t("Add Music"))))
    songs = wait("the picker lists the songs", lambda: find(app, "list", t("picker.songs")))
    selection = songs.querySelection()
    for row in (0, 1):
        selection.selectChild(row)
    pressed(find(app, "push button", t("Done")))
    line = wait("music plays: the now-playing line", lambda: find(app, "label", prefix=t("Now Playing:") + " "))
    first = line.name
    wait("play/pause shows pause", lambda: find(app, "push button", t("Pause")))
    if os.environ.get("FREEZE_SINK"):
        time.sleep(2)  # an idle null sink renders ahead: let it settle before listening
        loudest = peak(1)
        if loudest < 1000:
            print("FAILED: no music reaches the sink before the freeze (peak %d)" % loudest)
            sys.exit(1)
        print("ok: the music reaches the sink (peak %d)" % loudest)
    if os.environ.get("FREEZE_MPD"):
        wait("the music daemon plays", lambda: mpd_state() == "playing")
    focus_main_window()

    os.kill(FROZEN, signal.SIGSTOP)
    print("ok: stopped process %d" % FROZEN)
    try:
        if WAYLAND:
            play_pause(app, "pauses", t("Pause"), t("Play"))
            play_pause(app, "plays", t("Play"), t("Pause"))
        else:
            press(app, "space pauses", lambda: keys("space"), lambda: find(app, "push button", t("Play")), True)
            press(app, "space plays", lambda: keys("space"), lambda: find(app, "push button", t("Pause")), True)
        press(app, "MPRIS Next skips", lambda: subprocess.run(["playerctl", "--player=addmusic", "next"]),
              lambda: another_song(app, first), True)
        if WAYLAND:
            play_pause(app, "pauses again", t("Pause"), t("Play"))
            pickers_through_the_queue(app)
        else:
            press(app, "space pauses again", lambda: keys("space"), lambda: find(app, "push button", t("Play")),
                  True)
            press(app, "Ctrl+O opens the picker", lambda: keys("ctrl+o"),
                  lambda: find_newest(app, "label", t("Add songs to play")))
            press(app, "Cancel closes the picker", lambda: pressed(find(app, "push button", t("Cancel"))),
                  lambda: gone(app, lambda: find_newest(app, "label", t("Add songs to play"))))
            focus_main_window()
            # GTK 4.8 announces the switch as a check box named twice over ("Background animation Background animation").
            press(app, "Ctrl+, opens the preferences", lambda: keys("ctrl+comma"),
                  lambda: find_newest(app, "check box", prefix=t("prefs.animation")))
            press(app, "Escape closes the preferences", lambda: keys("Escape"),
                  lambda: gone(app, lambda: find_newest(app, "check box", prefix=t("prefs.animation"))))
    finally:
        os.kill(FROZEN, signal.SIGCONT)
    print("ok: let process %d run again" % FROZEN)

    # Playback follows the last press: paused, on the second song.
    wait("after the thaw the window shows play (paused)", lambda: find(app, "push button", t("Play")), 10)
    wait("after the thaw the second song is the one shown", lambda: another_song(app, first), 10)
    if os.environ.get("FREEZE_SINK"):
        time.sleep(3)
        loudest = peak(2)
        if loudest >= 1000:
            failures.append("silence after the thaw")
            print("FAILED: music still reaches the sink after the thaw (peak %d)" % loudest)
        else:
            print("ok: the sink is silent after the thaw (peak %d)" % loudest)
    if os.environ.get("FREEZE_MPD"):
        wait("after the thaw the daemon is paused", lambda: mpd_state() == "paused", 15)
    if failures:
        print("FAILED steps:", ", ".join(failures))
        sys.exit(1)
    print("done")


if __name__ == "__main__":
    main()
