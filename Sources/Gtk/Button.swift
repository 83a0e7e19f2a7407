import CGtk
import Foundation

/// A push button with a text label (or an icon), calling a closure when clicked.
public final class Button: Widget {
    /// A button reading `label`.
    public init(label: String) { super.init(taking: gtk_button_new_with_label(label)) }

    /// A button showing the icon `iconName`; `accessibleLabel` names it for assistive technologies.
    public init(iconName: String, accessibleLabel: String) {
        super.init(taking: gtk_button_new_from_icon_name(iconName))
        setAccessibleLabel(accessibleLabel)
    }

    /// The text it reads.
    public var label: String {
        get { gtk_button_get_label(addmusic_gtk_button(object)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(addmusic_gtk_button(object), newValue) }
    }

    /// The icon it shows.
    public func setIconName(_ name: String) { gtk_button_set_icon_name(addmusic_gtk_button(object), name) }

    /// Calls `action` on each click.
    public func onClick(_ action: @escaping () -> Void) { Signal.connect(object, "clicked", action) }
}
