import CGtk

/// The system's dialog for choosing a folder or a file to open (through the desktop portal where there is one).
public final class FileChooser {
    /// What is chosen.
    public enum Kind {
        case folder
        /// A file; `imageFilter` names the filter that shows pictures only, when set.
        case file(imageFilter: String?)
    }

    private let dialog: OpaquePointer

    /// A chooser of `kind` above `parent`, titled `title`, its button reading `accept`.
    public init(parent: Widget, kind: Kind, title: String, accept: String, cancel: String) {
        let action: GtkFileChooserAction
        switch kind {
        case .folder: action = GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .file: action = GTK_FILE_CHOOSER_ACTION_OPEN
        }
        dialog = gtk_file_chooser_native_new(title, addmusic_gtk_window(parent.object), action, accept, cancel)
        if case .file(let imageFilter?) = kind, let filter = gtk_file_filter_new() {
            gtk_file_filter_set_name(filter, imageFilter)
            gtk_file_filter_add_pixbuf_formats(filter)
            gtk_file_chooser_add_filter(addmusic_gtk_file_chooser(UnsafeMutableRawPointer(dialog)), filter)
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(dialog)) }

    /// Shows it; `action` gets the chosen folder's or file's path (not called when cancelled). The chooser keeps itself
    /// until it answers.
    public func present(_ action: @escaping (String) -> Void) {
        let native = addmusic_gtk_native_dialog(UnsafeMutableRawPointer(dialog))
        // The handler holds the chooser until it answers; destroying the dialog drops its handlers, and so the
        // chooser, once the answer is handled.
        Signal.connect(UnsafeMutableRawPointer(dialog), "response") { [self] (response: Int32) in
            defer { gtk_native_dialog_destroy(native) }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                let file = gtk_file_chooser_get_file(addmusic_gtk_file_chooser(UnsafeMutableRawPointer(self.dialog)))
            else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            action(String(cString: path))
        }
        gtk_native_dialog_show(native)
    }
}
