/// How a stream carries each sample.
public enum PCMSampleFormat: String, Hashable, Sendable, CaseIterable {
    /// Signed 16-bit little-endian.
    case s16
    /// Signed 24-bit little-endian, packed in 3 bytes.
    case s24
    /// Signed 32-bit little-endian.
    case s32
    /// 32-bit IEEE float, little-endian, full scale at ±1.
    case float32

    /// Bytes one sample takes.
    public var bytesPerSample: Int {
        switch self {
        case .s16: 2
        case .s24: 3
        case .s32, .float32: 4
        }
    }

    /// The bits of resolution a sample of this format holds (a float's 24-bit mantissa counts as 32: it holds
    /// whatever an integer format narrower than 32 bits gives it, and more).
    public var bits: Int {
        switch self {
        case .s16: 16
        case .s24: 24
        case .s32, .float32: 32
        }
    }
}
