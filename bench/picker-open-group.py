#!/usr/bin/python3
"""Opens one group of the picker's page shown ROUNDS times through the accessibility bus, as a person would: its
row selected, Show Songs pressed, and, once its songs are listed, Back. The picker logs each opening's time
(ADDMUSIC_PICKER_TIMING=1); this script only drives it. For bench/picker.

usage: picker-open-group.py PAGE-NAME ROW-TEXT ROUNDS"""
import sys
import time

import pyatspi


def walk(node):
    yield node
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child)


def role(node):
    try:
        return node.getRoleName()
    except Exception:
        return ""


def showing(node):
    try:
        return node.getState().contains(pyatspi.STATE_SHOWING)
    except Exception:
        return False


def find(root, predicate):
    return next((node for node in walk(root) if predicate(node)), None)


def wait(what, probe, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            found = probe()
        except Exception:
            found = None
        if found:
            return found
        time.sleep(0.05)
    sys.exit("picker-open-group: %s did not happen" % what)


def app():
    desktop = pyatspi.Registry.getDesktop(0)
    return next((desktop.getChildAtIndex(index) for index in range(desktop.childCount)
                 if "addmusic" in (desktop.getChildAtIndex(index).name or "").lower()), None)


def near(node, predicate):
    """The closest node passing `predicate` around `node`: under its parent, else its parent's parent, …"""
    while node is not None:
        found = find(node, predicate)
        if found is not None:
            return found
        node = node.parent
    return None


def main():
    page, text, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    root = wait("the app on the accessibility bus", app)
    for _ in range(rounds):
        groups = wait("the page %s" % page, lambda: find(root, lambda node: node.name == page and showing(node)
                                                          and role(node) in ("list", "grid") and node.childCount))
        row = wait("the row %s" % text, lambda: next((
            index + 1 for index in range(groups.childCount) if any(
                label.name == text for label in walk(groups.getChildAtIndex(index)))), None)) - 1
        groups.querySelection().selectChild(row)
        near(groups, lambda node: role(node) == "push button" and node.name == "Show Songs").queryAction().doAction(0)
        songs = wait("the group's songs", lambda: near(groups, lambda node: node.name == "Songs of the group"
                                                       and showing(node) and node.childCount > 0))
        near(songs, lambda node: role(node) == "push button" and node.name == "Back" and showing(node)) \
            .queryAction().doAction(0)
        time.sleep(0.5)


main()
