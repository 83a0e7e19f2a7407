#!/usr/bin/python3
"""Drives the running AddMusic window through the accessibility tree (Debian's python3-pyatspi) along the first
flows of docs/BEHAVIOUR.md, printing one line per step; exits 1 at the first step that fails. Names are read from the app's own
string tables in the language FLOW_LANGUAGE names (B-T1).

launch shows the instructions (B-L1) → Add Music opens the picker with its prompt (B-A1) → two songs chosen, Done:
the now-playing line and Show Music, play/pause toggles (B-A3, B-A5, B-N1, B-P1) → Show Music opens the queue with the playing song marked,
Add More → one more song → Done, Done: the same song goes on (B-A4, B-A6).

Optional parts, by environment: FLOW_ESCAPED (a tag's text with an escape sequence, as the window must show it:
the first song's title), FLOW_KEYS (space pauses and plays; Ctrl+, opens the preferences, whose animation switch
is saved to FLOW_CONFIG; Ctrl+Q quits), FLOW_MPC (the system player: the daemon plays, and `mpc next` changes the
window; with FLOW_HANDOFF too, the menu moves the music to the application player and back to the daemon, B-P7),
FLOW_UNLOAD_MODULE (the app sound's device unloaded while it plays: the alert and Resume; then again on other
headphones, and Stop, B-R2–R3), FLOW_QUEUE_EDIT (the queue view's edits while the first song plays on: Play Next,
Alt+↑/↓ or Move Up/Down, a row dragged (X11), Remove, Play Now, Save as Playlist; at the end Clear, B-A7),
FLOW_LYRICS (every song has a timed .lrc: the lyrics panel opened by its toggle, or Ctrl+L where keys reach the
window, highlights the line sung, read through the accessibility tree as the label described as the current line,
and that line moves on as the song plays; closed again),
FLOW_RATINGS (B-H8: a picker row rated with Ctrl+4 where keys reach the window, then the playing song rated from
its stars, and with Ctrl+5; each seen in `addmusic library songs --json` (FLOW_ADDMUSIC, with --player system beside FLOW_MPC) and in
the MPRIS metadata),
FLOW_TAG_EDIT (B-H10: the picker's first two songs' details, their album edited at once and undone, each
time read back from the files by mutagen; FLOW_MUSIC is the daemon's music folder beside FLOW_MPC),
FLOW_SCREENSHOTS (a folder for screenshots of the main window, the picker and the alert), FLOW_OPEN (instead of the
flows above, opening files from outside and closing the window while music plays, B-O1–O6: see opening_flow).

FLOW_DISPLAY names the display server: x11 (Xvfb: keys through xdotool, screenshots through ImageMagick's import) or
wayland (weston). On Wayland the keys go to the compositor's own seat: weston runs on its X11 backend inside a
private Xvfb (ADDMUSIC_WESTON_INPUT_DISPLAY), keys sent there by xdotool reach the Wayland window that has its focus;
without that display (the headless backend, which has no seat, and neither a test protocol nor a virtual keyboard in
Debian's weston 10; the accessibility API's generateKeyboardEvent goes through X11's XTest) the key steps are
skipped and every step is a press through the accessibility tree. Screenshots are X11's only.
"""
import glob
import json
import os
import re
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib


def strings(language):
    """The app's Localizable.strings table for `language`, as a dict."""
    path = os.path.join(os.environ["FLOW_STRINGS"], language + ".lproj", "Localizable.strings")
    table = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            match = re.match(r'^"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)";', line)
            if match:
                table[match.group(1)] = match.group(2).replace('\\"', '"').replace("\\n", "\n")
    return table


TEXT = {**strings("en"), **strings(os.environ.get("FLOW_LANGUAGE", "en"))}
WAYLAND = os.environ.get("FLOW_DISPLAY") == "wayland"
# Where keys are sent: the X display itself, or on Wayland the X display the compositor takes its seat's input from.
KEY_DISPLAY = os.environ.get("ADDMUSIC_WESTON_INPUT_DISPLAY") if WAYLAND else os.environ.get("DISPLAY")


def t(key):
    return TEXT[key]


def screenshot(name):
    folder = os.environ.get("FLOW_SCREENSHOTS")
    if folder and not WAYLAND:
        time.sleep(0.6)  # let the frame settle
        # The screen is black where no window is (there is no desktop): trimmed to the windows.
        subprocess.run(["import", "-window", "root", "-trim", "+repage", os.path.join(folder, name + ".png")],
                       check=True)


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True, env=dict(os.environ, DISPLAY=KEY_DISPLAY))


FOCUSED = []


def keys(*combination, window="^AddMusic$", refocus=False):
    """Presses keys in the main window (focused first: without a window manager nothing else focuses it). On
    Wayland the compositor's window is focused on its X display (once, or again with `refocus`), and the
    compositor hands the keys to the window it focused (the newest). weston's X11 backend learns of a modifier from
    the X server's state event, which may come after the next key: there the modifiers are held down a moment
    before the key."""
    if WAYLAND:
        # Once: a key that follows the compositor's window taking the X focus may be lost.
        if not FOCUSED or refocus:
            xdotool("search", "--onlyvisible", "--class", "^Weston Compositor$", "windowfocus", "--sync")
            FOCUSED.append(True)
            time.sleep(1)
    else:
        xdotool("search", "--onlyvisible", "--name", window, "windowfocus", "--sync")
    time.sleep(0.3)
    for keystroke in combination:
        *modifiers, key = keystroke.split("+")
        if WAYLAND and modifiers:
            xdotool("keydown", *modifiers)
            time.sleep(0.3)
            xdotool("key", key)
            time.sleep(0.3)
            xdotool("keyup", *reversed(modifiers))
        else:
            xdotool("key", keystroke)


def shortcut(step, combination, probe, tries=3, window="^AddMusic$"):
    """Presses a shortcut until `probe` finds what it does (3 s each time), `tries` times at most. A shortcut held
    with a modifier reaches a window through weston's X11 backend only once the compositor has taken the modifier's
    state, which on a busy machine may come late; pressing again does no harm where each shortcut is used."""
    for attempt in range(tries):
        # On Wayland a press that did nothing is followed by the compositor's window taking the X focus again, and,
        # when weston gave the window no keyboard (seen on a loaded machine: no window active), by its window
        # switcher (Super+Tab), as a user would bring the window up.
        if WAYLAND and attempt > 0:
            activate_on_wayland(window)
        keys(combination, window=window, refocus=attempt > 0)
        found = poll(probe, 3)
        if found:
            print("ok:", step)
            return found
    print("FAILED:", step)
    print_focus()
    sys.exit(1)


def app_windows():
    """The frames of the addmusic apps on the accessibility bus."""
    desktop = pyatspi.Registry.getDesktop(0)
    for app in (desktop.getChildAtIndex(index) for index in range(desktop.childCount)):
        if app is not None and "addmusic" in (app.name or "").lower():
            for index in range(app.childCount):
                frame = app.getChildAtIndex(index)
                if frame is not None:
                    yield frame


def window_active(window):
    """Whether the window whose title matches the pattern `window` is the active one."""
    try:
        return any(re.search(window, frame.name or "") and frame.getState().contains(pyatspi.STATE_ACTIVE)
                   for frame in app_windows())
    except Exception:
        return False


def activate_on_wayland(window):
    """Cycles weston's window switcher (Super+Tab, the window chosen when Super is let go) until the window whose
    title matches `window` is active; at most four times."""
    for _ in range(4):
        if window_active(window):
            return
        print("   note: %s is not active; weston's switcher (Super+Tab) brings it up" % window)
        xdotool("keydown", "super")
        time.sleep(0.3)
        xdotool("key", "Tab")
        time.sleep(0.3)
        xdotool("keyup", "super")
        poll(lambda: window_active(window), 2)


def print_focus():
    """Which of the app's windows are active and which widget has the focus, for a shortcut that did nothing."""
    try:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in (desktop.getChildAtIndex(index) for index in range(desktop.childCount)):
            if "addmusic" not in (app.name or "").lower():
                continue
            for index in range(app.childCount):
                frame = app.getChildAtIndex(index)
                states = frame.getState()
                print("   window %r: active=%s" % (frame.name, states.contains(pyatspi.STATE_ACTIVE)))
            focused = [node for node in walk(app) if node.getState().contains(pyatspi.STATE_FOCUSED)]
            print("   focused:", [(safe_role(node), node.name) for node in focused])
    except Exception as error:
        print("   (the focus could not be read: %s)" % error)


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


def poll(probe, seconds):
    """What `probe` finds within `seconds` (asked every 0.2 s), or None. A node that went away while the probe looked
    at it (a hidden picker page lets its rows go) counts as not found yet."""
    end = time.time() + seconds
    while time.time() < end:
        try:
            found = probe()
        except GLib.GError:
            found = None
        if found:
            return found
        time.sleep(0.2)
    return None


def wait(step, probe, seconds=8):
    found = poll(probe, seconds)
    if found:
        print("ok:", step)
        return found
    print("FAILED:", step)
    sys.exit(1)


