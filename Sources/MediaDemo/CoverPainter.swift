import CFFmpeg
import FFmpegSupport
import Foundation
import MediaModel

/// Paints the demo library's album covers into RGB pixels and encodes them as PNG through FFmpeg.
///
/// Stateless; safe to call from any thread.
enum CoverPainter {
    /// A painted picture, encoded as PNG.
    struct Picture: Sendable {
        /// The PNG file's bytes.
        var png: [UInt8]
        /// Width in pixels.
        var width: Int
        /// Height in pixels.
        var height: Int
    }

    /// The scenes the painter knows.
    enum Scene: Sendable {
        /// A pale sun rising over layered green hills under a blue-to-peach sky.
        case sunrise
        /// A striped sunset sun over a glowing perspective grid, under a starry violet sky.
        case nightDrive
    }

    /// Paints `scene` on a `size`×`size` canvas and encodes it as PNG.
    /// - Throws: `FFmpegError` when the PNG encoder is missing or fails.
    static func picture(of scene: Scene, size: Int = 500) throws(FFmpegError) -> Picture {
        let pixels = paint(scene, size: size)
        return Picture(png: try encodePNG(pixels, width: size, height: size), width: size, height: size)
    }

    /// Writes `picture` to `path` as a PNG file, through FFmpeg's image muxer.
    /// - Throws: `FFmpegError` when the file cannot be written.
    static func write(_ picture: Picture, to path: String) throws(FFmpegError) {
        let output = try FormatOutput(path: path, formatName: "image2")
        let stream = try output.addPNGStream(
            width: picture.width, height: picture.height, timeBase: AVRational(num: 1, den: 25))
        try output.writeHeader(options: [(key: "update", value: "1")])
        try output.writePicture(picture.png, on: stream)
        try output.writeTrailer()
    }

    /// `scene` as packed RGB24 pixels, row by row.
    static func paint(_ scene: Scene, size: Int) -> [UInt8] {
        var canvas = Canvas(size: size)
        switch scene {
        case .sunrise: paintSunrise(on: &canvas)
        case .nightDrive: paintNightDrive(on: &canvas)
        }
        return canvas.rgb()
    }

    private static func paintSunrise(on canvas: inout Canvas) {
        let size = Float(canvas.size)
        let horizon = 0.62 * size
        canvas.verticalGradient(top: Color(110, 168, 226), bottom: Color(255, 206, 162), until: horizon)
        canvas.glow(x: 0.5 * size, y: 0.6 * size, radius: 0.5 * size, color: Color(255, 232, 176), strength: 0.6)
        for (x, y, radius) in [(0.18, 0.22, 0.05), (0.8, 0.16, 0.035), (0.7, 0.34, 0.025)] as [(Float, Float, Float)] {
            canvas.disc(x: x * size, y: y * size, radius: radius * size, color: Color(255, 255, 255), opacity: 0.35)
        }
        canvas.disc(x: 0.5 * size, y: 0.58 * size, radius: 0.12 * size, color: Color(255, 243, 196), opacity: 1)
        let hills: [(base: Float, height: Float, waves: Float, phase: Float, color: Color)] = [
            (0.64, 0.05, 1.5, 0.3, Color(140, 186, 158)),
            (0.74, 0.06, 2.2, 1.9, Color(92, 150, 132)),
            (0.85, 0.05, 1.2, 4.1, Color(52, 108, 108)),
        ]
        for hill in hills {
            canvas.fillBelow(color: hill.color) { x in
                hill.base * size - hill.height * size * sin(2 * Float.pi * hill.waves * x / size + hill.phase)
            }
        }
    }

    private static func paintNightDrive(on canvas: inout Canvas) {
        let size = Float(canvas.size)
        let horizon = 0.62 * size
        canvas.verticalGradient(top: Color(16, 14, 50), bottom: Color(176, 48, 120), until: horizon)
        var star: UInt32 = 2_463_534_242
        for _ in 0..<90 {
            star ^= star << 13
            star ^= star >> 17
            star ^= star << 5
            let x = Float(star % 1000) / 1000 * size
            let y = Float((star / 1000) % 1000) / 1000 * horizon * 0.7
            let radius = 0.6 + Float(star % 7) / 6
            canvas.disc(x: x, y: y, radius: radius, color: Color(255, 250, 235), opacity: 0.8)
        }
        canvas.glow(x: 0.5 * size, y: 0.5 * size, radius: 0.42 * size, color: Color(255, 110, 170), strength: 0.45)
        canvas.stripedSun(
            x: 0.5 * size, y: 0.46 * size, radius: 0.22 * size, top: Color(255, 214, 92), bottom: Color(255, 72, 146))
        canvas.fillBelow(color: Color(24, 10, 44)) { _ in horizon }
        canvas.perspectiveGrid(horizon: horizon, color: Color(70, 224, 255))
        canvas.haze(from: horizon, height: 0.08 * size, color: Color(176, 48, 120), opacity: 0.7)
    }

