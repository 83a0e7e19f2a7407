#!/usr/bin/python3
"""Drives the running AddMusic window through the accessibility tree (flow.py's helpers) on songs whose timed .lrc
holds tens of thousands of time stamps (B-N3): the first song chosen in the picker plays, the lyrics panel is opened
with its toggle, and

  the panel highlights the line sung (the label described as the current line) → the panel has labels only for the
  lines about its view: under the panel, named "Lyrics", at most MAX_LABELS (250; GTK's list view keeps up to 200
  rows about what it shows), not one a line → the line sung sits in the middle of the panel → it moves on as the song plays, and is brought to the middle again → closed, the artwork is back.

Prints one line per step; exits 1 at the first step that fails. With ADDMUSIC_UI_TRACE set for the window, it also
prints the longest main-thread stall from the press of the toggle to the end, read from the window's trace, for
information only: the accessibility tree's questions are answered on that thread too (bench/lyrics-panel measures
the stall without them).
"""
import os
import sys
import time

import pyatspi

from flow import find, listed, pressed, safe_role, shown, t, wait, walk

MAX_LABELS = int(os.environ.get("MAX_LABELS", "250"))


def monotonic_us():
    return int(time.monotonic() * 1_000_000)


def panel(app):
    """The lyrics panel's list (the node named "Lyrics" with labels in it), shown."""
    for node in walk(app):
        try:
            if node.name == t("lyrics.label") and shown(node) and safe_role(node) != "label":
                if any(safe_role(child) == "label" for child in walk(node)):
                    return node
        except Exception:
            continue
    return None


def labels(node):
    return [child for child in walk(node) if safe_role(child) == "label"]


def current_line(node):
    """The label under `node` described as the current line, shown, or None."""
    for child in labels(node):
        try:
            if child.description == t("lyrics.current") and shown(child):
                return child
        except Exception:
            continue
    return None


def extents(node):
    return node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)


def in_the_middle(list_node, line):
    """Whether `line`'s middle is within a fifth of the list's height of the list's middle."""
    try:
        outer, inner = extents(list_node), extents(line)
    except Exception:
        return False
    return abs((inner.y + inner.height / 2) - (outer.y + outer.height / 2)) <= outer.height / 5


def longest_stall(since_us):
    """The longest main-thread stall (µs) the window's trace records since `since_us`, or None without a trace."""
    path = os.environ.get("ADDMUSIC_UI_TRACE")
    if not path or not os.path.exists(path):
        return None
    longest = 0
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            words = line.split()
            if len(words) == 3 and words[1] == "late" and int(words[0]) >= since_us:
                longest = max(longest, int(words[2]))
    return longest


def main():
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait("the app is on the accessibility bus", lambda: listed(desktop) and next(
        (desktop.getChildAtIndex(i) for i in range(desktop.childCount)
         if "addmusic" in (desktop.getChildAtIndex(i).name or "").lower()), None), 40)
    pressed(wait("Add Music is there", lambda: find(app, "push button", t("Add Music"))))
    songs = wait("the picker lists the songs", lambda: find(app, "list", t("picker.songs")))
    songs.querySelection().selectChild(0)
    pressed(find(app, "push button", t("Done")))
    wait("music plays: the now-playing line", lambda: find(app, "label", prefix=t("Now Playing:") + " "))
    # GTK 4.8 announces a toggle button as a push button (pressed while in); later versions as a toggle button.
    toggle = wait("the lyrics toggle is there", lambda: find(app, "toggle button", t("lyrics.show")) or
                  find(app, "push button", t("lyrics.show")))
    opened = monotonic_us()
    pressed(toggle)
    lyrics = wait("the lyrics panel shows its lines", lambda: panel(app), 20)
    first = wait("the lyrics panel highlights the line sung", lambda: current_line(lyrics), 20)
    first_text = first.name
    count = len(labels(lyrics))
    if count > MAX_LABELS:
        print("FAILED: the panel has %d labels, more than the %d a list view keeps" % (count, MAX_LABELS))
        sys.exit(1)
    print("ok: the panel has labels only for the lines about its view (%d)" % count)
    wait("the line sung is in the middle of the panel",
         lambda: (lambda line: line is not None and in_the_middle(lyrics, line))(current_line(lyrics)), 10)
    wait("the highlighted line moves on as the song plays (from %r)" % first_text,
         lambda: (lambda line: line is not None and line.name != first_text)(current_line(lyrics)), 10)
    wait("the line sung is brought to the middle again",
         lambda: (lambda line: line is not None and line.name != first_text and in_the_middle(lyrics, line))(
             current_line(lyrics)), 10)
    count = len(labels(lyrics))
    if count > MAX_LABELS:
        print("FAILED: following the song, the panel has %d labels (at most %d)" % (count, MAX_LABELS))
        sys.exit(1)
    print("ok: following the song, still labels only about its view (%d)" % count)
    stall = longest_stall(opened)
    if stall is not None:
        print("info: the longest main-thread stall since the panel opened: %.1f ms" % (stall / 1000))
    pressed(toggle)
    wait("closing the panel shows the artwork in its place", lambda: find(app, "image", t("artwork.label")))
    print("done")


if __name__ == "__main__":
    main()
