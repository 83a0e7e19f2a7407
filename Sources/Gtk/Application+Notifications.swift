import CGtk

/// A desktop notification: what GApplication sends to the desktop's notification service (org.gtk.Notifications
/// under GNOME, org.freedesktop.Notifications elsewhere), with buttons that activate the application's actions.
public struct DesktopNotification: Sendable {
    public var title: String
    public var body: String
    /// A picture file shown with it (the freedesktop service takes files, not bytes); nil: the app's icon.
    public var picturePath: String?
    /// Its buttons: a label and the application's action it activates ("app.next").
    public var buttons: [(label: String, action: String)]

    public init(title: String, body: String, picturePath: String? = nil, buttons: [(label: String, action: String)]) {
        self.title = title
        self.body = body
        self.picturePath = picturePath
        self.buttons = buttons
    }
}

extension Application {
    /// Sends `notification` under `id`: one sent under the same id replaces it on the desktop, never stacks. Returns
    /// at once (GApplication sends it over the bus without waiting for the answer).
    public func send(_ notification: DesktopNotification, id: String) {
        let made = g_notification_new(notification.title)
        defer { g_object_unref(UnsafeMutableRawPointer(made)) }
        g_notification_set_body(made, notification.body)
        if let path = notification.picturePath {
            let file = g_file_new_for_path(path)
            let icon = g_file_icon_new(file)
            g_notification_set_icon(made, addmusic_g_icon(UnsafeMutableRawPointer(icon)))
            g_object_unref(UnsafeMutableRawPointer(icon))
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        for button in notification.buttons {
            g_notification_add_button(made, button.label, button.action)
        }
        g_application_send_notification(gApplication, id, made)
    }

    /// Takes the notification sent under `id` off the desktop, if it is there.
    public func withdrawNotification(id: String) {
        g_application_withdraw_notification(gApplication, id)
    }

    /// Adds the action "app.`name`" (a notification's button names it): `action` runs on the main thread each time
    /// it is activated.
    public func addAction(_ name: String, _ action: @escaping () -> Void) {
        let made = g_simple_action_new(name, nil)
        let callback: addmusic_object_signal = { _, _, data in  // (action, parameter: none here, data)
            guard let data else { return }
            ClosureBox<() -> Void>.action(data)()
        }
        addmusic_signal_connect_object(
            UnsafeMutableRawPointer(made), "activate", callback, ClosureBox.retained(action), releaseBox)
        g_action_map_add_action(
            addmusic_g_action_map(UnsafeMutableRawPointer(pointer)), addmusic_g_action(UnsafeMutableRawPointer(made)))
        g_object_unref(UnsafeMutableRawPointer(made))
    }
}

extension Application {
    /// Asks the session bus, without waiting, whether a notification's body is read as markup: false under GNOME's
    /// own service (`org.gtk.Notifications`, which GApplication prefers and which shows plain text), else whether
    /// the freedesktop service lists `body-markup` among its capabilities. `done` runs on the main thread; nil
    /// without a bus, or when no service answers.
    public func askWhetherNotificationBodiesAreMarkup(_ done: @escaping (Bool?) -> Void) {
        guard let connection = g_application_get_dbus_connection(gApplication) else { return done(nil) }
        let asked = ClosureBox.retained(done)
        let gnome = g_variant_new_tuple([g_variant_new_string("org.gtk.Notifications")], 1)
        g_dbus_connection_call(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", gnome,
            nil, G_DBUS_CALL_FLAGS_NONE, 5_000, nil,
            { source, result, data in
                guard let data else { return }
                let connection = OpaquePointer(source)
                let reply = g_dbus_connection_call_finish(connection, result, nil)
                var owned: Bool?
                if let reply {
                    let value = g_variant_get_child_value(reply, 0)
                    owned = g_variant_get_boolean(value) != 0
                    g_variant_unref(value)
                    g_variant_unref(reply)
                }
                guard owned == false, let connection else {
                    ClosureBox<(Bool?) -> Void>.action(data)(owned == true ? false : nil)
                    return releaseBox(data, nil)
                }
                g_dbus_connection_call(
                    connection, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                    "org.freedesktop.Notifications", "GetCapabilities", nil, nil, G_DBUS_CALL_FLAGS_NONE, 5_000, nil,
                    { source, result, data in
                        guard let data else { return }
                        var markup: Bool?
                        if let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil) {
                            let list = g_variant_get_child_value(reply, 0)
                            var count = 0
                            markup = false
                            if let names = g_variant_get_strv(list, &count) {
                                markup = (0..<count).contains { names[$0].map { String(cString: $0) } == "body-markup" }
                                g_free(UnsafeMutableRawPointer(mutating: names))
                            }
                            g_variant_unref(list)
                            g_variant_unref(reply)
                        }
                        ClosureBox<(Bool?) -> Void>.action(data)(markup)
                        releaseBox(data, nil)
                    }, data)
            }, asked)
    }
}
