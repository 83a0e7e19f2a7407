"""The desktop notifications of the running window (B-N4), for flow.py's opening flow (FLOW_NOTIFY_LOG names the log
of Tests/desktop/notification_server.py, which this starts on the run's session bus)."""
import json
import os
import subprocess
import sys

from flow import (WAYLAND, find, mpris_status, mpris_title, poll, pressed, t, wait, window_active, window_showing,
                  xdotool)


def start_notification_service():
    """Starts Tests/desktop/notification_server.py on the session bus, logging to FLOW_NOTIFY_LOG; returns once it
    owns the name."""
    server = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                            "notification_server.py"), os.environ["FLOW_NOTIFY_LOG"]],
                              stdout=subprocess.PIPE, text=True)
    if server.stdout.readline().strip() != "ready":
        print("FAILED: the test's notification service did not start")
        sys.exit(1)
    return server


def notified():
    """The Notify calls the test's notification service has answered, oldest first."""
    with open(os.environ["FLOW_NOTIFY_LOG"], encoding="utf-8") as log:
        return [json.loads(line) for line in log if line.strip()]


def mpris(*arguments):
    """Calls the app's MPRIS object (method or property arguments as gdbus takes them)."""
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.addmusic", "--object-path",
                    "/org/mpris/MediaPlayer2", *arguments], check=True, capture_output=True)


def notifications_flow(app, first_title, second_title):
    """B-N4 (FLOW_NOTIFY_LOG, in the opening flow, the first song playing and the window up): a new song while the
    window is in front is told to nobody; with the window closed (hidden, the music on), each new song is one Notify
    call with its title, artist and album (escaped, as this service reads markup), its cover as a file, and Next and
    Pause buttons, each call replacing the last one's id (a button pressed closes its notification, and the next is
    new: one is open at a time); the buttons skip and pause. On X11 the window must be in front when focused. The
    window is left hidden, the first song playing."""
    now_playing = lambda: find(app, "label", prefix=t("Now Playing:") + " ")  # noqa: E731
    playing = lambda title: (lambda node: node and title in node.name)(now_playing())  # noqa: E731
    mpris("--method", "org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "LoopStatus",
          "<'Playlist'>")
    if not WAYLAND:
        xdotool("search", "--onlyvisible", "--name", "^AddMusic$", "windowfocus", "--sync")
        in_front = wait("the window is in front (focused)", lambda: window_active("^AddMusic$"))
    else:
        in_front = poll(lambda: window_active("^AddMusic$"), 5)
    before = len(notified())
    expected = first_title
    if in_front:
        mpris("--method", "org.mpris.MediaPlayer2.Player.Next")
        wait("with the window in front, Next plays the second song", lambda: playing(second_title))
    else:
        print("skipped: a new song with the window in front (the compositor activates no window without a seat)")
        expected = second_title
    pressed(wait("the window's close button", lambda: find(app, "push button", "Close")))
    wait("closing the window while music plays hides it", lambda: not window_showing(app))
    other = second_title if expected == first_title else first_title
    mpris("--method", "org.mpris.MediaPlayer2.Player.Next")
    told = wait("a new song with the window hidden is told", lambda: notified()[before:], 15)[0]
    if told["summary"] != expected:
        print("FAILED: the first notification is not the song after the window was hidden:", told, expected)
        sys.exit(1)
    # The service reads markup (body-markup): the tag's "&" and "<b>" come as text, escaped.
    if told["body"] != "Flow &amp; &lt;b&gt;Artist&lt;/b&gt; — Flow Album" or told["actions"] != ["app.next", t("Next"), "app.pause",
                                                                         t("Pause")]:
        print("FAILED: the notification's body or buttons:", told)
        sys.exit(1)
    cover = told["hints"].get("image-path", "")
    with open(cover, "rb") as picture:
        if picture.read(3) != b"\xff\xd8\xff":
            print("FAILED: the notification's cover is not a JPEG file:", cover)
            sys.exit(1)
    print("ok: the notification carries the title, artist and album, its cover and Next and Pause")
    mpris("--method", "org.mpris.MediaPlayer2.Player.Next")
    again = wait("the next song is told in its place", lambda: notified()[before + 1:], 15)[0]
    if again["summary"] != other or again["replaces_id"] != told["id"] or again["open"] != 1:
        print("FAILED: the next notification does not replace the last:", notified()[before:])
        sys.exit(1)

    def invoke(notification, action):
        subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                        "/org/freedesktop/Notifications", "--method", "org.addmusic.TestNotifications.Invoke",
                        str(notification["id"]), action], check=True, capture_output=True)

    invoke(again, "app.next")
    third = wait("its Next button plays the next song", lambda: notified()[before + 2:], 15)[0]
    if third["summary"] != expected or third["open"] != 1 or len(notified()) != before + 3:
        print("FAILED: after Next, one notification of the song:", notified()[before:])
        sys.exit(1)
    invoke(third, "app.pause")
    wait("its Pause button pauses", lambda: "Paused" in mpris_status())
    if expected != first_title:
        mpris("--method", "org.mpris.MediaPlayer2.Player.Next")
    mpris("--method", "org.mpris.MediaPlayer2.Player.Play")
    mpris("--method", "org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "LoopStatus",
          "<'None'>")
    wait("the first song plays again", lambda: "Playing" in mpris_status() and first_title in mpris_title())
