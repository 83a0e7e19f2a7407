/// The main screen's slowly changing background (B-L6): a new random colour every 3.5 s, blended from the last one
/// over 3 s. A value type; the controller keeps one and asks it for colours.
public struct BackgroundAnimation: Sendable, Equatable {
    /// A colour, each component 0 to 1.
    public struct Color: Sendable, Equatable, CustomStringConvertible {
        public var red: Double
        public var green: Double
        public var blue: Double

        /// A colour of the three components.
        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`.
        public var description: String {
            func byte(_ value: Double) -> String {
                let text = String(
                    Int(clamping: min(1, max(0, value)) * 255, rounding: .toNearestOrAwayFromZero), radix: 16)
                return text.count == 1 ? "0" + text : text
            }
            return "#" + byte(red) + byte(green) + byte(blue)
        }

        /// The colour `fraction` (0 to 1) of the way from `self` to `other`.
        public func blended(to other: Color, fraction: Double) -> Color {
            let f = min(1, max(0, fraction))
            return Color(
                red: red + (other.red - red) * f, green: green + (other.green - green) * f,
                blue: blue + (other.blue - blue) * f)
        }
    }

    /// Seconds between new colours.
    public var interval = 3.5
    /// Seconds a new colour takes to blend in.
    public var blend = 3.0
    /// The colour blended from.
    public private(set) var from: Color
    /// The colour blended to.
    public private(set) var to: Color

    /// An animation starting at `color`.
    public init(color: Color = Color(red: 1, green: 1, blue: 1), interval: Double = 3.5, blend: Double = 3) {
        from = color
        to = color
        self.interval = interval
        self.blend = blend
    }

    /// Moves on to a new random colour (light enough for dark text on it), blending from the current target.
    public mutating func advance<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        from = to
        to = Color(
            red: Double.random(in: 0.55...1, using: &generator), green: Double.random(in: 0.55...1, using: &generator),
            blue: Double.random(in: 0.55...1, using: &generator))
    }

    /// The colour shown `elapsed` seconds after the last `advance`.
    public func color(after elapsed: Double) -> Color {
        blend > 0 ? from.blended(to: to, fraction: elapsed / blend) : to
    }
}
