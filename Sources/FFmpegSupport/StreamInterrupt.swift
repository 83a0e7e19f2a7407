import CFFmpeg
import Dispatch
import MediaModel

/// What FFmpeg's interrupt callback asks while a network stream is opened and read, so that no wait on the network
/// is unbounded: whether the owner has given the stream up (a skip, a stop, a new queue), whether opening it has
/// taken longer than its deadline, and whether a read has gone longer than the stall limit without a byte arriving.
///
/// FFmpeg calls the callback on the thread doing the I/O (the engine's decoder thread), every 100 ms or so while it
/// waits on a socket; `shouldStop` is called there too and must be quick and thread-safe. Owned by one
/// `FormatInput`; not thread-safe otherwise.
package final class StreamInterrupt {
    private let shouldStop: () -> Bool
    private let stallNanoseconds: UInt64
    private var deadline: UInt64
    private var lastBytes: Int64 = -1
    private var lastProgress: UInt64
    /// The context whose bytes are watched (owned by the `FormatInput` that owns `self`; FFmpeg's, and alive, while
    /// it opens).
    private var watched: UnsafeMutablePointer<AVFormatContext>?
    /// Set when the deadline or the stall limit stopped a wait (not when the owner gave up).
    package private(set) var timedOut = false
    /// Set once the server answered (FFmpeg's HTTP reader took its headers and made the byte reader).
    package private(set) var answered = false

    /// An interrupt that stops FFmpeg when `shouldStop` answers true, when opening takes more than `openSeconds`, or
    /// when `stallSeconds` pass without a byte read.
    package init(openSeconds: Double, stallSeconds: Double, shouldStop: @escaping () -> Bool) {
        self.shouldStop = shouldStop
        stallNanoseconds = UInt64(clamping: max(0, stallSeconds) * 1e9)
        let now = DispatchTime.now().uptimeNanoseconds
        let (sum, overflow) = now.addingReportingOverflow(UInt64(clamping: max(0, openSeconds) * 1e9))
        deadline = overflow ? .max : sum
        lastProgress = now
    }

    /// The callback FFmpeg calls before each read and while it waits: nonzero stops what it is doing.
    static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
        guard let opaque else { return 0 }
        return Unmanaged<StreamInterrupt>.fromOpaque(opaque).takeUnretainedValue().check() ? 1 : 0
    }

    private func check() -> Bool {
        if shouldStop() { return true }
        let now = DispatchTime.now().uptimeNanoseconds
        if now > deadline {
            timedOut = true
            return true
        }
        if let context = watched, let io = context.pointee.pb {
            answered = true
            let bytes = io.pointee.bytes_read
            if bytes != lastBytes {
                lastBytes = bytes
                lastProgress = now
            } else if now - lastProgress > stallNanoseconds {
                timedOut = true
                return true
            }
        }
        return false
    }

    /// Gives `context` this interrupt (before it opens). The context must not outlive `self`.
    func attach(to context: UnsafeMutablePointer<AVFormatContext>) {
        watched = context
        context.pointee.interrupt_callback = AVIOInterruptCB(
            callback: Self.callback, opaque: Unmanaged.passUnretained(self).toOpaque())
    }

    /// Ends the open deadline; from now on only stalls (and the owner) stop a wait.
    func opened() {
        deadline = .max
        lastProgress = DispatchTime.now().uptimeNanoseconds
    }

    /// Restarts the stall clock: called before each read, so that time spent not reading (paused, the buffer full)
    /// does not count as a stall.
    package func willRead() {
        lastProgress = DispatchTime.now().uptimeNanoseconds
    }
}
