import CGtk

/// Long text in a label cut short rather than wrapped.
extension Label {
    /// Keeps the text on one line, cut short with an ellipsis at its end when it does not fit.
    public func ellipsize() {
        let label = addmusic_gtk_label(object)
        gtk_label_set_wrap(label, 0)
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(label, 1)
    }
}