def sink_input(role):
    """The index of the audio server's stream with `role` (media.role), if there is one."""
    listing = subprocess.run(["pactl", "list", "sink-inputs"], capture_output=True, text=True).stdout
    for block in listing.split("Sink Input #")[1:]:
        if 'media.role = "%s"' % role in block:
            return block.split("\n", 1)[0].strip()
    return None


def stream_volume(role):
    """The volume in percent of the audio server's stream with `role`, or None."""
    listing = subprocess.run(["pactl", "list", "sink-inputs"], capture_output=True, text=True).stdout
    for block in listing.split("Sink Input #")[1:]:
        if 'media.role = "%s"' % role in block:
            match = re.search(r"Volume: .*? (\d+)%", block)
            return int(match.group(1)) if match else None
    return None


def seconds_shown(app):
    """The time played the status caption shows ("1:02 / 3:10 · …"), in seconds, or None."""
    for node in walk(app):
        match = re.match(r"^(\d+):(\d\d) / ", node.name or "") if safe_role(node) == "label" else None
        if match:
            return int(match.group(1)) * 60 + int(match.group(2))
    return None


def listed(desktop):
    """Whether an app named addmusic is on the accessibility bus."""
    for index in range(desktop.childCount):
        try:
            if "addmusic" in (desktop.getChildAtIndex(index).name or "").lower():
                return True
        except Exception:
            continue  # one that is going away
    return False


def sensitive(app, name):
    """Whether the push button `name` takes input."""
    button = find(app, "push button", name)
    return button is not None and button.getState().contains(pyatspi.STATE_SENSITIVE)


def sound_loses_its_device(app, module, screenshot_name=None):
    """Plays the app sound, unloads `module` (its sink) while it plays, and expects the alert, with Play App Sound
    insensitive for longer than the sound lasts (0.9 s): paused, not ended."""
    sound = find(app, "push button", t("Play App Sound"))
    pressed(sound)
    # The click is taken asynchronously: the sound plays once the button is insensitive.
    end = time.time() + 2
    while sound.getState().contains(pyatspi.STATE_SENSITIVE) and time.time() < end:
        time.sleep(0.02)
    subprocess.run(["pactl", "unload-module", module], check=True)
    wait("the alert is up", lambda: find(app, "push button", prefix=t("Resume")) and
         find(app, "push button", prefix=t("Stop")))
    if screenshot_name:
        screenshot(screenshot_name)
    time.sleep(1.5)
    if sensitive(app, t("Play App Sound")):
        print("FAILED: Play App Sound is sensitive while its sound is paused under the alert")
        sys.exit(1)


def pressed(node):
    node.queryAction().doAction(0)


def toggle_menu(app):
    """Opens (or closes) the main menu: the menu button is named, the toggle button inside it takes the press."""
    menu = next((node for node in walk(app) if node.name == t("menu.label")), None)
    for part in walk(menu) if menu is not None else []:
        try:
            part.queryAction().doAction(0)
            return
        except Exception:
            continue


def menu_item(app, name):
    """The main menu's command `name` while the menu is open and shows it (its button, or the button around its label),
    or None."""
    return find(app, "push button", name) or next((
        node.parent for node in walk(app) if safe_role(node) == "label" and node.name == name and shown(node)), None)


def menu_command(app, name):
    """Opens the main menu and presses its command `name`. The menu is opened again while the command is not shown (a
    press on the menu button while its popover still closes from before closes it rather than opening it); where the
    popover does not open at all (a headless compositor) the command, there but not shown, is pressed all the same."""
    item = None
    for _ in range(3):
        toggle_menu(app)
        item = poll(lambda: menu_item(app, name), 4)
        if item is not None:
            break
    if item is None:
        item = next((node for node in walk(app) if safe_role(node) == "push button" and node.name == name), None)
    if item is None:
        print("FAILED: the menu has no command", repr(name))
        sys.exit(1)
    pressed(item)


def sleep_timer(app):
    """B-P11, FLOW_SLEEP: the Sleep Timer button (the menu has it too) offers its times; one chosen, the now-playing view shows the time left,
    counting down, and its Cancel button ends the timer."""
    pressed(wait("the sleep timer's button is there, named", lambda: find(app, "push button", t("sleep.title"))))
    label = t("sleep.minutes").replace("%d", "30")
    choice = poll(lambda: find(app, "push button", label), 8)
    if choice is None:
        print("FAILED: the sleep timer offers its times (%r; buttons shown: %r; windows: %r; all buttons: %r)" % (
            label, [node.name for node in walk(app) if safe_role(node) == "push button" and shown(node)],
            [(safe_role(app.getChildAtIndex(i)), app.getChildAtIndex(i).name) for i in range(app.childCount)],
            [node.name for node in walk(app) if safe_role(node) == "push button"]))
        sys.exit(1)
    print("ok: the sleep timer offers its times")
    pressed(choice)
    before, after = t("sleep.in").split("%@")
    left = lambda: next((node.name for node in walk(app) if safe_role(node) == "label" and shown(node)
                         and (node.name or "").startswith(before) and (node.name or "").endswith(after)), None)
    first = wait("the time left shows", left)
    if not (first[len(before):].startswith("30:00") or first[len(before):].startswith("29:5")):
        print("FAILED: the time left is not about 30 minutes:", repr(first))
        sys.exit(1)
    wait("the time left counts down", lambda: left() not in (None, first))
    pressed(wait("the timer can be cancelled", lambda: find(app, "push button", t("sleep.cancel"))))
    wait("the timer is gone once cancelled", lambda: left() is None)


def hand_off(app, to_daemon):
    """B-P7: the menu's command moves the music to the other player: the toast says so, the status caption names the
    new player, the first one stops (the daemon no longer plays, or our stream is gone) while the new one plays, and
    the menu offers the way back."""
    command = t("handoff.toSystem" if to_daemon else "handoff.toApplication")
    kind = "system" if to_daemon else "app"
    menu_command(app, command)
    wait("the menu's '%s' says the music moved" % command,
         lambda: find(app, "label", t("message.handedOff." + kind)), 15)
    player = t("status.player." + kind)
    wait("the status caption names " + player, lambda: any(
        safe_role(node) == "label" and (node.name or "").endswith(player) for node in walk(app)))
    daemon_plays = lambda: "[playing]" in subprocess.run(  # noqa: E731
        ["mpc", "status"], capture_output=True, text=True).stdout
    if to_daemon:
        wait("the daemon plays on, our stream gone", lambda: daemon_plays() and sink_input("music") is None)
    else:
        wait("our stream plays on, the daemon stopped", lambda: not daemon_plays() and sink_input("music"))
    wait("the music goes on: play/pause shows pause", lambda: find(app, "push button", t("Pause")))
    back = t("handoff.toApplication" if to_daemon else "handoff.toSystem")
    # Its button, or the label inside it, while the menu is open (a closed popover's buttons are not listed).
    toggle_menu(app)
    wait("the menu offers '%s'" % back, lambda: any(
        safe_role(node) in ("push button", "label") and node.name == back for node in walk(app)))
    toggle_menu(app)
    # Closed before the next step opens it again (where it opened: a headless compositor shows no popover).
    poll(lambda: menu_item(app, back) is None, 4)


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return box.x, box.y, box.x + box.width, box.y + box.height


def drawn_whole(node):
    """Whether `node` lies wholly inside each of its ancestors (one that clips its children would cut it)."""
    left, top, right, bottom = extents(node)
    parent = node.parent
    while parent is not None and safe_role(parent) not in ("frame", "application", None):
        outer = extents(parent)
        if outer[2] > outer[0] and not (outer[0] <= left and outer[1] <= top and right <= outer[2] and
                                        bottom <= outer[3]):
            print("  %r at %s is cut by its %s at %s" % (node.name, (left, top, right, bottom), safe_role(parent),
                                                        outer))
            return False
        parent = parent.parent
    return True


def switcher_button(app, title):
    """The picker's switcher button titled `title` (libadwaita draws it as a toggle button)."""
    return next((node for node in walk(app) if safe_role(node) in ("toggle button", "radio button", "page tab")
                 and (node.name or "").startswith(title) and shown(node)), None)


def rows_of(node):
    """The texts of the rows (or cells) of a list or grid, as far as they are drawn."""
    return [label.name for index in range(node.childCount) for label in walk(node.getChildAtIndex(index))
            if safe_role(label) == "label" and label.name]


def near(node, role, name):
    """The closest `role` named `name` around `node`: under its parent, else its parent's parent, and so on (a
    hidden page of the picker keeps its last extents, so a search of the whole window could find another page's)."""
    parent = node.parent
    while parent is not None:
        found = next((child for child in walk(parent) if safe_role(child) == role and child.name == name), None)
        if found:
            return found
        parent = parent.parent
    return None


