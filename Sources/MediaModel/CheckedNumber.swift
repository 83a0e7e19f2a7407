/// The one way a floating-point number becomes an integer in AddMusic.
///
/// Swift's `Int(_: Double)` traps on NaN, on infinity and on any value outside the integer's range, and numbers
/// that come from outside (a file's header, a saved state, a daemon's reply, a D-Bus call) can be any of those. These
/// conversions never trap: NaN gives the fallback, and everything else is rounded as asked and clamped into the
/// integer type's range.
extension FixedWidthInteger {
    /// `value` rounded by `rule` and clamped into this type's range; `nanValue` when `value` is NaN.
    @inlinable
    public init(
        clamping value: Double, rounding rule: FloatingPointRoundingRule = .towardZero, nanValue: Self = 0
    ) {
        guard !value.isNaN else {
            self = nanValue
            return
        }
        let rounded = value.rounded(rule)
        // Self.max converted to Double may round up past Self.max (2^63 - 1 becomes 2^63): compare with >=.
        if rounded >= Double(Self.max) {
            self = .max
        } else if rounded <= Double(Self.min) {
            self = .min
        } else {
            self.init(rounded)
        }
    }

    /// `value` rounded by `rule` when it is finite and fits this type without clamping; nil otherwise.
    @inlinable
    public init?(checked value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        guard value.isFinite else { return nil }
        let rounded = value.rounded(rule)
        guard rounded < Double(Self.max), rounded >= Double(Self.min) else { return nil }
        self.init(rounded)
    }
}
