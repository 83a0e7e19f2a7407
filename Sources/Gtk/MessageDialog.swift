import CGtk

/// libadwaita's message dialog: a heading, a message, and buttons ("responses"); choosing one closes it and
/// reports its id.
public final class MessageDialog: Widget {
    /// A dialog above `parent` with `heading` and `body`.
    public init(parent: Widget, heading: String, body: String) {
        super.init(taking: adw_message_dialog_new(addmusic_gtk_window(parent.object), heading, body))
    }

    /// Adds a button reading `label` that answers `id`; `suggested` marks the usual choice.
    public func addResponse(id: String, label: String, suggested: Bool = false) {
        let dialog = addmusic_adw_message_dialog(object)
        adw_message_dialog_add_response(dialog, id, label)
        if suggested {
            adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(dialog, id)
        }
    }

    /// The answer when the dialog is dismissed without a button (Escape).
    public func setCloseResponse(_ id: String) {
        adw_message_dialog_set_close_response(addmusic_adw_message_dialog(object), id)
    }

    /// Calls `action` with the id of the button chosen.
    public func onResponse(_ action: @escaping (String) -> Void) {
        Signal.connect(object, "response") { response in
            action(String(cString: response.assumingMemoryBound(to: CChar.self)))
        }
    }

    public func present() { gtk_window_present(addmusic_gtk_window(object)) }

    /// Closes it without an answer.
    public func close() { gtk_window_destroy(addmusic_gtk_window(object)) }
}