def pick_inside_an_album(app):
    """Opens the first album on the picker's Albums page and picks its last song there; returns its text."""
    pressed(switcher_button(app, t("picker.albums")))
    grid = wait("the Albums page is shown", lambda: next((node for node in walk(app) if node.name == t("picker.albums")
                                                          and shown(node) and node.childCount > 0 and safe_role(node)
                                                          in ("list", "grid", "table", "tree table")), None))
    grid.querySelection().selectChild(0)
    pressed(near(grid, "push button", t("picker.open")))
    songs = wait("the album opens to its songs", lambda: (lambda node: node if node and node.childCount > 0 else None)(
        near(grid, "list", t("picker.groupSongs"))))
    songs.querySelection().selectChild(songs.childCount - 1)
    grid.querySelection().clearSelection()
    picked = rows_of(songs.getChildAtIndex(songs.childCount - 1))[0]
    # A page not shown lets its row widgets go; shown again, its rows come back with what was picked in them.
    pressed(switcher_button(app, t("picker.songs")))
    wait("the Songs page is shown again", lambda: next((node for node in walk(app) if node.name == t("picker.songs")
                                                        and shown(node) and safe_role(node) == "list"), None))
    pressed(switcher_button(app, t("picker.albums")))
    wait("shown again, the album lists its songs with the one picked", lambda: next((
        node for node in walk(app) if node.name == t("picker.groupSongs") and shown(node) and node.childCount > 0
        and node.querySelection().isChildSelected(node.childCount - 1)), None))
    return picked


def picker_pages(app):
    """The picker's eight pages (B-A1): each is reached from the switcher and lists its groups; an album and a genre
    open to their songs and Back returns; with FLOW_PICKER_GROUPS, the named playlist, compilation and composer are
    there. Ends on the Songs page with nothing selected."""
    for key in ("picker.playlists", "picker.artists", "picker.albums", "picker.genres", "picker.compilations",
                "picker.composers", "picker.songs", "picker.folders"):
        wait("the picker's switcher offers " + t(key), lambda: switcher_button(app, t(key)))
    expected = dict(part.split("=", 1) for part in os.environ.get("FLOW_PICKER_GROUPS", "").split(";") if part)
    for key, kind in (("picker.albums", None), ("picker.genres", None), ("picker.artists", None),
                      ("picker.playlists", "playlist"), ("picker.compilations", "compilation"),
                      ("picker.composers", "composer")):
        pressed(switcher_button(app, t(key)))
        wanted = expected.get(kind)
        if kind and not wanted:
            wait("the picker shows " + t(key), lambda: find(app, "list", t(key)) or find(app, "grid", t(key))
                 or find(app, "table", t(key)))
            continue
        groups = wait("the picker's %s page lists its groups%s" % (t(key), " with " + wanted if wanted else ""),
                      lambda: next((node for node in walk(app) if node.name == t(key) and shown(node)
                                    and safe_role(node) in ("list", "grid", "table", "tree table")
                                    and node.childCount > 0 and (not wanted or any(
                                        wanted in text for text in rows_of(node)))), None))
        if key == "picker.albums":
            screenshot("album-grid")
        if key in ("picker.albums", "picker.genres"):
            row = 0 if not wanted else next(i for i in range(groups.childCount) if any(
                wanted in text for text in rows_of(groups.getChildAtIndex(i))))
            selection = groups.querySelection()
            selection.selectChild(row)
            pressed(near(groups, "push button", t("picker.open")))
            songs = wait("a group of %s opens to its songs" % t(key),
                         lambda: (lambda node: node if node and node.childCount > 0 else None)(
                             near(groups, "list", t("picker.groupSongs"))))
            print("   ", len(rows_of(songs)), "songs:", rows_of(songs)[:2])
            pressed(near(songs, "push button", t("picker.back")))
            wait("Back returns to the groups", lambda: find(app, safe_role(groups), t(key)))
            selection.clearSelection()
    if KEY_DISPLAY:
        title = "^%s$" % re.escape(t("Add songs to play"))
        # The switcher's button of the page shown is pressed (GTK 4.8 tells a toggle button's state as "pressed").
        checked = lambda key: (lambda node: node is not None and any(  # noqa: E731
            node.getState().contains(state) for state in (pyatspi.STATE_PRESSED, pyatspi.STATE_CHECKED,
                                                           pyatspi.STATE_SELECTED)))(switcher_button(app, t(key)))
        if checked("picker.albums"):
            print("FAILED: the Albums page's button reads as pressed before Alt+4:", switcher_button(
                app, t("picker.albums")).getState().getStates())
            sys.exit(1)
        shortcut("Alt+4 shows the Albums page", "alt+4", lambda: checked("picker.albums"), window=title)
        shortcut("Alt+1 shows the Playlists page", "alt+1", lambda: checked("picker.playlists"), window=title)
        if expected.get("playlist"):
            # A group opened, Alt+← goes back to the groups (as Back does), its songs list emptied of their text (the
            # rows' widgets stay for the next group).
            name = expected["playlist"]
            groups = wait("the Playlists page lists " + name, lambda: (lambda node: node if node and any(
                name in text for text in rows_of(node)) else None)(find(app, "list", t("picker.playlists"))))
            row = next(index for index in range(groups.childCount) if any(
                name in text for text in rows_of(groups.getChildAtIndex(index))))
            groups.querySelection().selectChild(row)
            pressed(near(groups, "push button", t("picker.open")))
            opened = wait("the playlist opens to its songs", lambda: (lambda node: node if node and node.childCount
                                                                       else None)(near(groups, "list",
                                                                                       t("picker.groupSongs"))))
            first_rows = rows_of(opened)
            shortcut("Alt+← returns to the groups", "alt+Left", lambda: not rows_of(opened), window=title)
            # Opened again, the rows kept from the first time show its songs again, every one of them.
            groups.querySelection().selectChild(row)
            pressed(near(groups, "push button", t("picker.open")))
            same_songs = lambda node: node if node and rows_of(node) == first_rows else None  # noqa: E731
            wait("the playlist opens to its songs again",
                 lambda: same_songs(near(groups, "list", t("picker.groupSongs"))))
            shortcut("Alt+← returns to the groups again", "alt+Left", lambda: not rows_of(opened), window=title)
            groups.querySelection().clearSelection()
    pressed(switcher_button(app, t("picker.songs")))
    # Its rows are made again when it shows.
    songs = wait("the Songs page is back", lambda: (lambda node: node if node and node.childCount > 0 else None)(
        find(app, "list", t("picker.songs"))))
    picker_search(app, songs)
    return songs


def open_folder_row(app, folders, prefix):
    """Selects the row of the Folders page that starts with `prefix` and presses Open; returns the list once the
    heading names the folder opened."""
    # Row numbers from 1 while waiting (row 0 would read as not found yet).
    row = wait("the Folders page lists " + prefix, lambda: next((
        index + 1 for index in range(folders.childCount) if any(
            text.startswith(prefix) for text in rows_of(folders.getChildAtIndex(index)))), None)) - 1
    folders.querySelection().selectChild(row)
    pressed(near(folders, "push button", t("picker.open")))
    return row


def folders_flow(app):
    """B-A8, FLOW_FOLDERS=NAME: the Folders page lists the music folder with its songs counted; opened, it lists its
    folders (NAME among them, its two songs counted); NAME opened lists its songs; Back returns; NAME picked, Done
    queues its two songs."""
    pressed(find(app, "push button", t("Add Music")))
    pressed(wait("the picker offers the Folders page", lambda: switcher_button(app, t("picker.folders"))))
    folders = wait("the Folders page lists the music folder, counted", lambda: next((
        node for node in walk(app) if safe_role(node) == "list" and node.name == t("picker.folders") and shown(node)
        and node.childCount > 0 and any(t("count.songs.other").split("%d")[-1].strip() in text
                                        for text in rows_of(node))), None))
    open_folder_row(app, folders, "/")
    name = os.environ["FLOW_FOLDERS"]
    two = t("count.songs.other").replace("%d", "2")
    wait("opened, it lists %s/ with its two songs counted" % name, lambda: any(
        text == "%s/ · %s" % (name, two) for text in rows_of(folders)))
    open_folder_row(app, folders, name + "/")
    wait("%s opened lists its songs" % name, lambda: len(rows_of(folders)) >= 2 and all(
        "Harbour" in text for text in rows_of(folders)[:2]))
    pressed(near(folders, "push button", t("picker.back")))
    row = wait("Back returns to the folder above", lambda: next((
        index + 1 for index in range(folders.childCount) if any(
            text.startswith(name + "/") for text in rows_of(folders.getChildAtIndex(index)))), None)) - 1
    folders.querySelection().selectChild(row)
    pressed(find(app, "push button", t("Done")))
    wait("the folder picked plays its first song", lambda: find(app, "label", prefix=t("Now Playing:") + " Harbour"))
    pressed(find(app, "push button", t("Show Music")))
    wait("the queue holds the folder's two songs", lambda: sorted(
        title.lstrip("▶*").strip() for title in queue_titles(app)) == ["Harbour Lena Berg", "Harbour Tom Ek"])


