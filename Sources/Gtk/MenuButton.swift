import CGtk

/// A header-bar button that opens a short menu of commands (a popover of flat buttons; each closes the menu and
/// calls its closure).
public final class MenuButton: Widget {
    private let popover: Widget
    private let column = Box(vertical: true, spacing: 0)
    private var items: [Button] = []

    /// A menu button showing the icon `iconName`, named `accessibleLabel` for assistive technologies.
    public init(iconName: String, accessibleLabel: String) {
        popover = Widget(taking: gtk_popover_new())
        super.init(taking: gtk_menu_button_new())
        gtk_menu_button_set_icon_name(addmusic_gtk_menu_button(object), iconName)
        gtk_popover_set_child(addmusic_gtk_popover(popover.object), column.pointer)
        gtk_menu_button_set_popover(addmusic_gtk_menu_button(object), popover.pointer)
        setAccessibleLabel(accessibleLabel)
    }

    /// Adds a command reading `label`; the button is returned so that its label and sensitivity can change.
    @discardableResult
    public func addItem(_ label: String, _ action: @escaping () -> Void) -> Button {
        let item = Button(label: label)
        item.addCSSClass("flat")
        item.onClick { [popover] in
            gtk_popover_popdown(addmusic_gtk_popover(popover.object))
            action()
        }
        items.append(item)
        column.append(item)
        return item
    }
}
