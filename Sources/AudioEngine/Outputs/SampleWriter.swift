/// Writes the engine's float samples in a stream's sample format: rounded to the nearest step where the samples
/// carry no more resolution than the format holds (so 16- and 24-bit songs come out bit for bit), and with TPDF
/// dither where they carry more (a 24-bit song on a 16-bit stream, a ReplayGain factor, a resampled song): the
/// reduction is heard as a faint, even noise instead of distortion. Clipped at full scale. Allocates nothing.
/// Not thread-safe: one writer owns it (its dither noise has a state).
struct SampleWriter {
    private var noise: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Writes `samples` as `format` at `destination` (room for `samples.count * format.bytesPerSample` bytes),
    /// dithering when `precision` (the bits the samples carry) exceeds the format's.
    mutating func write(
        _ samples: UnsafeBufferPointer<Float>, as format: PCMSampleFormat, precision: Int,
        to destination: UnsafeMutableRawPointer
    ) {
        let dither = precision > format.bits
        switch format {
        case .float32:
            destination.copyMemory(from: samples.baseAddress!, byteCount: samples.count * 4)
        case .s16:
            let out = destination.assumingMemoryBound(to: Int16.self)
            for index in samples.indices {
                let value = quantize(samples[index] * 32_768, dither: dither, limit: 32_767)
                out[index] = Int16(truncatingIfNeeded: value).littleEndian
            }
        case .s24:
            let out = destination.assumingMemoryBound(to: UInt8.self)
            for index in samples.indices {
                let value = UInt32(bitPattern: quantize(samples[index] * 8_388_608, dither: dither, limit: 8_388_607))
                out[3 * index] = UInt8(truncatingIfNeeded: value)
                out[3 * index + 1] = UInt8(truncatingIfNeeded: value >> 8)
                out[3 * index + 2] = UInt8(truncatingIfNeeded: value >> 16)
            }
        case .s32:
            // A float holds 24 bits: it never needs dither to reach 32.
            let out = destination.assumingMemoryBound(to: Int32.self)
            for index in samples.indices {
                let scaled = (Double(samples[index]) * 2_147_483_648).rounded(.toNearestOrAwayFromZero)
                let value =
                    scaled >= 2_147_483_647
                    ? Int32.max : scaled <= -2_147_483_648 ? Int32.min : scaled.isNaN ? 0 : Int32(scaled)
                out[index] = value.littleEndian
            }
        }
    }

    /// `scaled` (in steps of the target format) rounded to a whole step, plus triangular noise of ±1 step when
    /// `dither`, within ±`limit`.
    @inline(__always)
    private mutating func quantize(_ scaled: Float, dither: Bool, limit: Int32) -> Int32 {
        var value = scaled
        if dither { value += triangularNoise() }
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        if !(rounded < Float(limit)) { return rounded.isNaN ? 0 : limit }
        if rounded < -Float(limit) - 1 { return -limit - 1 }
        return Int32(rounded)
    }

    /// The sum of two independent uniform values in [-0.5, 0.5): triangular over (-1, 1) steps.
    @inline(__always)
    private mutating func triangularNoise() -> Float {
        // xorshift64*: fast, and plenty for noise.
        noise ^= noise >> 12
        noise ^= noise << 25
        noise ^= noise >> 27
        let bits = noise &* 0x2545_F491_4F6C_DD1D
        let first = Float(UInt32(truncatingIfNeeded: bits) >> 8) / 16_777_216
        let second = Float(UInt32(truncatingIfNeeded: bits >> 32) >> 8) / 16_777_216
        return first - second
    }
}