def picker_search(app, songs):
    """The search field filters the Songs page (B-A1): the last song's title lists it among fewer rows, each row
    showing a song of the search (the rows drawn before show the new songs), and an empty field lists every song
    again, in order. With FLOW_PICKER_MANY (an artist of more songs than the list keeps row widgets for), a search
    for that artist fills every row the list keeps with its songs, in order. The field is set through the
    accessibility API, else typed."""
    looked = []

    def settled():
        # The list makes its row widgets a few at a time: its rows are taken once two looks 0.2 s apart agree.
        looked.append(rows_of(songs))
        return looked[-1] if len(looked) > 1 and looked[-1] and looked[-1] == looked[-2] else None

    every = wait("the Songs page has drawn its rows", settled)
    last = every[-1]
    query = last.split(" — ")[0]
    field = wait("the picker's search field is there", lambda: find(app, "entry", t("picker.search")))

    def search(text):
        try:
            field.queryEditableText().setTextContents(text)
        except NotImplementedError:
            field.queryComponent().grabFocus()
            picker = "^%s$" % re.escape(t("Add songs to play"))
            keys("ctrl+a", window=picker)
            if text:
                xdotool("type", text)
            else:
                keys("BackSpace", window=picker)

    def matches(node):
        rows = rows_of(node)
        return rows if rows and last in rows and len(rows) < len(every) and set(rows) <= set(every) else None

    search(query)
    found = wait("a search lists the songs it finds", lambda: matches(find(app, "list", t("picker.songs"))))
    print("    searching", repr(query), "lists", found)
    stale = [row for row in found if query.lower() not in row.lower() and row in every[:len(found)]]
    if stale:
        print("FAILED: after a search the list still shows rows of before:", stale, "searching", repr(query))
        sys.exit(1)
    search("")
    wait("an empty search lists every song again, in order",
         lambda: rows_of(find(app, "list", t("picker.songs"))) == every)
    many = os.environ.get("FLOW_PICKER_MANY")
    if not many:
        return
    # Of the songs of `many`, the list showed those that came after the others; searched, it shows them from the
    # first row, in the same order, each of the rows it keeps (up to 200) filled anew.
    before = [row for row in every if many in row]

    def all_of_many(node):
        rows = rows_of(node)
        return rows if len(rows) > len(before) and rows[:len(before)] == before and all(
            many in row for row in rows) else None

    search(many)
    found = wait("a search of more songs than the list keeps rows for shows them in every row, in order",
                 lambda: all_of_many(find(app, "list", t("picker.songs"))), seconds=20)
    print("    searching", repr(many), "lists", len(found), "rows, from", found[0], "to", found[-1])
    search("")
    wait("emptied again, the list shows every song as before",
         lambda: rows_of(find(app, "list", t("picker.songs"))) == every, seconds=20)


def queue_titles(app):
    """The titles of the queue view's rows in order, the playing one starred ("*Title")."""
    view = find(app, "list", t("queue.title"))
    titles = []
    for index in range(view.childCount if view else 0):
        labels = [node.name or "" for node in walk(view.getChildAtIndex(index)) if safe_role(node) == "label"]
        text = next((label for label in labels if " — " in label), "")
        title = text.strip().split(" — ")[0]
        titles.append(("*" + title[1:].strip()) if title.startswith("▶") else title)
    return titles


def select_row(app, row):
    selection = find(app, "list", t("queue.title")).querySelection()
    selection.clearSelection()
    selection.selectChild(row)


def drag_row(step, app, row, onto, lower_half, probe):
    """Drags the queue view's row `row` with the pointer onto row `onto`, a quarter of its height into its lower or
    upper half, in steps as a hand would, until `probe` finds the order it makes (3 s each time, three times at
    most: a drag begun before GTK took the pointer's first move is lost, and is made again from where it was)."""
    title = "^%s$" % re.escape(t("queue.title"))
    window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title], check=True, capture_output=True,
                            text=True, env=dict(os.environ, DISPLAY=KEY_DISPLAY)).stdout.split()[0]
    for _ in range(3):
        view = find(app, "list", t("queue.title"))
        left, top, right, bottom = extents(view.getChildAtIndex(row))
        x, y = (left + right) // 2, (top + bottom) // 2
        left, top, right, bottom = extents(view.getChildAtIndex(onto))
        to_x, to_y = (left + right) // 2, top + (bottom - top) * (3 if lower_half else 1) // 4
        xdotool("mousemove", "--window", window, str(x), str(y))
        time.sleep(0.2)
        xdotool("mousedown", "1")
        for part in range(1, 13):
            xdotool("mousemove", "--window", window, str(x + (to_x - x) * part // 12), str(y + (to_y - y) * part // 12))
            time.sleep(0.05)
        time.sleep(0.2)
        xdotool("mouseup", "1")
        if poll(probe, 3):
            print("ok:", step)
            return
    print("FAILED:", step, queue_titles(app))
    sys.exit(1)


def edit_the_queue(app):
    """B-A7: the queue view's edits, with the first song playing on throughout (the main window's now-playing line
    unchanged until Play Now): Play Next, Move Down and Up (Alt+↓/↑ where there are keys), the song playing dragged
    down a row and back (on X11), Remove, Play Now (there and back), and Save as Playlist."""
    start = wait("the queue view lists three songs", lambda: (lambda rows: len(rows) == 3 and rows)(queue_titles(app)))
    first, second, third = start
    if not first.startswith("*"):
        print("FAILED: the first row is not the song playing:", start)
        sys.exit(1)
    line = find(app, "label", prefix=t("Now Playing:") + " ").name
    select_row(app, 2)
    pressed(find(app, "push button", t("queue.playNext")))
    wait("Play Next moves the third song after the one playing", lambda: queue_titles(app) == [first, third, second])
    screenshot("queue-view")
    if KEY_DISPLAY:
        title = "^%s$" % re.escape(t("queue.title"))
        shortcut("Alt+↓ moves the selected song down", "alt+Down",
                 lambda: queue_titles(app) == [first, second, third], window=title)
        shortcut("Alt+↑ moves it up again", "alt+Up", lambda: queue_titles(app) == [first, third, second],
                 window=title)
    else:
        pressed(find(app, "push button", t("queue.moveDown")))
        wait("Move Down moves the selected song down", lambda: queue_titles(app) == [first, second, third])
        pressed(find(app, "push button", t("queue.moveUp")))
        wait("Move Up moves it up again", lambda: queue_titles(app) == [first, third, second])
    if KEY_DISPLAY and not WAYLAND:
        drag_row("the song playing dragged onto the lower half of the next row goes after it", app, 0, 1, True,
                 lambda: queue_titles(app) == [third, first, second])
        wait("the song playing plays on after the drag", lambda: find(app, "label", line))
        drag_row("dragged onto the upper half of the first row it goes back before it", app, 1, 0, False,
                 lambda: queue_titles(app) == [first, third, second])
    else:
        print("skipped: dragging a row (the pointer is driven only on X11)")
    select_row(app, 2)
    pressed(find(app, "push button", t("queue.remove")))
    wait("Remove takes the song out", lambda: queue_titles(app) == [first, third])
    wait("the song playing plays on through the edits", lambda: find(app, "label", line))
    select_row(app, 1)
    pressed(find(app, "push button", t("queue.playNow")))
    wait("Play Now plays the song selected", lambda: queue_titles(app) == [first[1:], "*" + third])
    select_row(app, 0)
    pressed(find(app, "push button", t("queue.playNow")))
    wait("Play Now plays the first song again", lambda: queue_titles(app) == [first, third] and
         find(app, "label", line))
    name = "Road Trip"
    entry = wait("the playlist name field is there", lambda: find(app, "text", t("queue.playlistName")) or
                 find(app, "entry", t("queue.playlistName")))
    try:
        entry.queryEditableText().setTextContents(name)
    except NotImplementedError:
        # No editable text through the accessibility API: typed, with the field focused.
        entry.queryComponent().grabFocus()
        keys("ctrl+a", window="^%s$" % re.escape(t("queue.title")))
        xdotool("type", name)
    pressed(find(app, "push button", t("queue.saveAsPlaylist")))
    wait("Save as Playlist says the queue was saved",
         lambda: find(app, "label", t("message.queueSaved").replace("%@", name)))
    if os.environ.get("FLOW_MPC"):
        wait("the daemon has the playlist", lambda: name in subprocess.run(
            ["mpc", "lsplaylists"], capture_output=True, text=True).stdout.splitlines())
    else:
        path = os.path.join(os.environ["XDG_DATA_HOME"], "addmusic", "playlists", name + ".m3u8")
        wait("the playlist file holds the two songs", lambda: os.path.exists(path) and
             len([line for line in open(path, encoding="utf-8") if line.startswith("/")]) == 2)


def clear_the_queue(app):
    """B-A7: Clear empties the queue and stops the music; the main window is as at launch."""
    pressed(find(app, "push button", t("Show Music")))
    wait("the queue view opens", lambda: len(queue_titles(app)) == 2)
    pressed(find(app, "push button", t("queue.clear")))
    wait("Clear empties the queue", lambda: queue_titles(app) == [])
    pressed(find(app, "push button", t("Done")))
    wait("after Clear the window is as at launch", lambda: find(app, "push button", t("Add Music")) and
         find(app, "label", prefix=t("Instructions")[:20]) and not sensitive(app, t("Play")))


def current_lyrics_line(app):
    """The text of the lyrics line described as the current one, shown, or None."""
    for node in walk(app):
        try:
            if safe_role(node) == "label" and node.description == t("lyrics.current") and shown(node):
                return node.name
        except Exception:
            continue
    return None


def lyrics_follow_the_song(app):
    """The lyrics panel on a song with a timed .lrc: opened, its current line read, then read again once the song
    has played on to the next line; closed again, the artwork back in its place."""
    # GTK 4.8 announces a toggle button as a push button (pressed while in); later versions as a toggle button.
    toggle = wait("the lyrics toggle is there, named", lambda: find(app, "toggle button", t("lyrics.show")) or
                  find(app, "push button", t("lyrics.show")))
    if os.environ.get("FLOW_KEYS") and KEY_DISPLAY:
        shortcut("Ctrl+L opens the lyrics panel", "ctrl+l", lambda: current_lyrics_line(app))
    else:
        pressed(toggle)
    first_line = wait("the lyrics panel highlights the line sung", lambda: current_lyrics_line(app))
    if not first_line.startswith("Lyrics line "):
        print("FAILED: the highlighted line is not one of the song's lyrics:", repr(first_line))
        sys.exit(1)
    wait("the highlighted line moves on as the song plays (from %r)" % first_line,
         lambda: (lambda line: line is not None and line != first_line)(current_lyrics_line(app)))
    screenshot("lyrics")
    pressed(toggle)
    wait("closing the panel shows the artwork in its place",
         lambda: current_lyrics_line(app) is None and find(app, "image", t("artwork.label")))


def launch(*arguments):
    """Runs `addmusic ARGUMENTS` in the window's session (another launch, as the file manager or a terminal makes
    it) and expects it to end, with status 0, by itself; 30 s bound a hang, no more."""
    try:
        result = subprocess.run([os.environ["FLOW_ADDMUSIC"], *arguments], capture_output=True, text=True,
                                timeout=30)
    except subprocess.TimeoutExpired:
        print("FAILED: addmusic %s did not end: it should hand over to the running window" % " ".join(arguments))
        sys.exit(1)
    if result.returncode != 0:
        print("FAILED: addmusic %s ended with %d: %s" % (" ".join(arguments), result.returncode, result.stderr))
        sys.exit(1)
    print("ok: addmusic %s handed over and ended" % " ".join(arguments))


def apps_listed(desktop):
    """How many apps named addmusic are on the accessibility bus."""
    count = 0
    for index in range(desktop.childCount):
        try:
            count += "addmusic" in (desktop.getChildAtIndex(index).name or "").lower()
        except Exception:
            continue
    return count


def frame_named(app, title):
    """The window of `app` titled `title`, or None."""
    for index in range(app.childCount):
        try:
            frame = app.getChildAtIndex(index)
            if frame is not None and frame.name == title:
                return frame
        except Exception:
            continue
    return None


def window_showing(app):
    """Whether the main window (the frame holding the play/pause button) is on screen."""
    for index in range(app.childCount):
        try:
            frame = app.getChildAtIndex(index)
            if frame.getState().contains(pyatspi.STATE_SHOWING) and find(frame, "push button", prefix=t("Previous")):
                return True
        except Exception:
            continue
    return False


def heard_at_the_sink():
    """Whether music reaches the default sink's monitor: two seconds recorded there, some of it loud."""
    recorded = subprocess.run(["timeout", "2", "parec", "--device=@DEFAULT_MONITOR@", "--raw", "--format=s16le",
                               "--channels=1", "--rate=8000"], capture_output=True).stdout
    samples = [int.from_bytes(recorded[index:index + 2], "little", signed=True)
               for index in range(0, len(recorded) - 1, 2)]
    return max((abs(sample) for sample in samples), default=0) > 1000


def mpris_player_property(name):
    """The app's MPRIS Player property `name` as gdbus prints it (empty when the app does not answer)."""
    return subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.addmusic", "--object-path",
         "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Get",
         "org.mpris.MediaPlayer2.Player", name], capture_output=True, text=True).stdout


