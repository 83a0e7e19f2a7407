import Foundation

/// An output that writes a WAV file, as fast as it is fed; the header's sizes are set on `close`. The file is 16-bit
/// PCM at the rate and channels opened, dithered from samples that carry more; a queue of several formats is written
/// one after another, the header naming the last.
public final class WAVFileOutput: AudioOutput, @unchecked Sendable {  // every mutable property behind `lock`
    /// The file written.
    public let path: String
    private let lock = NSLock()
    private var handle: FileHandle?
    private var format = PCMFormat()
    private var dataBytes = 0
    private var paused = false
    private var writer = SampleWriter()
    /// The 16-bit samples of one write, kept between writes.
    private var bytes: [UInt8] = []

    /// An output into the file at `path` (replaced if it exists).
    public init(path: String) { self.path = path }

    public func open(_ format: PCMFormat) throws {
        lock.lock()
        defer { lock.unlock() }
        guard handle == nil else {
            self.format = Self.written(format)
            return
        }
        let format = Self.written(format)
        guard FileManager.default.createFile(atPath: path, contents: header(format: format, dataBytes: 0)) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle?.seekToEnd()
        self.format = format
        dataBytes = 0
    }

    /// The format the file holds for samples of `format`: 16-bit, at its rate and channels.
    private static func written(_ format: PCMFormat) -> PCMFormat {
        var written = format
        written.sampleFormat = .s16
        return written
    }

    public func write(_ samples: UnsafeBufferPointer<Float>, precision: Int) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let handle else { return samples.count }
        let count = samples.count * 2
        if bytes.count < count { bytes = Array(repeating: 0, count: count) }
        bytes.withUnsafeMutableBytes { writer.write(samples, as: .s16, precision: precision, to: $0.baseAddress!) }
        try bytes.withUnsafeBytes { try handle.write(contentsOf: Data($0[..<count])) }
        dataBytes += count
        return samples.count
    }

    public func pause() {}
    public func resume() {}
    public func flush() {}
    public func drain() throws {}
    public var delay: Double { 0 }

    /// Sets the header's sizes and closes the file.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard let handle else { return }
        try? handle.seek(toOffset: 0)
        try? handle.write(contentsOf: header(format: format, dataBytes: dataBytes))
        try? handle.close()
        self.handle = nil
    }

    /// The 44-byte RIFF/WAVE header for 16-bit PCM of `format` with `dataBytes` of samples.
    private func header(format: PCMFormat, dataBytes: Int) -> Data {
        var data = Data()
        func append32(_ value: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
        }
        func append16(_ value: Int) {
            withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8))
        append32(36 + dataBytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append32(16)
        append16(1)
        append16(format.channels)
        append32(format.sampleRate)
        append32(format.sampleRate * format.bytesPerFrame)
        append16(format.bytesPerFrame)
        append16(16)
        data.append(contentsOf: Array("data".utf8))
        append32(dataBytes)
        return data
    }
}
