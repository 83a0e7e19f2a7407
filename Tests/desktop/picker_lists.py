#!/usr/bin/python3
"""Drives the running AddMusic window through the accessibility tree (flow.py's helpers) as far as its library:
the window's Add Music opens the picker, whose Songs page lists every song `addmusic library songs --json` lists
(FLOW_ADDMUSIC, the binary), by title. Nothing is played. scripts/package-check runs it on the installed package,
with FLOW_STRINGS naming the installed resource bundle, so the window's words are read from where the package put
them.

Prints one line per step; exits 1 at the first step that fails.
"""
import json
import os
import subprocess
import sys

import pyatspi

from flow import find, listed, pressed, rows_of, t, wait


def library_titles():
    listing = subprocess.run([os.environ["FLOW_ADDMUSIC"], "library", "songs", "--json"], capture_output=True,
                             text=True, check=True)
    return [song["title"] for song in json.loads(listing.stdout)]


def main():
    titles = library_titles()
    if not titles:
        print("FAILED: the library lists no songs")
        sys.exit(1)
    print("ok: the library lists %d songs" % len(titles))
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait("the app is on the accessibility bus", lambda: listed(desktop) and next(
        (desktop.getChildAtIndex(i) for i in range(desktop.childCount)
         if "addmusic" in (desktop.getChildAtIndex(i).name or "").lower()), None), 40)
    pressed(wait("Add Music is there", lambda: find(app, "push button", t("Add Music")), 20))

    def every_title(node):
        rows = rows_of(node) if node is not None else []
        return rows if rows and all(any(title in row for row in rows) for title in titles) else None

    rows = wait("the picker's Songs page lists every song of the library",
                lambda: every_title(find(app, "list", t("picker.songs"))), 20)
    print("    the first rows:", rows[:3])
    print("done")


if __name__ == "__main__":
    main()
