import CGtk

/// Pages shown one at a time, with a switcher of their titles (libadwaita's view stack and switcher).
public final class Pages: Widget {
    private var children: [Widget] = []
    /// The switcher, to put in a header bar or above the pages.
    public let switcher: Widget

    /// Pages whose switcher shows each title beside its icon (`compact`: below it, for many pages); the switcher is
    /// empty until `fillSwitcher` is called.
    public init(compact: Bool = false) {
        let switcherWidget = adw_view_switcher_new()!
        switcher = Widget(taking: switcherWidget)
        super.init(taking: adw_view_stack_new())
        adw_view_switcher_set_policy(
            addmusic_adw_view_switcher(switcher.object),
            compact ? ADW_VIEW_SWITCHER_POLICY_NARROW : ADW_VIEW_SWITCHER_POLICY_WIDE)
    }

    /// Gives the switcher a button for each page, added or to be added. Its buttons are libadwaita templates, about
    /// a millisecond each to make: a window that must not wait calls this on its own turn of the main loop.
    public func fillSwitcher() {
        adw_view_switcher_set_stack(addmusic_adw_view_switcher(switcher.object), addmusic_adw_view_stack(object))
    }

    /// Adds `page` named `name`, titled `title` with the icon `iconName` in the switcher.
    public func add(_ page: Widget, name: String, title: String, iconName: String) {
        children.append(page)
        let added = adw_view_stack_add_titled(addmusic_adw_view_stack(object), page.pointer, name, title)
        adw_view_stack_page_set_icon_name(added, iconName)
    }

    /// The name of the page shown; setting it shows that page.
    public var visibleName: String {
        get { adw_view_stack_get_visible_child_name(addmusic_adw_view_stack(object)).map { String(cString: $0) } ?? "" }
        set { adw_view_stack_set_visible_child_name(addmusic_adw_view_stack(object), newValue) }
    }

    /// Calls `action` each time another page is shown.
    public func onSwitch(_ action: @escaping () -> Void) {
        Signal.connect(object, "notify::visible-child-name") { (_: gpointer) in action() }
    }
}
