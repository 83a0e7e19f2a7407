import CGtk

/// The system's dialog for choosing a folder (through the desktop portal where there is one).
public final class FolderChooser {
    private let dialog: OpaquePointer

    /// A folder chooser above `parent`, titled `title`, its button reading `accept`.
    public init(parent: Widget, title: String, accept: String, cancel: String) {
        dialog = gtk_file_chooser_native_new(
            title, addmusic_gtk_window(parent.object), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept, cancel)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(dialog)) }

    /// Shows it; `action` gets the chosen folder's path (not called when cancelled). The chooser keeps itself
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
