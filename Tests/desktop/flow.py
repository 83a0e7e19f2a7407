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
headphones, and Stop, B-R2–R3),
FLOW_SCREENSHOTS (a folder for screenshots of the main window, the picker and the alert).

FLOW_DISPLAY names the display server: x11 (Xvfb: keys through xdotool, screenshots through ImageMagick's import) or
wayland (weston). On Wayland the keys go to the compositor's own seat: weston runs on its X11 backend inside a
private Xvfb (ADDMUSIC_WESTON_INPUT_DISPLAY), keys sent there by xdotool reach the Wayland window that has its focus;
without that display (the headless backend, which has no seat, and neither a test protocol nor a virtual keyboard in
Debian's weston 10; the accessibility API's generateKeyboardEvent goes through X11's XTest) the key steps are
skipped and every step is a press through the accessibility tree. Screenshots are X11's only.
"""
import os
import re
import subprocess
import sys
import time

import pyatspi


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


def keys(*combination):
    """Presses keys in the main window (focused first: without a window manager nothing else focuses it). On
    Wayland the compositor's window is focused on its X display, and the compositor hands the keys to the window
    it focused (the newest). weston's X11 backend learns of a modifier from the X server's state event, which may
    come after the next key: there the modifiers are held down a moment before the key."""
    if WAYLAND:
        # Once: a key that follows the compositor's window taking the X focus may be lost.
        if not FOCUSED:
            xdotool("search", "--onlyvisible", "--class", "^Weston Compositor$", "windowfocus", "--sync")
            FOCUSED.append(True)
            time.sleep(1)
    else:
        xdotool("search", "--onlyvisible", "--name", "^AddMusic$", "windowfocus", "--sync")
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


def shortcut(step, combination, probe, tries=3):
    """Presses a shortcut until `probe` finds what it does (3 s each time), `tries` times at most. A shortcut held
    with a modifier reaches a window through weston's X11 backend only once the compositor has taken the modifier's
    state, which on a busy machine may come late; pressing again does no harm where each shortcut is used."""
    for _ in range(tries):
        keys(combination)
        found = poll(probe, 3)
        if found:
            print("ok:", step)
            return found
    print("FAILED:", step)
    sys.exit(1)


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
    """What `probe` finds within `seconds` (asked every 0.2 s), or None."""
    end = time.time() + seconds
    while time.time() < end:
        found = probe()
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


def menu_command(app, name):
    """Opens the main menu and presses its command `name`. Where the popover does not open (a headless compositor)
    the command, there but not shown, is pressed all the same."""
    toggle_menu(app)
    item = poll(lambda: find(app, "push button", name) or next((
        node.parent for node in walk(app) if safe_role(node) == "label" and node.name == name and shown(node)),
        None), 3)
    if item is None:
        item = next((node for node in walk(app) if safe_role(node) == "push button" and node.name == name), None)
    if item is None:
        print("FAILED: the menu has no command", repr(name))
        sys.exit(1)
    pressed(item)


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


def main():
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait("the app is on the accessibility bus", lambda: listed(desktop) and next(
        (desktop.getChildAtIndex(i) for i in range(desktop.childCount)
         if "addmusic" in (desktop.getChildAtIndex(i).name or "").lower()), None), 40)
    wait("launch shows the instructions", lambda: find(app, "label", prefix=t("Instructions")[:20]))
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
    escaped = os.environ.get("FLOW_ESCAPED")
    chosen = [0, 1]
    if escaped:
        # That song's row, and the next: it plays first.
        row = wait("a tag's escape sequence shows as text in the picker", lambda: next((
            index + 1 for index in range(songs.childCount) if any(
                escaped in (node.name or "") for node in walk(songs.getChildAtIndex(index))
                if safe_role(node) == "label")), None)) - 1
        chosen = [row, row + 1]
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
    screenshot("now-playing")
    pressed(find(app, "push button", t("Show Music")))
    wait("the queue view marks the playing song", lambda: any(
        (node.name or "").startswith("▶") for node in walk(app) if safe_role(node) == "label"))
    pressed(find(app, "push button", t("queue.addMore")))
    more = wait("the picker opens over the queue", lambda: find(app, "list", t("picker.songs")))
    more.querySelection().selectChild(2)
    dones = [node for node in walk(app) if safe_role(node) == "push button" and node.name == t("Done") and shown(node)]
    pressed(dones[-1])
    wait("the queue holds three songs", lambda: len([
        node for node in walk(app) if safe_role(node) == "label" and " — " in (node.name or "")]) >= 3)
    pressed(find(app, "push button", t("Done")))
    time.sleep(0.5)
    wait("the same song goes on", lambda: find(app, "label", first))
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
