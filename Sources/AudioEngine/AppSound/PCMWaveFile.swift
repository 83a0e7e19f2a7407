import Foundation

/// The samples of a plain WAV file — 16-bit PCM in `WAVE_FORMAT_PCM` or `WAVE_FORMAT_EXTENSIBLE` — read without
/// FFmpeg, so that a short sound in the format a player wants (the bundled app sound) plays in a process that never
/// opens FFmpeg's libraries. Anything else (another sample format, a rate or channels the player would have to
/// convert, a damaged header) is left to FFmpeg.
struct PCMWaveFile {
    /// The samples, interleaved, as floats at full scale ±1.
    let samples: [Float]
    let format: PCMFormat

    /// Seconds of sound.
    var duration: Double { Double(samples.count / format.channels) / Double(format.sampleRate) }

    /// The file at `path` when it is a 16-bit PCM WAV of `wanted`'s rate and channels (read whole: meant for short
    /// sounds); nil otherwise.
    init?(path: [UInt8], matching wanted: PCMFormat) {
        let name = String(decoding: path, as: UTF8.self)
        guard name.lowercased().hasSuffix(".wav"), let data = FileManager.default.contents(atPath: name) else {
            return nil
        }
        self.init(bytes: [UInt8](data), matching: wanted)
    }

    /// The sound in `bytes` (a whole WAV file), as `init(path:matching:)` says.
    init?(bytes: [UInt8], matching wanted: PCMFormat) {
        guard bytes.count >= 12, Self.tag(bytes, at: 0) == "RIFF", Self.tag(bytes, at: 8) == "WAVE" else { return nil }
        var offset = 12
        var layout: (channels: Int, rate: Int)?
        while offset + 8 <= bytes.count {
            let size = Self.number(bytes, at: offset + 4, bytes: 4)
            let body = offset + 8
            guard size <= bytes.count - body else { return nil }
            switch Self.tag(bytes, at: offset) {
            case "fmt " where size >= 16:
                guard Self.isPCM(bytes, at: body, size: size), Self.number(bytes, at: body + 14, bytes: 2) == 16
                else { return nil }
                layout = (Self.number(bytes, at: body + 2, bytes: 2), Self.number(bytes, at: body + 4, bytes: 4))
            case "data":
                guard let layout, layout.channels == wanted.channels, layout.rate == wanted.sampleRate else {
                    return nil
                }
                let count = size / 2 / layout.channels * layout.channels
                samples = (0..<count).map { index in
                    let low = UInt16(bytes[body + 2 * index]), high = UInt16(bytes[body + 2 * index + 1])
                    return Float(Int16(bitPattern: low | high << 8)) / 32_768
                }
                format = wanted
                return
            default: break
            }
            offset = body + size + (size & 1)  // chunks are padded to an even length
        }
        return nil
    }

    /// Whether the `fmt ` chunk at `body` describes integer PCM: format tag 1, or the extensible tag (0xFFFE) whose
    /// sub-format GUID begins with 1.
    private static func isPCM(_ bytes: [UInt8], at body: Int, size: Int) -> Bool {
        switch number(bytes, at: body, bytes: 2) {
        case 1: return true
        case 0xFFFE: return size >= 40 && number(bytes, at: body + 24, bytes: 2) == 1
        default: return false
        }
    }

    private static func tag(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    /// The little-endian unsigned number of `count` bytes at `offset`.
    private static func number(_ bytes: [UInt8], at offset: Int, bytes count: Int) -> Int {
        (0..<count).reduce(0) { value, index in value | Int(bytes[offset + index]) << (8 * index) }
    }
}