    /// Encodes RGB24 `pixels` with FFmpeg's PNG encoder.
    private static func encodePNG(_ pixels: [UInt8], width: Int, height: Int) throws(FFmpegError) -> [UInt8] {
        _ = FFmpegLog.silenced
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw FFmpegError(message: "no PNG encoder in this FFmpeg", operation: "encode cover")
        }
        let codec = try CodecContext(codec: encoder)
        let context = codec.context
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_RGB24
        context.pointee.time_base = AVRational(num: 1, den: 25)
        var code = avcodec_open2(context, encoder, nil)
        if code < 0 { throw FFmpegError(code: code, operation: "open PNG encoder") }
        let frame = try MediaFrame()
        frame.frame.pointee.format = AV_PIX_FMT_RGB24.rawValue
        frame.frame.pointee.width = Int32(width)
        frame.frame.pointee.height = Int32(height)
        code = av_frame_get_buffer(frame.frame, 0)
        if code < 0 { throw FFmpegError(code: code, operation: "allocate cover frame") }
        guard let plane = frame.frame.pointee.data.0 else {
            throw FFmpegError(message: "frame has no picture plane", operation: "encode cover")
        }
        let stride = Int(frame.frame.pointee.linesize.0)
        pixels.withUnsafeBufferPointer { source in
            for row in 0..<height {
                (plane + row * stride).update(from: source.baseAddress! + row * width * 3, count: width * 3)
            }
        }
        code = avcodec_send_frame(context, frame.frame)
        if code >= 0 { code = avcodec_send_frame(context, nil) }
        if code < 0 { throw FFmpegError(code: code, operation: "encode cover") }
        let packet = try MediaPacket()
        code = avcodec_receive_packet(context, packet.packet)
        if code < 0 { throw FFmpegError(code: code, operation: "encode cover") }
        return packet.bytes
    }
}

/// An RGB colour with components from 0 to 255.
private struct Color {
    var red: Float
    var green: Float
    var blue: Float

    init(_ red: Float, _ green: Float, _ blue: Float) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    func mixed(with other: Color, _ amount: Float) -> Color {
        Color(
            red + (other.red - red) * amount, green + (other.green - green) * amount,
            blue + (other.blue - blue) * amount)
    }
}

/// A square of float RGB pixels with the few soft-edged shapes the covers are made of.
private struct Canvas {
    let size: Int
    private var pixels: [Color]

    init(size: Int) {
        self.size = size
        pixels = Array(repeating: Color(0, 0, 0), count: size * size)
    }

    /// Mixes `color` into the pixel at (`x`, `y`) by `opacity` (0 to 1); outside the canvas does nothing.
    mutating func blend(x: Int, y: Int, color: Color, opacity: Float) {
        guard x >= 0, y >= 0, x < size, y < size, opacity > 0 else { return }
        let index = y * size + x
        pixels[index] = pixels[index].mixed(with: color, min(1, opacity))
    }

    /// Fills the canvas from `top` down to `bottom` at row `until`, and with `bottom` below it.
    mutating func verticalGradient(top: Color, bottom: Color, until: Float) {
        for y in 0..<size {
            let color = top.mixed(with: bottom, min(1, Float(y) / until))
            for x in 0..<size { pixels[y * size + x] = color }
        }
    }

    /// A round, anti-aliased disc.
    mutating func disc(x: Float, y: Float, radius: Float, color: Color, opacity: Float) {
        Self.forEachPixel(size: size, around: x, y, radius + 1) { px, py, distance in
            let coverage = min(1, max(0, radius + 0.5 - distance))
            blend(x: px, y: py, color: color, opacity: coverage * opacity)
        }
    }

    /// A soft halo fading out quadratically towards `radius`.
    mutating func glow(x: Float, y: Float, radius: Float, color: Color, strength: Float) {
        Self.forEachPixel(size: size, around: x, y, radius) { px, py, distance in
            let falloff = max(0, 1 - distance / radius)
            blend(x: px, y: py, color: color, opacity: strength * falloff * falloff)
        }
    }

