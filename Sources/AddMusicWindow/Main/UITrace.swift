import AddMusicCore
import Foundation
import Gtk

/// The main window's opt-in trace, for bench/ui-latency. With `ADDMUSIC_UI_TRACE=/path/file` set, the window appends
/// one line per event to that file, each starting with the monotonic clock in microseconds (`CLOCK_MONOTONIC`, the
/// clock of GLib's `g_get_monotonic_time()` and Python's `time.monotonic()`):
///
///     <µs> key <name>                                a key press reached the window, before its shortcuts
///     <µs> state control=<play|pause> item=<n|->     the window set a new play/pause control or now-playing item
///     <µs> clock <m:ss>                              the progress line shows a new time
///     <µs> paint                                     the first frame painted after a `state` or `clock` line
///     <µs> first-frame                               the window's first frame painted
///     <µs> late <µs>                                 a 5 ms GLib timeout on the main thread fired this late (≥ 1 ms)
///
/// Unset (the default), nothing is opened or installed, and each hook in the window is one test of a nil constant.
/// The lines are for tools, never shown to the user. Main thread only; each line is one `write` to a file opened
/// for appending.
@MainActor
final class UITrace {
    /// The trace, when `ADDMUSIC_UI_TRACE` names a file that can be opened for appending; nil otherwise.
    static let shared: UITrace? = {
        guard let path = ProcessInfo.processInfo.environment["ADDMUSIC_UI_TRACE"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        return descriptor < 0 ? nil : UITrace(descriptor: descriptor)
    }()

    private let descriptor: Int32
    private var shown: (control: String, item: String)?
    private var shownClock: String?
    private var changed = false
    private var painted = false
    private var lastTick: UInt64 = 0
    private var ticker: MainThreadTimer?

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Starts tracing `window`: its key presses, its painted frames and the main thread's lateness. Call it once the
    /// window is presented (it needs its frame clock).
    func attach(to window: Widget) {
        window.onKeyPressed { [weak self] name in self?.write("key " + name) }
        window.onFramePainted { [weak self] in
            guard let self else { return }
            if !self.painted {
                self.painted = true
                self.write("first-frame")
            }
            guard self.changed else { return }
            self.changed = false
            self.write("paint")
        }
        lastTick = Self.now()
        ticker = MainThreadTimer(milliseconds: 5) { [weak self] in
            guard let self else { return }
            let now = Self.now()
            let late = Int64(now) - Int64(lastTick) - 5_000
            lastTick = now
            if late >= 1_000 { write("late \(late)", at: now) }
        }
    }

    /// The window set its play/pause control and now-playing item to these (a line only when they changed).
    func rendered(playing: Bool, item: Int?) {
        let now = (control: playing ? "pause" : "play", item: item.map(String.init) ?? "-")
        guard shown.map({ $0 != now }) ?? true else { return }
        shown = now
        changed = true
        write("state control=\(now.control) item=\(now.item)")
    }

    /// The progress line shows `clock` ("1:05"; a line only when it changed).
    func progressShown(_ clock: String) {
        guard clock != shownClock else { return }
        shownClock = clock
        changed = true
        write("clock " + clock)
    }

    private func write(_ event: String, at time: UInt64 = UITrace.now()) {
        let line = "\(time) \(event)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { Foundation.write(descriptor, $0.baseAddress, $0.count - 1) }
    }

    /// Microseconds on the monotonic clock.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1_000
    }
}
