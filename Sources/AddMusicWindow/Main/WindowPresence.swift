import AddMusicCore
import Gtk

/// The main window's coming and going over one run: made at the first activation, with what the launch named
/// opened in it; brought up again (as it was, if it was closed while music played) by each later activation — another
/// launch, MPRIS Raise — and by files opened from outside.
@MainActor
public final class WindowPresence {
    private let application: Application
    private let controller: AppController
    /// What the picker browses: it follows the player when the music moves to the other one (B-P7).
    public var source: PickerSource? {
        didSet { window?.source = source }
    }
    private let text: Localizer
    private var launchLocations: [String]
    private(set) var window: MainWindow?
    /// Tells the desktop of each new song while the window is not in front (made with the window).
    private var notifier: SongNotifier?

    public init(
        application: Application, controller: AppController, source: PickerSource?, text: Localizer,
        locations: [String]
    ) {
        self.application = application
        self.controller = controller
        self.source = source
        self.text = text
        launchLocations = locations
    }

    /// Makes the window (opening the launch's locations) or brings it up.
    public func show() {
        if let window { return window.present() }
        let made = MainWindow(application: application, controller: controller, source: source, text: text)
        window = made
        notifier = SongNotifier(application: application, controller: controller, text: text) { [weak made] in
            made?.window.isInFront ?? false
        }
        controller.open(launchLocations)
        launchLocations = []
    }

    /// Brings the window up and opens `locations` in it.
    public func open(_ locations: [String]) {
        show()
        controller.open(locations)
    }
}
