import AddMusicCore
import Dispatch
import Gtk

/// The main window's background (B-L6): each new colour blended in from the colour shown over 3 s, eased in and
/// out, in steps of 1/15 s, or of 1/5 s where the window is painted in software. A CSS transition would repaint the
/// whole window at the display's frame rate (60 a second) for a change too slow to see between most of those frames.
/// Each step repaints the whole window too: with GTK's cairo renderer (no GPU) that is 15–35 ms of the main thread on
/// a big window, so there a blend takes 15 steps rather than 45 (`bench/ui-latency` counts the stalls). A step waits
/// while the main loop has other work (a yielding timer): the colour is worked out from the time, and a step's
/// repaint seldom runs in the same turn as another window's frame (the picker's, in `bench/picker`).
@MainActor
final class BackgroundBlend {
    /// Seconds a new colour takes to blend in.
    static let seconds = 3.0
    /// Milliseconds between steps of a blend where a GPU draws the window.
    static let step: UInt32 = 66
    /// Milliseconds between steps where GTK's cairo renderer draws it on the CPU.
    static let softwareStep: UInt32 = 200

    private let sheet: StyleSheet
    private let widget: Widget
    private var from: BackgroundAnimation.Color?
    private var to: BackgroundAnimation.Color?
    private var started: UInt64 = 0
    /// Runs while a blend is under way.
    private var timer: MainThreadTimer?
    private var loaded = ""

    /// The background of `widget` (which has the CSS class `addmusic-main`).
    init(on widget: Widget) {
        self.widget = widget
        sheet = StyleSheet(for: widget)
    }

    /// Blends to `color` from the colour shown now (the first colour is shown at once); nil takes the colour away.
    func show(_ color: BackgroundAnimation.Color?) {
        guard color != to else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard let color else {
            (from, to, timer) = (nil, nil, nil)
            return load("")
        }
        from = shown(at: now) ?? color
        to = color
        started = now
        if timer == nil {
            let step = widget.paintsInSoftware ? Self.softwareStep : Self.step
            timer = MainThreadTimer(milliseconds: step, yielding: true) { [weak self] in
                MainActor.assumeIsolated { self?.advance() }
            }
        }
        advance()
    }

    /// How far the blend is at `time`: 0 at its start, 1 once done.
    private func progress(at time: UInt64) -> Double { min(1, Double(time &- started) / 1e9 / Self.seconds) }

    /// The colour of the blend at `time`, nil without one.
    private func shown(at time: UInt64) -> BackgroundAnimation.Color? {
        guard let from, let to else { return nil }
        let progress = progress(at: time)
        return from.blended(to: to, fraction: progress * progress * (3 - 2 * progress))
    }

    private func advance() {
        let now = DispatchTime.now().uptimeNanoseconds
        guard let color = shown(at: now) else { return }
        load(".addmusic-main { background-color: \(color); }")
        // The blend is done: the timer stops (GLib keeps the running callback alive until it returns).
        if progress(at: now) == 1 { timer = nil }
    }

    /// Loads `css` unless it is what the sheet holds (a colour of the same bytes is not drawn again).
    private func load(_ css: String) {
        guard css != loaded else { return }
        loaded = css
        sheet.load(css)
    }
}
