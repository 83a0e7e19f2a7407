"""A notification service for the window's tests: owns org.freedesktop.Notifications on the session bus, writes each
Notify call it answers to a log (one JSON object a line: the call's arguments, the id answered and how many
notifications are open after it), and emits ActionInvoked when told to through its own test interface
(org.addmusic.TestNotifications.Invoke(id, action)), as a user's click on a button would, then closes that one
(NotificationClosed, reason 2: dismissed), as desktops do. Ids are numbered from 1; a call that replaces an open id
keeps it. It reads bodies as markup (the body-markup capability), as most desktops' services do.

    python3 notification_server.py LOG      runs until killed; prints "ready" once it owns the name
"""
import json
import sys

from gi.repository import Gio, GLib

INTERFACES = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
  <interface name="org.addmusic.TestNotifications">
    <method name="Invoke"><arg type="u" direction="in"/><arg type="s" direction="in"/></method>
  </interface>
</node>
"""
PATH = "/org/freedesktop/Notifications"


class Service:
    def __init__(self, log_path):
        self.log = open(log_path, "a", encoding="utf-8")
        self.last_id = 0
        self.open = set()

    def call(self, connection, sender, path, interface, method, parameters, invocation):
        arguments = parameters.unpack()
        if method == "Notify":
            app_name, replaces, icon, summary, body, actions, hints, timeout = arguments
            if replaces in self.open:
                answered = replaces
            else:
                self.last_id += 1
                answered = self.last_id
            self.open.add(answered)
            self.log.write(json.dumps({
                "app_name": app_name, "replaces_id": replaces, "app_icon": icon, "summary": summary, "body": body,
                "actions": actions, "hints": {key: str(value) for key, value in hints.items()}, "id": answered,
                "open": len(self.open),
            }) + "\n")
            self.log.flush()
            invocation.return_value(GLib.Variant("(u)", (answered,)))
        elif method == "GetCapabilities":
            invocation.return_value(GLib.Variant("(as)", (["actions", "body", "body-markup", "icon-static"],)))
        elif method == "GetServerInformation":
            invocation.return_value(GLib.Variant("(ssss)", ("test-notifications", "addmusic", "1", "1.2")))
        elif method == "Invoke":
            notification, action = arguments
            connection.emit_signal(None, PATH, "org.freedesktop.Notifications", "ActionInvoked",
                                   GLib.Variant("(us)", (notification, action)))
            self.close(connection, notification, 2)
            invocation.return_value(None)
        else:  # CloseNotification
            self.close(connection, arguments[0], 3)
            invocation.return_value(None)

    def close(self, connection, notification, reason):
        if notification in self.open:
            self.open.discard(notification)
            connection.emit_signal(None, PATH, "org.freedesktop.Notifications", "NotificationClosed",
                                   GLib.Variant("(uu)", (notification, reason)))


def main():
    service = Service(sys.argv[1])
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACES)

    def connected(connection, name):
        for interface in node.interfaces:
            connection.register_object(PATH, interface, service.call, None, None)

    def acquired(connection, name):
        print("ready", flush=True)

    loop = GLib.MainLoop()

    def lost(connection, name):  # the name taken by another, or the bus gone: the run is over
        loop.quit()

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE,
                     connected, acquired, lost)
    loop.run()


if __name__ == "__main__":
    main()