    /// A disc shaded from `top` to `bottom`, its lower half cut by gaps that widen towards the bottom.
    mutating func stripedSun(x: Float, y: Float, radius: Float, top: Color, bottom: Color) {
        Self.forEachPixel(size: size, around: x, y, radius + 1) { px, py, distance in
            let below = Float(py) - y
            if below > 0 {
                let band = radius / 4.5
                let gap = band * (0.1 + 0.5 * below / radius)
                if below.truncatingRemainder(dividingBy: band) < gap { return }
            }
            let coverage = min(1, max(0, radius + 0.5 - distance))
            let shade = top.mixed(with: bottom, min(1, max(0, (Float(py) - (y - radius)) / (2 * radius))))
            blend(x: px, y: py, color: shade, opacity: coverage)
        }
    }

    /// Fills everything below the curve `edge(x)`, anti-aliased along the curve.
    mutating func fillBelow(color: Color, edge: (Float) -> Float) {
        for x in 0..<size {
            let boundary = edge(Float(x) + 0.5)
            for y in max(0, Int(clamping: Double(boundary)) - 1)..<size {
                blend(x: x, y: y, color: color, opacity: Float(y) + 1 - boundary)
            }
        }
    }

    /// Glowing lines on the ground: rows that crowd towards the horizon and rays from its vanishing point.
    mutating func perspectiveGrid(horizon: Float, color: Color) {
        let depth = Float(size) - horizon
        let center = Float(size) / 2
        let spacing = Float(size) / 9
        for y in Int(clamping: Double(horizon), rounding: .up)..<size {
            let near = (Float(y) + 0.5 - horizon) / depth
            // Lines fade towards the horizon, where they would crowd closer than a few pixels.
            let rowFade = min(1, near * 5)
            let rayFade = min(1, max(0, (spacing * near - 5) / 10))
            for row in 1...12 {
                let lineY = horizon + depth * pow(Float(row) / 12, 2)
                let distance = abs(Float(y) + 0.5 - lineY)
                if distance < 1.5 {
                    blendRow(y, color: color, opacity: (1.5 - distance) / 1.5 * (0.35 + 0.65 * near) * rowFade)
                }
            }
            for x in 0..<size {
                // Where this pixel's ray meets the bottom edge, in ray spacings from the centre.
                let spread = (Float(x) + 0.5 - center) / near / spacing
                let distance = abs(spread - spread.rounded()) * spacing * near
                if distance < 1.2 {
                    blend(x: x, y: y, color: color, opacity: (1.2 - distance) / 1.2 * (0.3 + 0.7 * near) * rayFade)
                }
            }
        }
    }

    /// A band of `color` below row `from`, fading out over `height` rows.
    mutating func haze(from top: Float, height: Float, color: Color, opacity: Float) {
        for y in Int(clamping: Double(top))..<min(size, Int(clamping: Double(top + height)) + 1) {
            blendRow(y, color: color, opacity: opacity * max(0, 1 - (Float(y) - top) / height))
        }
    }

    private mutating func blendRow(_ y: Int, color: Color, opacity: Float) {
        for x in 0..<size { blend(x: x, y: y, color: color, opacity: opacity) }
    }

    private static func forEachPixel(
        size: Int, around x: Float, _ y: Float, _ radius: Float, _ body: (Int, Int, Float) -> Void
    ) {
        let left = max(0, Int(x - radius))
        let right = min(size - 1, Int(x + radius) + 1)
        let top = max(0, Int(y - radius))
        let bottom = min(size - 1, Int(y + radius) + 1)
        guard left <= right, top <= bottom else { return }
        for py in top...bottom {
            for px in left...right {
                let dx = Float(px) + 0.5 - x
                let dy = Float(py) + 0.5 - y
                let distance = (dx * dx + dy * dy).squareRoot()
                if distance <= radius { body(px, py, distance) }
            }
        }
    }

    /// The canvas as packed 8-bit RGB.
    func rgb() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size * size * 3)
        for (index, color) in pixels.enumerated() {
            bytes[3 * index] = UInt8(clamping: Double(color.red), rounding: .toNearestOrAwayFromZero)
            bytes[3 * index + 1] = UInt8(clamping: Double(color.green), rounding: .toNearestOrAwayFromZero)
            bytes[3 * index + 2] = UInt8(clamping: Double(color.blue), rounding: .toNearestOrAwayFromZero)
        }
        return bytes
    }
}