def mpris_title():
    """The title in the app's MPRIS metadata (as gdbus prints it; empty without one)."""
    found = re.search(r"'xesam:title': <'((?:[^'\\]|\\.)*)'>", mpris_player_property("Metadata"))
    return found.group(1) if found else ""


def mpris_status():
    """PlaybackStatus as the app's MPRIS object answers it on the session bus."""
    return mpris_player_property("PlaybackStatus")


# GTK 4.8 lists a toggle button as a push button, pressed in when it is.
STAR_ROLES = ("toggle button", "push button")


def star(count):
    """The name of the star button that rates `count` stars ("3 stars", "3 Sterne")."""
    return t("rating.star.one" if count == 1 else "rating.star.other").replace("%d", str(count))


def checked(node):
    states = node.getState()
    return states.contains(pyatspi.STATE_CHECKED) or states.contains(pyatspi.STATE_PRESSED)


def stars_shown(root):
    """How many of the star buttons under `root` are pressed in, or None when they are not shown."""
    buttons = [node for node in walk(root) if safe_role(node) in STAR_ROLES and shown(node)
               and node.name in [star(count) for count in range(1, 6)]]
    return sum(1 for node in buttons if checked(node)) if len(buttons) == 5 else None


def saved_ratings():
    """Each song's stars as `addmusic library songs --json` lists them (the daemon's with FLOW_MPC)."""
    command = [os.environ["FLOW_ADDMUSIC"], "library", "songs", "--json"]
    if os.environ.get("FLOW_MPC"):
        command += ["--player", "system"]
    listed = subprocess.run(command, capture_output=True, text=True).stdout
    try:
        return [song.get("rating") for song in json.loads(listed)]
    except ValueError:
        return []


def mpris_rating():
    """xesam:userRating of the song playing, as the app's MPRIS object publishes it (None when left out)."""
    match = re.search(r"'xesam:userRating': <([0-9.e-]+)>", mpris_player_property("Metadata"))
    return float(match.group(1)) if match else None


def rate_the_song_playing(app):
    """B-H8: the now-playing view's stars: 3 pressed, then Ctrl+5; saved where the player keeps them, and on MPRIS."""
    view = wait("the song playing shows its stars, none pressed", lambda: (lambda node: node if node is not None and
                stars_shown(node.parent) == 0 else None)(find(app, STAR_ROLES[0], star(3)) or find(app, STAR_ROLES[1], star(3))), 10)
    pressed(view)
    wait("its third star rates it 3: three stars pressed", lambda: stars_shown(view.parent) == 3)
    wait("the rating is saved (library songs --json)", lambda: 3 in saved_ratings(), 10)
    wait("MPRIS says 3 stars (xesam:userRating 0.6)",
         lambda: (lambda rating: rating is not None and abs(rating - 0.6) < 1e-6)(mpris_rating()), 12)
    if os.environ.get("FLOW_KEYS") and KEY_DISPLAY:
        shortcut("Ctrl+5 rates it 5 stars", "ctrl+5", lambda: stars_shown(view.parent) == 5)
        wait("5 stars are saved", lambda: 5 in saved_ratings() and 3 not in saved_ratings(), 10)
    else:
        print("skipped: Ctrl+5 (no keys on a headless compositor)")


def rate_a_picker_row(app, songs, row):
    """B-H8: a picker row selected and rated 4 with Ctrl+4: its text ends with four stars, saved at once. Ends with
    nothing selected."""
    if not KEY_DISPLAY:
        print("skipped: rating a picker row (no keys on a headless compositor)")
        return
    selection = songs.querySelection()
    selection.clearSelection()
    selection.selectChild(row)
    shortcut("Ctrl+4 rates the picker's row %d: four stars in its text" % row, "ctrl+4", lambda: any(
        text.endswith("★★★★☆") for text in rows_of(songs.getChildAtIndex(row))),
        window="^%s$" % re.escape(t("Add songs to play")))
    wait("the picker's rating is saved", lambda: 4 in saved_ratings(), 10)
    selection.clearSelection()


def as_shown(text):
    """`text` as the window shows it: control characters as their symbols."""
    return "".join(chr(0x2400 + ord(c)) if ord(c) < 0x20 else c for c in text)


def song_files(titles):
    """The files of the songs titled `titles`, in that order, as `addmusic library songs --json` lists them (the
    daemon's songs under FLOW_MUSIC with FLOW_MPC)."""
    command = [os.environ["FLOW_ADDMUSIC"], "library", "songs", "--json"]
    if os.environ.get("FLOW_MPC"):
        command += ["--player", "system"]
    songs = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    # As the rows show them: control characters as their symbols.
    paths = {as_shown(song["title"]): song["path"] for song in songs}
    return [os.path.join(os.environ.get("FLOW_MUSIC", "/"), paths[title]) for title in titles]


def album_tags(paths):
    """Each file's album as mutagen reads it (None: none)."""
    import mutagen
    albums = []
    for path in paths:
        tags = mutagen.File(path, easy=True)
        albums.append((tags.get("album") or [None])[0] if tags is not None else None)
    return albums


