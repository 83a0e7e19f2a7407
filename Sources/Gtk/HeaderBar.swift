import CGtk
import Foundation

/// libadwaita's header bar: the window's title area with controls at its start and end.
public final class HeaderBar: Widget {
    private var children: [Widget] = []

    public init() { super.init(taking: adw_header_bar_new()) }

    /// A dialog's header: `leading` at the start, the usual choice `suggested` (Done) at the end, and no window
    /// buttons (the two are the ways out).
    public convenience init(leading: Button, suggested: Button) {
        self.init()
        hideWindowButtons()
        suggested.addCSSClass("suggested-action")
        packStart(leading)
        packEnd(suggested)
    }

    /// Puts `child` at the start (left in left-to-right languages).
    public func packStart(_ child: Widget) {
        children.append(child)
        adw_header_bar_pack_start(addmusic_adw_header_bar(object), child.pointer)
    }

    /// Puts `child` at the end.
    public func packEnd(_ child: Widget) {
        children.append(child)
        adw_header_bar_pack_end(addmusic_adw_header_bar(object), child.pointer)
    }

    /// Shows `child` where the title goes.
    public func setTitle(_ child: Widget) {
        children.append(child)
        adw_header_bar_set_title_widget(addmusic_adw_header_bar(object), child.pointer)
    }

    /// Hides the window's own close button (a dialog with Cancel and Done has its own way out).
    public func hideWindowButtons() {
        adw_header_bar_set_show_end_title_buttons(addmusic_adw_header_bar(object), 0)
        adw_header_bar_set_show_start_title_buttons(addmusic_adw_header_bar(object), 0)
    }
}
