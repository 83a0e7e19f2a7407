#!/usr/bin/python3
"""Drives the running AddMusic window through the accessibility tree (Debian's python3-pyatspi) along SPEC.md's
first flows, printing one line per step; exits 1 at the first step that fails.

launch shows the instructions (B-L1) → Add Music opens the picker with its prompt (B-A1) → two songs chosen, Done:
the now-playing line and Show Music (B-A3, B-A5, B-N1) → Show Music opens the queue with the playing song marked,
Add More → one more song → Done, Done: the same song goes on (B-A4, B-A6).
"""
import os
import subprocess
import sys
import time

import pyatspi


def walk(node, depth=0):
    """Every node under `node`; nodes of a window that closes meanwhile are skipped."""
    yield node
    if depth > 40:
        return
    try:
        children = [node.getChildAtIndex(index) for index in range(node.childCount)]
    except Exception:
        return
    for child in children:
        if child is not None:
            yield from walk(child, depth + 1)


def safe_role(node):
    try:
        return node.getRoleName()
    except Exception:
        return None


def shown(node):
    try:
        return node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width > 0
    except Exception:
        return False


def find(root, role, name=None, prefix=None):
    for node in walk(root):
        try:
            if node.getRoleName() != role or not shown(node):
                continue
            if name is not None and node.name != name:
                continue
            if prefix is not None and not (node.name or "").startswith(prefix):
                continue
            return node
        except Exception:
            continue
    return None


def wait(step, probe, seconds=8):
    end = time.time() + seconds
    while time.time() < end:
        found = probe()
        if found:
            print("ok:", step)
            return found
        time.sleep(0.2)
    print("FAILED:", step)
    sys.exit(1)


def main():
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait("the app is on the accessibility bus", lambda: next(
        (desktop.getChildAtIndex(i) for i in range(desktop.childCount)
         if "addmusic" in (desktop.getChildAtIndex(i).name or "").lower()), None), 40)
    wait("launch shows the instructions", lambda: find(app, "label", prefix="Tap Add Music"))
    play = wait("play/pause is there, insensitive", lambda: find(app, "push button", "Play"))
    if play.getState().contains(pyatspi.STATE_SENSITIVE):
        print("FAILED: play/pause is sensitive with no queue")
        sys.exit(1)
    find(app, "push button", "Add Music").queryAction().doAction(0)
    wait("the picker shows its prompt", lambda: find(app, "label", "Add songs to play"))
    songs = wait("the picker lists the songs", lambda: find(app, "list"))
    selection = songs.querySelection()
    selection.selectChild(0)
    selection.selectChild(1)
    find(app, "push button", "Done").queryAction().doAction(0)
    line = wait("music plays: the now-playing line", lambda: find(app, "label", prefix="Now Playing: "))
    first = line.name
    wait("the button reads Show Music", lambda: find(app, "push button", "Show Music"))
    wait("play/pause shows pause", lambda: find(app, "push button", "Pause"))
    find(app, "push button", "Show Music").queryAction().doAction(0)
    wait("the queue view marks the playing song", lambda: any(
        (node.name or "").startswith("▶") for node in walk(app) if node.getRoleName() == "label"))
    find(app, "push button", "Add More").queryAction().doAction(0)
    more = wait("the picker opens over the queue", lambda: find(app, "list") if find(app, "label", "Add songs to play") else None)
    lists = [node for node in walk(app) if node.getRoleName() == "list" and shown(node)]
    lists[-1].querySelection().selectChild(2)
    dones = [node for node in walk(app) if node.getRoleName() == "push button" and node.name == "Done" and shown(node)]
    dones[-1].queryAction().doAction(0)
    wait("the queue holds three songs", lambda: len([
        node for node in walk(app) if safe_role(node) == "label" and " — " in (node.name or "")]) >= 3)
    find(app, "push button", "Done").queryAction().doAction(0)
    time.sleep(0.5)
    line = wait("the same song goes on", lambda: find(app, "label", first))
    module = os.environ.get("FLOW_UNLOAD_MODULE")
    if module:
        # B-R2, B-R3: the app sound's device goes away while it plays: the alert; Resume plays it on.
        sound = find(app, "push button", "Play App Sound")
        sound.queryAction().doAction(0)
        # The click is taken asynchronously: the sound plays once the button is insensitive (it lasts 0.9 s).
        end = time.time() + 2
        while sound.getState().contains(pyatspi.STATE_SENSITIVE) and time.time() < end:
            time.sleep(0.02)
        subprocess.run(["pactl", "unload-module", module], check=True)
        wait("the alert is up", lambda: find(app, "push button", prefix="Resume"))
        sound = find(app, "push button", "Play App Sound")
        if sound.getState().contains(pyatspi.STATE_SENSITIVE):
            print("FAILED: Play App Sound is sensitive while its sound is paused")
            sys.exit(1)
        find(app, "push button", prefix="Resume").queryAction().doAction(0)  # named "Resume Resume" in GTK 4.8
        wait("after Resume the sound ends and the button is back", lambda: find(app, "push button", "Play App Sound")
             .getState().contains(pyatspi.STATE_SENSITIVE))
    print("done")


main()