def edit_two_songs_tags(app, songs):
    """B-H10: the picker's first two songs selected, Details…, Edit: their album set at once (a field they share),
    Save: both files hold it (read by mutagen); the passing message's Undo puts each one's album back. Ends with the
    details closed and nothing selected."""
    selection = songs.querySelection()
    selection.clearSelection()
    titles = []
    for row in (0, 1):
        selection.selectChild(row)
        titles.append(rows_of(songs.getChildAtIndex(row))[0].split(" — ")[0])
    files = song_files(titles)
    before = album_tags(files)
    pressed(wait("the picker has Details…", lambda: find(app, "push button", t("details.openSelected"))))
    edit = wait("the details of the two songs show, with Edit", lambda: (lambda node: node if node and node.getState(
        ).contains(pyatspi.STATE_SENSITIVE) else None)(find(app, "push button", t("details.edit"))), 15)
    wait("the details show what the two songs share", lambda: find(app, "label", t("details.shared")))
    screenshot("song-details")
    pressed(edit)
    entry = wait("the editor has the album field", lambda: find(app, "text", t("editor.field.album")) or
                 find(app, "entry", t("editor.field.album")))
    album = "Flow Album 二"
    try:
        entry.queryEditableText().setTextContents(album)
    except NotImplementedError:
        entry.queryComponent().grabFocus()
        keys("ctrl+a", window="^%s$" % re.escape(t("editor.titleSeveral.other").replace("%d", "2")))
        xdotool("type", album)
    screenshot("tag-editor")
    pressed(find(app, "push button", t("editor.save")))
    wait("Save writes the album into both files (mutagen reads it)", lambda: album_tags(files) == [album, album], 20)
    # GTK 4.8 names a toast's button twice over ("Undo Undo").
    undo = wait("the passing message says so, with Undo", lambda: find(app, "label", t(
        "tagEdit.saved.other").replace("%d", "2")) and find(app, "push button", prefix=t("tagEdit.undo")), 10)
    pressed(undo)
    wait("Undo puts each song's album back (mutagen reads it)", lambda: album_tags(files) == before, 20)
    # The details' own Close (the main window's title bar has one too).
    title = t("details.titleSeveral.other").replace("%d", "2")
    pressed(find(frame_named(app, title), "push button", t("details.close")))
    wait("the details close", lambda: frame_named(app, title) is None)
    selection.clearSelection()


def playlist_titles(name):
    """The titles of the playlist `name`'s entries, in order, as `addmusic library playlist NAME --json` lists them
    (`mpc playlist` under FLOW_MPC); None while there is no such playlist."""
    if os.environ.get("FLOW_MPC"):
        listed = subprocess.run(["mpc", "-f", "%title%", "playlist", name], capture_output=True, text=True)
        return listed.stdout.splitlines() if listed.returncode == 0 else None
    listed = subprocess.run([os.environ["FLOW_ADDMUSIC"], "library", "playlist", name, "--json"],
                            capture_output=True, text=True)
    if listed.returncode != 0:
        return None
    return [(entry.get("song") or {}).get("title") or entry.get("title") for entry in json.loads(listed.stdout)]


def type_into(app, field_name, text, window_title):
    """Puts `text` into the field named `field_name` (through the accessibility API, else typed with it focused)."""
    entry = wait("the field %r is there" % field_name, lambda: find(app, "text", field_name) or
                 find(app, "entry", field_name))
    try:
        entry.queryEditableText().setTextContents(text)
    except NotImplementedError:
        entry.queryComponent().grabFocus()
        keys("ctrl+a", window="^%s$" % re.escape(window_title))
        xdotool("type", text)


def list_row(node, text):
    """The index of the row of list `node` whose text is `text`, or None."""
    for index in range(node.childCount):
        if text in [label.name for label in walk(node.getChildAtIndex(index)) if safe_role(label) == "label"]:
            return index
    return None


def manage_playlists(app):
    """B-Y6 (FLOW_PLAYLISTS, after FLOW_QUEUE_EDIT saved "Road Trip" with two songs): the song playing added to a new
    playlist from now playing's Add to Playlist…; in the Playlists window (the main menu) "Road Trip" renamed, opened,
    its first entry moved down, and the new playlist deleted and brought back by the toast's Undo; each change read
    back from `addmusic library playlist` (`mpc playlist` on the daemon)."""
    playing = find(app, "label", prefix=t("Now Playing:") + " ").name
    pressed(wait("now playing has Add to Playlist…", lambda: find(app, "push button", t("playlists.addTo"))))
    title = t("playlists.addTitle").replace("%@", t("count.songs.one").replace("%d", "1"))
    type_into(app, t("playlists.newName"), "Flow Mix", title)
    pressed(find(app, "push button", t("playlists.add")))
    wait("Add makes the playlist with the song playing", lambda: (lambda titles: titles is not None and len(
        titles) == 1 and as_shown(titles[0]) in playing)(playlist_titles("Flow Mix")), 15)
    before = wait("Road Trip holds two songs", lambda: (lambda titles: titles if titles and len(titles) == 2 else None)(
        playlist_titles("Road Trip")))
    pressed(find(app, "push button", t("menu.playlists")))
    names = wait("the Playlists window lists both", lambda: (lambda node: node if node and list_row(
        node, "Flow Mix") is not None and list_row(node, "Road Trip") is not None else None)(
            find(app, "list", t("playlists.title"))), 15)
    screenshot("playlists")
    names.querySelection().selectChild(list_row(names, "Road Trip"))
    renamed = "Road Trip Ω"
    type_into(app, t("playlists.name"), renamed, t("playlists.title"))
    pressed(find(app, "push button", t("playlists.rename")))
    wait("Rename renames it", lambda: playlist_titles(renamed) == before and playlist_titles("Road Trip") is None, 15)
    names = wait("the list shows the new name", lambda: (lambda node: node if node and list_row(
        node, renamed) is not None else None)(find(app, "list", t("playlists.title"))))
    names.querySelection().selectChild(list_row(names, renamed))
    pressed(find(app, "push button", t("playlists.open")))
    entries = wait("opened, it lists its two songs", lambda: (lambda node: node if node and len(
        rows_of(node)) == 2 else None)(find(app, "list", t("playlists.entries"))), 15)
    entries.querySelection().selectChild(0)
    pressed(find(app, "push button", t("playlists.moveDown")))
    wait("Move Down moves the first song down", lambda: playlist_titles(renamed) == before[::-1], 15)
    wait("the entries show the new order", lambda: as_shown(before[0]) in rows_of(find(app, "list", t(
        "playlists.entries")))[-1])
    pressed(find(app, "push button", t("playlists.back")))
    names = wait("Back shows the playlists", lambda: find(app, "list", t("playlists.title")))
    names.querySelection().selectChild(list_row(names, "Flow Mix"))
    pressed(find(app, "push button", t("playlists.delete")))
    wait("Delete deletes it", lambda: playlist_titles("Flow Mix") is None, 15)
    undo = wait("the passing message says so, with Undo", lambda: find(app, "label", t(
        "playlists.deleted").replace("%@", "Flow Mix")) and find(app, "push button", prefix=t("tagEdit.undo")), 10)
    pressed(undo)
    wait("Undo brings it back", lambda: playlist_titles("Flow Mix") is not None, 15)
    build_smart_playlist(app)
    pressed(find(frame_named(app, t("playlists.title")), "push button", t("Done")))
    wait("Done closes the playlists", lambda: frame_named(app, t("playlists.title")) is None)


def library_songs():
    """The songs `addmusic library songs --json` lists (with `--player system` under FLOW_MPC: the daemon's)."""
    player = ["--player", "system"] if os.environ.get("FLOW_MPC") else []
    listed = subprocess.run([os.environ["FLOW_ADDMUSIC"], "library", "songs", "--json", *player],
                            capture_output=True, text=True, check=True)
    return json.loads(listed.stdout)


def pick_row(app, list_name, text):
    """Selects the row reading `text` of the list named `list_name`, once it is drawn."""
    node = wait("the list %r has %r" % (list_name, text), lambda: (lambda node: node if node and list_row(
        node, text) is not None else None)(find(app, "list", list_name)))
    node.querySelection().selectChild(list_row(node, text))


def add_smart_rule(app, field, comparison, value):
    """Builds a rule in the open rule editor: the field and the operator chosen from their lists, the value typed,
    then Add Rule; waits until the rules list shows it."""
    pick_row(app, t("smartEdit.field"), t("smart.field." + field))
    pick_row(app, t("smartEdit.operator"), t("smart.op." + comparison))
    type_into(app, t("smartEdit.value"), value, t("smartEdit.titleNew"))
    pressed(find(app, "push button", t("smartEdit.addRule")))
    shown = t("smartEdit.rule").replace("%1$@", t("smart.field." + field)).replace(
        "%2$@", t("smart.op." + comparison)).replace("%3$@", value)
    wait("the rules list shows %r" % shown, lambda: shown in rows_of(find(app, "list", t("smartEdit.rules"))))


