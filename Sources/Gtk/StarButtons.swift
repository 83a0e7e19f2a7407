import CGtk

/// Five small toggle buttons in a row, one a star: the stars up to the rating are filled and pressed in (so
/// assistive technologies read the rating as the stars pressed), and a click on star N asks for N stars, or for
/// none when N is the rating already (shown at once). The parts of `StarRating`, in plain GTK calls.
enum StarButtons {
    /// A row of five star buttons named `labels[0…4]` ("1 star" … "5 stars"), calling `rate` with the stars a click
    /// asks for. The row's reference is floating, as `gtk_box_new` returns it.
    static func make(labels: [String], rate: @escaping (_ stars: Int) -> Void)
        -> UnsafeMutablePointer<GtkWidget>
    {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(row, "star-rating")
        for star in 1...5 {
            let button = gtk_toggle_button_new()!
            gtk_button_set_icon_name(addmusic_gtk_button(UnsafeMutableRawPointer(button)), empty)
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "circular")
            let label = labels.indices.contains(star - 1) ? labels[star - 1] : "\(star)"
            addmusic_set_accessible_label(UnsafeMutableRawPointer(button), label)
            gtk_widget_set_tooltip_text(button, label)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            // "clicked" comes from a click or a key only (setting the state emits "toggled"), after the button has
            // flipped its own state; the rating shown is set again from what the click asks.
            // The handler lives as long as the button (a plain pointer to it keeps no reference), whose parent is
            // the row.
            Signal.connect(UnsafeMutableRawPointer(button), "clicked") {
                guard let row = gtk_widget_get_parent(button) else { return }
                let stars = star == rating(of: row) ? 0 : star
                show(stars, on: row)
                rate(stars)
            }
            gtk_box_append(addmusic_gtk_box(UnsafeMutableRawPointer(row)), button)
        }
        return row
    }

    /// Shows `stars` (0–5) on `row`; nil hides the row (a song that cannot be rated). Only what differs is set: a
    /// new icon or state makes GTK lay the window out again and tell assistive technologies, and the window draws
    /// every new state of the controller.
    static func show(_ stars: Int?, on row: UnsafeMutablePointer<GtkWidget>) {
        if (gtk_widget_get_visible(row) != 0) != (stars != nil) { gtk_widget_set_visible(row, stars == nil ? 0 : 1) }
        guard let stars else { return }
        var button = gtk_widget_get_first_child(row)
        var star = 1
        while let current = button {
            let on = star <= stars
            let toggle = addmusic_gtk_toggle_button(UnsafeMutableRawPointer(current))
            if (gtk_toggle_button_get_active(toggle) != 0) != on { gtk_toggle_button_set_active(toggle, on ? 1 : 0) }
            let icon = gtk_button_get_icon_name(addmusic_gtk_button(UnsafeMutableRawPointer(current)))
            if icon.map({ String(cString: $0) }) != (on ? filled : empty) {
                gtk_button_set_icon_name(addmusic_gtk_button(UnsafeMutableRawPointer(current)), on ? filled : empty)
            }
            button = gtk_widget_get_next_sibling(current)
            star += 1
        }
    }

    /// The stars `row` shows: how many of its buttons are filled.
    static func rating(of row: UnsafeMutablePointer<GtkWidget>) -> Int {
        var button = gtk_widget_get_first_child(row)
        var stars = 0
        while let current = button {
            let icon = gtk_button_get_icon_name(addmusic_gtk_button(UnsafeMutableRawPointer(current)))
            if let icon, String(cString: icon) == filled { stars += 1 }
            button = gtk_widget_get_next_sibling(current)
        }
        return stars
    }

    private static let filled = "starred-symbolic"
    private static let empty = "non-starred-symbolic"
}
