import AddMusicCore
import Gtk

/// The controller's passing messages shown as toasts over a window's content, each once; a message with an action
/// (Undo) gets its button, which sends the action back to the controller. On the main thread.
@MainActor
final class MessageToasts {
    let overlay: ToastOverlay
    private let controller: AppController
    /// The message shown last.
    private var lastMessageID: Int?

    /// Toasts over `content`; a message already up when they are made is shown only with `showingCurrent`.
    init(content: Widget, controller: AppController, showingCurrent: Bool) {
        overlay = ToastOverlay(content: content)
        self.controller = controller
        lastMessageID = showingCurrent ? nil : controller.state.message?.id
    }

    /// Shows the message of `state` if it is new.
    func show(_ state: MainScreenState) {
        if let message = state.message, message.id != lastMessageID {
            let controller = self.controller
            let action = message.action.map { action in { controller.perform(action.action) } }
            overlay.show(RowText.shown(message.text), button: message.action?.label, action: action)
        }
        lastMessageID = state.message?.id
    }
}