def build_smart_playlist(app):
    """B-H9 in the window (FLOW_PLAYLISTS, the Playlists window open): New Smart Playlist… with two rules taken from
    the library (artist is A, title starts with the first three letters of one of A's songs), the editor counting
    the songs that match, Save; the file read back by `addmusic playlist smart show`, and the playlist opened lists
    exactly the songs of `library songs --json` (the daemon's on the system player) that pass both rules, as the
    flow finds them itself."""
    songs = [song for song in library_songs() if song.get("artist") and song.get("title")]
    plain = [song for song in songs if all(part.isascii() and part.isprintable() and part == part.strip()
                                           for part in (song["artist"], song["title"])) and len(song["title"]) >= 3
             and " " not in song["title"][:3]]
    if not plain:
        print("FAILED: the library has no song with a plain artist and title to build rules from")
        sys.exit(1)
    chosen = sorted(plain, key=lambda song: (song["artist"], song["title"]))[0]
    artist, prefix = chosen["artist"].lower(), chosen["title"][:3].lower()
    expected = [as_shown(song["title"] + " — " + song["artist"]) for song in songs
                if song["artist"].lower() == artist and song["title"].lower().startswith(prefix)]
    pressed(wait("the Playlists window has New Smart Playlist…", lambda: find(app, "push button", t("smartEdit.new"))))
    wait("the rule editor opens", lambda: frame_named(app, t("smartEdit.titleNew")))
    type_into(app, t("smartEdit.name"), "Flow Smart", t("smartEdit.titleNew"))
    add_smart_rule(app, "artist", "is", artist)
    add_smart_rule(app, "title", "starts with", prefix)
    counted = t("smartEdit.count." + ("one" if len(expected) == 1 else "other")).replace("%d", str(len(expected)))
    wait("the editor counts %d songs matching" % len(expected), lambda: find(app, "label", counted), 15)
    screenshot("smart-playlist")
    pressed(find(frame_named(app, t("smartEdit.titleNew")), "push button", t("editor.save")))
    wait("Save closes the editor", lambda: frame_named(app, t("smartEdit.titleNew")) is None, 15)
    shown = subprocess.run([os.environ["FLOW_ADDMUSIC"], "playlist", "smart", "show", "Flow Smart", "--json"],
                           capture_output=True, text=True)
    saved = json.loads(shown.stdout) if shown.returncode == 0 else {}
    if saved.get("rules") != ["artist is " + artist, "title starts with " + prefix] or saved.get("match") != "all":
        print("FAILED: the smart playlist's file says", shown.stdout, shown.stderr)
        sys.exit(1)
    print("ok: the smart playlist's file holds the two rules")
    row = t("playlists.smartRow").replace("%@", "Flow Smart")
    pick_row(app, t("playlists.title"), row)
    pressed(find(app, "push button", t("playlists.open")))
    wait("opened, it lists exactly the songs that match", lambda: (lambda node: node and sorted(
        rows_of(node)) == sorted(expected) and node)(
            find(app, "list", t("playlists.entries"))), 15)
    pressed(find(app, "push button", t("playlists.back")))


def opening_flow(app, desktop):
    """B-O1–O6 (FLOW_OPEN): `addmusic FILE` while the window runs plays it there (nothing played) and ends; a second
    file goes after the queue while the first plays on; a missing file and a text file named .mp3 add nothing, each
    with its message, and the song plays on; a second `addmusic` brings the window up and ends, leaving one app;
    closing the window while music plays hides it (asked for a window past those showing, the app answers), the
    music still heard at the sink and MPRIS answering Playing;
    `addmusic` brings it back as it was, and so does MPRIS Raise; paused, closing it ends the app. FLOW_OPEN_FILES: two songs' paths, by a tab;
    FLOW_OPEN_TITLES: their titles; with FLOW_NOTIFY_LOG, the desktop notifications (notifications_flow) before the
    second launch."""
    first, second = os.environ["FLOW_OPEN_FILES"].split("\t")
    first_title, second_title = os.environ["FLOW_OPEN_TITLES"].split("\t")
    if SERVICES:
        from notifications import notifications_flow  # it imports this module's helpers
    now_playing = lambda: find(app, "label", prefix=t("Now Playing:") + " ")  # noqa: E731
    launch(first)
    wait("the opened file plays in the window", lambda: (lambda node: node and first_title in node.name)(
        now_playing()), 20)
    launch(second)
    wait("a second file goes after the queue, said in a passing message",
         lambda: find(app, "label", t("open.added").replace("%@", t("count.songs.one").replace("%d", "1"))), 20)
    if first_title not in now_playing().name:
        print("FAILED: the song playing changed when a file was added to the queue")
        sys.exit(1)
    pressed(find(app, "push button", t("Show Music")))
    wait("the queue lists the second song", lambda: any(
        second_title in (node.name or "") for node in walk(app) if safe_role(node) == "label"))
    pressed(find(app, "push button", t("Done")))
    missing = os.path.join(os.path.dirname(first), "gone.mp3")
    launch(missing)
    wait("a missing file adds nothing, and says so",
         lambda: find(app, "label", t("open.missing").replace("%@", "gone.mp3")), 20)
    text = os.path.join(os.path.dirname(first), "notes.mp3")
    with open(text, "w", encoding="utf-8") as notes:
        notes.write("not music\n")
    launch(text)
    wait("a text file adds nothing, and says so",
         lambda: find(app, "label", t("open.notAudio").replace("%@", "notes.mp3")), 20)
    if first_title not in now_playing().name or not find(app, "push button", t("Pause")):
        print("FAILED: bad input interrupted the song playing")
        sys.exit(1)
    if SERVICES:
        notifications_flow(app, first_title, second_title)
    launch()
    if apps_listed(desktop) != 1:
        print("FAILED: a second launch left %d apps" % apps_listed(desktop))
        sys.exit(1)
    print("ok: a second launch leaves one app")
    wait("the window is showing", lambda: window_showing(app))
    for raise_by in ("addmusic", "MPRIS Raise"):
        pressed(wait("the window's close button", lambda: find(app, "push button", "Close")))
        wait("closing the window while music plays hides it", lambda: not window_showing(app))
        # A client that read the window count just before the window went asks for one window more than are
        # showing: the app answers (GTK 4.8 answered from the hidden window, with no object path, and the app died).
        try:
            app.getChildAtIndex(app.childCount)
        except GLib.GError:
            pass
        wait("the app runs on", lambda: listed(desktop))
        wait("the music is still heard at the sink", heard_at_the_sink, 10)
        wait("MPRIS answers Playing", lambda: "Playing" in mpris_status())
        if raise_by == "addmusic":
            launch()
        else:
            subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.addmusic",
                            "--object-path", "/org/mpris/MediaPlayer2", "--method", "org.mpris.MediaPlayer2.Raise"],
                           check=True, capture_output=True)
        wait("%s brings the window back" % raise_by, lambda: window_showing(app))
        wait("as it was: the same song plays", lambda: (lambda node: node and first_title in node.name)(
            now_playing()))
    pressed(find(app, "push button", t("Pause")))
    wait("paused", lambda: find(app, "push button", t("Play")))
    pressed(find(app, "push button", "Close"))
    wait("closing the window with nothing playing ends the app", lambda: not listed(desktop), 15)


def software_gl_mapped(pid):
    """Whether process `pid` has Mesa's software GL (llvmpipe and the LLVM it compiles with) mapped."""
    with open("/proc/%d/maps" % pid, encoding="utf-8", errors="replace") as maps:
        mapped = maps.read()
    return any(name in mapped for name in ("libLLVM", "swrast_dri", "libgallium"))


def ffmpeg_mapped(pid):
    """Whether process `pid` has FFmpeg's libraries mapped."""
    with open("/proc/%d/maps" % pid, encoding="utf-8", errors="replace") as maps:
        return "libavcodec" in maps.read()


# The test's notification service (FLOW_NOTIFY_LOG), started before the window as a desktop's is.
SERVICES = []


