import CGtk

extension Widget {
    /// Opens `uri` (a web page) in the desktop's browser, over the widget's window; returns at once (the desktop
    /// starts the browser; nothing opens where there is none).
    public func openInBrowser(_ uri: String) {
        let window = gtk_widget_get_root(pointer).flatMap { addmusic_gtk_window(UnsafeMutableRawPointer($0)) }
        gtk_show_uri(window, uri, UInt32(GDK_CURRENT_TIME))
    }
}
