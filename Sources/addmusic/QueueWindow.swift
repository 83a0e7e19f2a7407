import AddMusicCore
import Foundation
import Gtk
import MediaLibrary
import MediaModel

/// The queue view (B-A6): the queue in order with the playing item marked, Add More (the picker over it) and Done.
/// On the main thread; `show(_:)` redraws it from the controller's state.
@MainActor
final class QueueWindow {
    private let window: DialogWindow
    private let list = TextList()
    /// The queue version and playing index drawn last.
    private var shown: (version: Int, index: Int?)?

    init(parent: Widget, controller: AppController, text: Localizer) {
        window = DialogWindow(parent: parent, title: text.string("queue.title"), width: 480, height: 560)
        let addMore = Button(label: text.string("queue.addMore"))
        let done = Button(label: text.string("Done"))
        let header = HeaderBar(leading: addMore, suggested: done)
        list.setListLabel(text.string("queue.title"))
        window.setContent(header: header, body: list)
        addMore.onClick { controller.addMoreFromQueue() }
        done.onClick { controller.queueDone() }
        window.onCloseRequest { controller.queueDone() }
        window.present()
    }

    /// Shows the queue of `state`, the playing item marked with ▶.
    func show(_ state: MainScreenState) {
        if let shown, shown.version == state.queue.version, shown.index == state.nowPlayingIndex { return }
        shown = (state.queue.version, state.nowPlayingIndex)
        list.setRows(
            state.queue.items.enumerated().map { index, item in
                let mark = index == state.nowPlayingIndex ? "▶ " : "    "
                return mark + RowText.song(item)
            })
    }

    /// The window, for dialogs over it.
    var dialog: Widget { window }

    func close() { window.close() }
}
