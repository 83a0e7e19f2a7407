import CPulseAudio
import Foundation

/// Writing, on the engine's output thread: samples in the stream's format, waiting under the loop's lock for room.
extension PulseOutput {
    /// Hands `samples` to the server, waiting for room. While the server is away (killed, restarting) it waits
    /// for the connection to bring it back, holding the samples, and goes on with them. A `flush()`, `interrupt()` or
    /// `close()` ends the call at once: the rest of the samples are not taken. Returns how many were.
    /// - Throws: `PulseError` when the server refuses the stream (a device that does not exist) or, having never
    ///   answered, the connection.
    ///
    /// The samples are written in the stream's sample format (floats as they are; integers rounded, or dithered
    /// where `precision` exceeds them), converted a piece at a time into memory allocated once, outside the lock.
    public func write(_ samples: UnsafeBufferPointer<Float>, precision: Int) throws -> Int {
        let mark = state.withLock { flushes }
        var remaining = samples
        while !remaining.isEmpty {
            let taken = samples.count - remaining.count
            let format = state.withLock { streamFormat }
            let frames = max(1, min(remaining.count, Self.scratchSamples) / max(1, format.channels))
            let count = min(remaining.count, frames * format.channels)
            let piece = UnsafeBufferPointer(rebasing: remaining[..<count])
            let bytes: UnsafeRawBufferPointer
            if format.sampleFormat == .float32 {
                bytes = UnsafeRawBufferPointer(piece)
            } else {
                sampleWriter.write(piece, as: format.sampleFormat, precision: precision, to: scratch)
                bytes = UnsafeRawBufferPointer(start: scratch, count: count * format.sampleFormat.bytesPerSample)
            }
            var written = 0
            switch try writeBytes(bytes, as: format, since: mark, written: &written) {
            case .cancelled:
                return taken + written / format.sampleFormat.bytesPerSample
            case .formatChanged: continue
            case .done: remaining = UnsafeBufferPointer(rebasing: remaining[count...])
            }
        }
        return samples.count
    }

    enum WriteOutcome {
        case done, cancelled, formatChanged
    }

    /// Hands `bytes` of the stream's `format` to the server, as `write` says, counting in `written` the bytes it took.
    func writeBytes(_ given: UnsafeRawBufferPointer, as format: PCMFormat, since mark: Int, written: inout Int) throws
        -> WriteOutcome
    {
        var bytes = given
        var taken = 0
        defer { written = taken }
        return try withLoop { connection -> WriteOutcome in
            while !bytes.isEmpty {
                if isCancelled(since: mark) { return .cancelled }
                // The server refused the format meanwhile: convert again for the stream that replaced it.
                if state.withLock({ streamFormat }) != format { return .formatChanged }
                if let streamFailure { throw PulseError(code: streamFailure, operation: "open a playback stream") }
                if stream == nil, let refusal = connection.refusalLocked {
                    throw PulseError(code: refusal, operation: "connect to the audio server")
                }
                // No stream while the server is away (its return makes one), or one the server has not readied yet.
                guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY else {
                    connection.waitLocked()
                    continue
                }
                let room = pa_stream_writable_size(stream)
                let count = min(max(0, room), bytes.count) / format.bytesPerFrame * format.bytesPerFrame
                if count == 0 {
                    connection.waitLocked()
                    continue
                }
                // A failed write means the connection broke: its state callback releases the stream.
                if pa_stream_write(stream, bytes.baseAddress, count, nil, 0, PA_SEEK_RELATIVE) < 0 {
                    connection.waitLocked()
                    continue
                }
                bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
                taken += count
            }
            return .done
        } ?? .cancelled
    }

    func isCancelled(since mark: Int) -> Bool { state.withLock { flushes != mark || closed } }
}
