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

/// A line or paragraph of text; text is shown as text (no markup is interpreted).
public final class Label: Widget {
    /// A label reading `text`.
    public init(_ text: String = "") {
        super.init(taking: gtk_label_new(text))
        gtk_label_set_wrap(addmusic_gtk_label(object), 1)
        gtk_label_set_justify(addmusic_gtk_label(object), GTK_JUSTIFY_CENTER)
    }

    /// The text.
    public var text: String {
        get { String(cString: gtk_label_get_text(addmusic_gtk_label(object))) }
        set { gtk_label_set_text(addmusic_gtk_label(object), newValue) }
    }
}

/// A picture: an icon by name, or image bytes (PNG, JPEG, …) scaled to its pixel size.
public final class Image: Widget {
    /// An image showing the icon `iconName`, `pixelSize` pixels square.
    public init(iconName: String, pixelSize: Int32) {
        super.init(taking: gtk_image_new_from_icon_name(iconName))
        gtk_image_set_pixel_size(addmusic_gtk_image(object), pixelSize)
    }

    /// Shows the icon `name`.
    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(addmusic_gtk_image(object), name) }

    /// Shows the picture in `bytes`; false (and the picture unchanged) when GTK cannot decode it.
    @discardableResult
    public func setPicture(_ bytes: [UInt8]) -> Bool {
        guard let texture = Texture(bytes: bytes) else { return false }
        setTexture(texture)
        return true
    }

    /// Shows `texture`, scaled to the image's size.
    public func setTexture(_ texture: Texture) {
        gtk_image_set_from_paintable(addmusic_gtk_image(object), texture.pointer)
    }
}

/// Lays children out in a row or a column.
public final class Box: Widget {
    private var children: [Widget] = []

    /// A vertical (or horizontal) box with `spacing` points between children.
    public init(vertical: Bool = true, spacing: Int32 = 12) {
        super.init(taking: gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
    }

    /// A window's column: `header` above `body`.
    convenience init(header: Widget, body: Widget) {
        self.init(vertical: true, spacing: 0)
        append(header)
        append(body)
    }

    /// Adds `child` at the end; the box keeps it.
    public func append(_ child: Widget) {
        children.append(child)
        gtk_box_append(addmusic_gtk_box(object), child.pointer)
    }
}

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
