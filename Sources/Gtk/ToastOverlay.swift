import CGtk

/// Shows passing messages ("toasts") over its content for a few seconds each (libadwaita's toast overlay).
public final class ToastOverlay: Widget {
    private let content: Widget

    /// An overlay over `content`.
    public init(content: Widget) {
        self.content = content
        super.init(taking: adw_toast_overlay_new())
        adw_toast_overlay_set_child(addmusic_adw_toast_overlay(object), content.pointer)
    }

    /// Shows `message` (as text, no markup) for a few seconds; with `button`, a button reading it that calls
    /// `action` (the toast then stays a little longer).
    public func show(_ message: String, button: String? = nil, action: (() -> Void)? = nil) {
        guard let toast = adw_toast_new("") else { return }
        if let button, let action {
            adw_toast_set_button_label(toast, button)
            Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked", action)
        }
        // The title is markup; the message goes in escaped so a tag's "<" or "&" shows as written.
        let escaped = g_markup_escape_text(message, -1)
        adw_toast_set_title(toast, escaped)
        g_free(escaped)
        adw_toast_set_timeout(toast, button == nil ? 4 : 8)
        adw_toast_overlay_add_toast(addmusic_adw_toast_overlay(object), toast)  // takes the toast
    }
}
