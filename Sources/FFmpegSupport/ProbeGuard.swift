import CFFmpeg
import Dispatch
import MediaModel

/// The limits FFmpeg's interrupt callback reads while a file is probed: a deadline and a byte cap, checked against
/// the demuxer's own count of bytes read. Owned by one `FormatInput`; the callback runs on that input's thread.
final class ProbeGuard {
    /// The callback's view, at a stable address for FFmpeg's `opaque` pointer.
    struct Limits {
        var deadline: UInt64
        /// The cap of the stage under way, counted from `base` (the bytes read when it began).
        var maximumBytes: Int64
        var base: Int64
        var context: UnsafeMutablePointer<AVFormatContext>?
        /// 0 while within the budget, 1 past the deadline, 2 past the byte cap.
        var exceeded: Int32
    }

    let limits: UnsafeMutablePointer<Limits>
    let budget: ProbeBudget
    private var packetStageBegun = false

    init(_ budget: ProbeBudget) {
        self.budget = budget
        limits = .allocate(capacity: 1)
        let nanoseconds = UInt64(clamping: budget.seconds * 1e9)
        let now = DispatchTime.now().uptimeNanoseconds
        limits.initialize(
            to: Limits(
                deadline: now.addingReportingOverflow(nanoseconds).overflow ? .max : now + nanoseconds,
                maximumBytes: budget.maximumHeaderBytes, base: 0, context: nil, exceeded: 0))
    }

    deinit { limits.deallocate() }

    /// The callback FFmpeg calls before each read and in its long loops: nonzero stops what it is doing.
    static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
        guard let limits = opaque?.assumingMemoryBound(to: Limits.self) else { return 0 }
        if limits.pointee.exceeded != 0 { return 1 }
        if DispatchTime.now().uptimeNanoseconds > limits.pointee.deadline {
            limits.pointee.exceeded = 1
        } else if let io = limits.pointee.context?.pointee.pb,
            io.pointee.bytes_read - limits.pointee.base > limits.pointee.maximumBytes
        {
            limits.pointee.exceeded = 2
        }
        return limits.pointee.exceeded != 0 ? 1 : 0
    }

    /// The interrupt callback to give a context before it opens.
    func attach(to context: UnsafeMutablePointer<AVFormatContext>) {
        limits.pointee.context = context
        context.pointee.interrupt_callback = AVIOInterruptCB(
            callback: Self.callback, opaque: UnsafeMutableRawPointer(limits))
    }

    /// Begins the packet stage: from here the packet cap counts, instead of the header's.
    func beginPacketStage() {
        // Once: the MP3 header read and the stream information share one packet allowance.
        guard !packetStageBegun, limits.pointee.maximumBytes != .max else { return }
        packetStageBegun = true
        limits.pointee.base = limits.pointee.context?.pointee.pb?.pointee.bytes_read ?? 0
        limits.pointee.maximumBytes = budget.maximumPacketBytes
    }

    /// Lifts the limits (once a probe is done and decoding starts, which takes as long as the song).
    func lift() {
        limits.pointee.deadline = .max
        limits.pointee.maximumBytes = .max
    }

    /// The error that says which limit stopped the probe, or nil while none has.
    var overrun: FFmpegError? {
        switch limits.pointee.exceeded {
        case 1: return FFmpegError(overrun: .deadline(budget.seconds))
        case 2: return FFmpegError(overrun: .bytes(limits.pointee.maximumBytes))
        default: return nil
        }
    }
}