def main():
    if os.environ.get("FLOW_NOTIFY_LOG"):
        from notifications import start_notification_service  # it imports this module's helpers
        SERVICES.append(start_notification_service())
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait("the app is on the accessibility bus", lambda: listed(desktop) and next(
        (desktop.getChildAtIndex(i) for i in range(desktop.childCount)
         if "addmusic" in (desktop.getChildAtIndex(i).name or "").lower()), None), 40)
    if not glob.glob("/dev/dri/renderD*"):
        wait("without a GPU the window maps no software GL", lambda: not software_gl_mapped(app.get_process_id()))
    if os.environ.get("FLOW_OPEN"):
        opening_flow(app, desktop)
        print("done")
        return
    if os.environ.get("FLOW_FOLDERS"):
        folders_flow(app)
        print("done")
        return
    wait("launch shows the instructions", lambda: find(app, "label", prefix=t("Instructions")[:20]))
    # The app sound is loaded at launch (B-S1) from a plain WAV, read without FFmpeg: nothing opens FFmpeg's
    # libraries (and the ~75 they bring) before a song or its artwork needs them.
    time.sleep(1)
    wait("before any song the window has not opened FFmpeg", lambda: not ffmpeg_mapped(app.get_process_id()), 1)
    play = wait("play/pause is there, insensitive", lambda: find(app, "push button", t("Play")))
    if play.getState().contains(pyatspi.STATE_SENSITIVE):
        print("FAILED: play/pause is sensitive with no queue")
        sys.exit(1)
    player = t("status.player.system" if os.environ.get("FLOW_MPC") else "status.player.app")
    caption = wait("the status caption names the player", lambda: find(app, "label", player))
    if not drawn_whole(caption):
        print("FAILED: the status caption is cut short by the window's layout")
        sys.exit(1)
    screenshot("main-window")
    pressed(find(app, "push button", t("Add Music")))
    wait("the picker shows its prompt", lambda: find(app, "label", t("Add songs to play")))
    songs = wait("the picker lists the songs, its list named", lambda: find(app, "list", t("picker.songs")))
    if os.environ.get("FLOW_PICKER_PAGES"):
        songs = picker_pages(app)
    escaped = os.environ.get("FLOW_ESCAPED")
    chosen = [0, 1]
    if escaped:
        # That song's row, and the next: it plays first.
        row = wait("a tag's escape sequence shows as text in the picker", lambda: next((
            index + 1 for index in range(songs.childCount) if any(
                escaped in (node.name or "") for node in walk(songs.getChildAtIndex(index))
                if safe_role(node) == "label")), None)) - 1
        chosen = [row, row + 1]
    if os.environ.get("FLOW_RATINGS"):
        rate_a_picker_row(app, songs, 2)  # before any music plays: the queue's steps later count on the first song
    if os.environ.get("FLOW_TAG_EDIT"):
        edit_two_songs_tags(app, songs)
    selection = songs.querySelection()
    for row in chosen:
        selection.selectChild(row)
    screenshot("picker")
    pressed(find(app, "push button", t("Done")))
    line = wait("music plays: the now-playing line", lambda: find(app, "label", prefix=t("Now Playing:") + " "))
    first = line.name
    if escaped and escaped not in first:
        print("FAILED: the now-playing line does not show the tag as text:", repr(first))
        sys.exit(1)
    wait("the button reads Show Music", lambda: find(app, "push button", t("Show Music")))
    pressed(wait("play/pause shows pause", lambda: find(app, "push button", t("Pause"))))
    pressed(wait("play/pause pauses, and shows play", lambda: find(app, "push button", t("Play"))))
    wait("play/pause plays again", lambda: find(app, "push button", t("Pause")))
    if os.environ.get("FLOW_MPC"):
        wait("the music daemon plays", lambda: "[playing]" in subprocess.run(
            ["mpc", "status"], capture_output=True, text=True).stdout)
    if os.environ.get("FLOW_KEYS") and not KEY_DISPLAY:
        print("skipped: space (no seat on a headless compositor; play/pause was pressed above)")
    elif os.environ.get("FLOW_KEYS"):
        keys("space")
        wait("space pauses", lambda: find(app, "push button", t("Play")))
        keys("space")
        wait("space plays again", lambda: find(app, "push button", t("Pause")))
    if os.environ.get("FLOW_LYRICS"):
        lyrics_follow_the_song(app)
    if os.environ.get("FLOW_SLEEP"):
        sleep_timer(app)
    screenshot("now-playing")
    pressed(find(app, "push button", t("Show Music")))
    wait("the queue view marks the playing song", lambda: any(
        (node.name or "").startswith("▶") for node in walk(app) if safe_role(node) == "label"))
    pressed(find(app, "push button", t("queue.addMore")))
    more = wait("the picker opens over the queue", lambda: find(app, "list", t("picker.songs")))
    picked = None
    if os.environ.get("FLOW_PICKER_PAGES"):
        picked = pick_inside_an_album(app)  # the one song added, picked inside an album
    else:
        more.querySelection().selectChild(2)
    dones = [node for node in walk(app) if safe_role(node) == "push button" and node.name == t("Done") and shown(node)]
    pressed(dones[-1])
    wait("the queue holds three songs", lambda: len([
        node for node in walk(app) if safe_role(node) == "label" and " — " in (node.name or "")]) >= 3)
    if picked:
        wait("the song picked inside an album is in the queue", lambda: any(
            picked in (node.name or "") for node in walk(app) if safe_role(node) == "label"))
    if os.environ.get("FLOW_QUEUE_EDIT"):
        edit_the_queue(app)
    pressed(find(app, "push button", t("Done")))
    time.sleep(0.5)
    wait("the same song goes on", lambda: find(app, "label", first))
    if os.environ.get("FLOW_PLAYLISTS") and os.environ.get("FLOW_QUEUE_EDIT"):
        manage_playlists(app)
    # Transport (issue 16): Next, Previous, and the shuffle and repeat buttons stepping through their modes.
    now_playing = lambda: find(app, "label", prefix=t("Now Playing:") + " ")  # noqa: E731
    pressed(find(app, "push button", t("Next")))
    wait("Next plays the next song", lambda: (lambda node: node and node.name != first)(now_playing()))
    pressed(find(app, "push button", t("Previous")))
    wait("Previous plays the song before", lambda: find(app, "label", first))
    for mode in ("shuffle.songs", "shuffle.albums", "shuffle.off"):
        pressed(find(app, "push button", prefix=t("shuffle.off").split(":")[0]))
        wait("the shuffle button steps to " + t(mode), lambda: find(app, "push button", t(mode)))
    for mode in ("repeat.all", "repeat.one", "repeat.none"):
        pressed(find(app, "push button", prefix=t("repeat.none").split(":")[0]))
        wait("the repeat button steps to " + t(mode), lambda: find(app, "push button", t(mode)))
    # The seek bar, moved through the accessibility API: the player lands there (the caption shows it, to the second).
    seek_bar = find(app, "slider", t("seek.label"))
    target = int(seek_bar.queryValue().maximumValue / 2)
    seek_bar.queryValue().currentValue = float(target)
    wait("the seek bar moves the song to %d s" % target,
         lambda: (lambda shown: shown is not None and target <= shown <= target + 2)(seconds_shown(app)))
    # The volume: half, at the audio server's stream or at the daemon.
    find(app, "slider", t("volume.label")).queryValue().currentValue = 0.5
    if os.environ.get("FLOW_MPC"):
        wait("the volume control sets the daemon's volume", lambda: "volume: 50%" in subprocess.run(
            ["mpc", "status"], capture_output=True, text=True).stdout)
    else:
        wait("the volume control sets the music stream's volume",
             lambda: (lambda level: level is not None and level < 100)(stream_volume("music")))
    if os.environ.get("FLOW_RATINGS"):
        rate_the_song_playing(app)  # late in the flow: the MPRIS step waits for its refresh
    if os.environ.get("FLOW_KEYS") and KEY_DISPLAY:
        shortcut("Ctrl+→ plays the next song", "ctrl+Right",
                 lambda: (lambda node: node and node.name != first)(now_playing()))
        shortcut("Ctrl+← plays the song before", "ctrl+Left", lambda: find(app, "label", first))
    if os.environ.get("FLOW_MPC"):
        subprocess.run(["mpc", "-q", "next"], check=True)
        wait("another client's next changes the window", lambda: (lambda node: node and node.name != first)(
            find(app, "label", prefix=t("Now Playing:") + " ")))
    if os.environ.get("FLOW_MPC") and os.environ.get("FLOW_HANDOFF") and WAYLAND and not KEY_DISPLAY:
        print("skipped: the menu's handoff (no seat on a headless compositor: the menu's popover does not open)")
    elif os.environ.get("FLOW_MPC") and os.environ.get("FLOW_HANDOFF"):
        hand_off(app, to_daemon=False)
        hand_off(app, to_daemon=True)
    module = os.environ.get("FLOW_UNLOAD_MODULE")
    if module:
        # B-R2, B-R3: the app sound's device goes away while it plays: the alert; Resume plays it on.
        sound_loses_its_device(app, module, screenshot_name="alert")
        pressed(find(app, "push button", prefix=t("Resume")))  # named "Resume Resume" in GTK 4.8
        wait("after Resume the sound ends and the button is back", lambda: sensitive(app, t("Play App Sound")))
        # Once more on other headphones, and Stop: the sound stops and the button is back at once.
        earbuds = subprocess.run(["pactl", "load-module", "module-null-sink", "sink_name=earbuds"], check=True,
                                 capture_output=True, text=True).stdout.strip()
        stream = wait("the app sound's stream is there", lambda: sink_input("event"))
        subprocess.run(["pactl", "move-sink-input", stream, "earbuds"], check=True)
        sound_loses_its_device(app, earbuds)
        pressed(find(app, "push button", prefix=t("Stop")))
        wait("after Stop the button is back", lambda: sensitive(app, t("Play App Sound")), 3)
    if os.environ.get("FLOW_QUEUE_EDIT"):
        clear_the_queue(app)
    config = os.environ.get("FLOW_CONFIG")
    if os.environ.get("FLOW_KEYS") and not KEY_DISPLAY:
        print("skipped: Ctrl+, and the preferences, Ctrl+? and the shortcuts, Ctrl+Q (no seat on a headless "
              "compositor: no keys, and the menu's popover does not open)")
    elif os.environ.get("FLOW_KEYS"):
        # GTK 4.8 announces the switch as a check box named twice over ("Background animation Background animation").
        switch = shortcut("Ctrl+, opens the preferences", "ctrl+comma",
                          lambda: find(app, "check box", prefix=t("prefs.animation")))
        screenshot("preferences")
        pressed(switch)
        wait("the animation switched off is saved", lambda: os.path.exists(config) and
             "background-animation = off" in open(config, encoding="utf-8").read())
        xdotool("key", "Escape")
        shortcut("Ctrl+? lists the shortcuts", "ctrl+question", lambda: find(app, "label", t("shortcut.playPause")))
        screenshot("shortcuts")
        xdotool("key", "Escape")
        shortcut("Ctrl+Q quits", "ctrl+q", lambda: not listed(desktop))
    print("done")


if __name__ == "__main__":
    main()
