#!/usr/bin/python3
"""Drives the preferences' Scrobbling group of the running AddMusic window (flow.py's helpers; B-H11): Ctrl+, opens
the preferences; a wrong ListenBrainz token is refused there and said; the right one (FLOW_TOKEN, which the test's
ListenBrainz server takes, the config naming that server) connects it, shown in the group and by `addmusic scrobble
status` (FLOW_ADDMUSIC), kept in the keyring (a GNOME Keyring this driver starts unlocked on the session bus, when
it is installed: nobody is there to answer a keyring's prompt); Disconnect forgets it. The token is never shown.
Then Last.fm by its two steps (connect_lastfm), the config naming the test's Last.fm server too.

Prints one line per step; exits 1 at the first step that fails.
"""
import os
import re
import subprocess
import sys
import urllib.request

import pyatspi

from flow import find, listed, pressed, safe_role, shortcut, t, type_into, wait, walk


def status():
    return subprocess.run([os.environ["FLOW_ADDMUSIC"], "scrobble", "status"], capture_output=True,
                          text=True).stdout


def subtitle_with(app, text, row="ListenBrainz"):
    """The subtitle of the row titled `row` when it holds `text` (a row's title and subtitle are labels side by
    side), or None."""
    for node in walk(app):
        if safe_role(node) == "label" and node.name == row:
            for other in walk(node.parent):
                if other is not node and safe_role(other) == "label" and text in (other.name or ""):
                    return other
    return None


def start_keyring():
    """Starts gnome-keyring-daemon's secrets on the session bus, its login keyring made and unlocked with a test
    password; returns once it owns its name (before the window may ask), or None where it is not installed."""
    if not os.path.exists("/usr/bin/gnome-keyring-daemon"):
        if os.environ.get("CI"):
            print("FAILED: gnome-keyring is not installed (scripts/setup --test)")
            sys.exit(1)
        print("skipped: the keyring (gnome-keyring is not installed): the token goes to a file")
        return None
    # Its control socket in a runtime folder of its own, never the desktop's.
    runtime = os.path.join(os.environ["HOME"], "keyring-runtime")
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    daemon = subprocess.Popen(["/usr/bin/gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env=dict(os.environ, XDG_RUNTIME_DIR=runtime))
    daemon.stdin.write(b"test-password")
    daemon.stdin.close()
    wait("the keyring is on the session bus", lambda: "true" in subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
         "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"], capture_output=True,
        text=True).stdout, 10)
    return daemon


def connect_lastfm(app):
    """Last.fm's two steps: the API key and secret (FLOW_LASTFM_KEY, FLOW_LASTFM_SECRET) and Connect, which shows the
    page where the user allows AddMusic (fetched here, as the browser would show it and the user allow it); then the
    same button, now Finish, asks for the session."""
    type_into(app, t("prefs.scrobbling.apiKey"), os.environ["FLOW_LASTFM_KEY"], t("prefs.title"))
    type_into(app, t("prefs.scrobbling.apiSecret"), os.environ["FLOW_LASTFM_SECRET"], t("prefs.title"))
    button = find(app, "push button", t("prefs.scrobbling.connectTo").replace("%@", "Last.fm"))
    pressed(button)
    shown = wait("Connect shows the page where the user allows AddMusic",
                 lambda: subtitle_with(app, "/api/auth/?", row="Last.fm"), 15)
    page = re.search(r"https?://[^\s)]+", shown.name).group(0)
    with urllib.request.urlopen(page, timeout=10) as answer:
        if answer.status != 200:
            print("FAILED: the page answered", answer.status)
            sys.exit(1)
    print("ok: the user allows AddMusic on that page")
    finish = wait("the button now finishes", lambda: find(app, "push button", t("prefs.scrobbling.finishWith").replace(
        "%@", "Last.fm")))
    pressed(finish)
    connected = t("prefs.scrobbling.connected").split("%@")[0]
    wait("Finish connects Last.fm, said in the group", lambda: subtitle_with(app, connected, row="Last.fm"), 15)
    wait("addmusic scrobble status says so", lambda: "Last.fm: connected" in status())
    if any(os.environ["FLOW_LASTFM_SECRET"] in (node.name or "") for node in walk(app)):
        print("FAILED: the API secret is shown in the window")
        sys.exit(1)


def main():
    token = os.environ["FLOW_TOKEN"]
    keyring = start_keyring()
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait("the app is on the accessibility bus", lambda: listed(desktop) and next(
        (desktop.getChildAtIndex(i) for i in range(desktop.childCount)
         if "addmusic" in (desktop.getChildAtIndex(i).name or "").lower()), None), 40)
    wait("the window is up", lambda: find(app, "push button", t("Add Music")), 20)
    connect = t("prefs.scrobbling.connectTo").replace("%@", "ListenBrainz")
    shortcut("Ctrl+, opens the preferences, with the Scrobbling group", "ctrl+comma",
             lambda: find(app, "push button", connect))
    not_connected = t("prefs.scrobbling.none").split("·")[0].strip()
    wait("ListenBrainz is not connected", lambda: subtitle_with(app, not_connected))
    type_into(app, t("prefs.scrobbling.token"), "wrong-token", t("prefs.title"))
    pressed(find(app, "push button", connect))
    refused = t("scrobble.refused").split("%@")[1].strip()  # "did not accept:"
    wait("a wrong token is refused, and said", lambda: subtitle_with(app, refused), 15)
    type_into(app, t("prefs.scrobbling.token"), token, t("prefs.title"))
    pressed(find(app, "push button", connect))
    connected = t("prefs.scrobbling.connected").split("%@")[0]
    wait("the right token connects it, said in the group", lambda: subtitle_with(app, connected), 15)
    wait("addmusic scrobble status says so", lambda: "ListenBrainz: connected" in status())
    if keyring:
        wait("the token is kept in the keyring, said in the group", lambda: subtitle_with(app, t(
            "scrobble.keptInKeyring")))
    if any(token in (node.name or "") for node in walk(app)):
        print("FAILED: the token is shown in the window")
        sys.exit(1)
    print("ok: the token is not shown")
    pressed(find(app, "push button", t("prefs.scrobbling.disconnectFrom").replace("%@", "ListenBrainz")))
    wait("Disconnect forgets it", lambda: "ListenBrainz: not connected" in status(), 15)
    wait("the group says so", lambda: subtitle_with(app, not_connected))
    connect_lastfm(app)
    if keyring:
        keyring.kill()
    print("done")


if __name__ == "__main__":
    main()
