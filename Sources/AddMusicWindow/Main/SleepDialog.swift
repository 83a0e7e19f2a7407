import AddMusicCore
import Gtk

/// The sleep timer's choices (B-P11): a few times, the end of this song, the end of the queue. A choice starts the
/// timer and closes the dialog. Main thread only.
@MainActor
final class SleepDialog {
    private let dialog: DialogWindow
    private var parts: [Widget] = []

    /// The times offered, in minutes.
    static let minutes = [15, 30, 45, 60, 90]

    init(parent: Widget, controller: AppController, text: Localizer) {
        dialog = DialogWindow(parent: parent, title: text.string("sleep.title"), width: 300, height: 360)
        let column = Box(vertical: true, spacing: 6)
        column.setMargins(12)
        var choices: [(String, SleepPlan)] = Self.minutes.map {
            (text.string("sleep.minutes", $0), .after(seconds: Double($0) * 60))
        }
        choices += [(text.string("sleep.endOfSong"), .endOfSong), (text.string("sleep.endOfQueue"), .endOfQueue)]
        for (label, plan) in choices {
            let button = Button(label: label)
            button.onClick { [weak self, controller] in
                controller.startSleep(plan)
                self?.dialog.close()
            }
            column.append(button)
            parts.append(button)
        }
        parts.append(column)
        dialog.setContent(header: HeaderBar(), body: column)
    }

    func present() { dialog.present() }
}
