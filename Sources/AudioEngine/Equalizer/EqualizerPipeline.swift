import CEqualizer
import Foundation

/// The bands of an `EqualizerFilter` for two channels, run as a wavefront so that the processor works on several
/// bands at once.
///
/// The bands sit two to a four-lane vector (band k left, band k right, band k+1 left, band k+1 right), an odd
/// count padded with a band that passes its input through. At each step every band filters the frame the band
/// before it filtered one step earlier, so band k works on frame `step - k`: the vectors are independent within a
/// step, and one step costs a handful of vector operations however many bands there are. A call runs its frames
/// all the way through (the first and last steps only move the bands that have a frame), so nothing is delayed
/// from one chunk to the next; only each band's two values of state carry over.
///
/// Each band is a biquad in transposed direct form II. On a processor with AVX2 and FMA the same wavefront runs four
/// bands to an eight-lane vector with fused multiply-adds, in C (`CEqualizer`), about three times as fast. Allocates
/// only when made.
final class EqualizerPipeline {
    /// Whether this processor runs the wide path.
    static let wideAvailable = addmusic_eq_wide_available() != 0
    /// The wide path's cascade, when it runs.
    private let wide: OpaquePointer?

    /// One band's coefficients, normalized by a0.
    struct Band {
        var b0, b1, b2, a1, a2: Float

        /// A band that passes its input through unchanged.
        static let passThrough = Band(b0: 1, b1: 0, b2: 0, a1: 0, a2: 0)

        /// A peaking filter one octave wide (Q = √2) at `frequency`, `gain` decibels.
        static func peaking(frequency: Double, gain: Double, sampleRate: Double) -> Band {
            let amplitude = pow(10, gain / 40)
            let omega = 2 * Double.pi * frequency / sampleRate
            let alpha = sin(omega) / (2 * 2.0.squareRoot())
            let a0 = 1 + alpha / amplitude
            return Band(
                b0: Float((1 + alpha * amplitude) / a0), b1: Float(-2 * cos(omega) / a0),
                b2: Float((1 - alpha * amplitude) / a0), a1: Float(-2 * cos(omega) / a0),
                a2: Float((1 - alpha / amplitude) / a0))
        }
    }

    /// How many vectors (pairs of bands).
    private let vectors: Int
    /// The coefficients, five vectors per pair of bands: b0, b1, b2, a1, a2.
    private let coefficients: UnsafeMutablePointer<SIMD4<Float>>
    /// The state, three vectors per pair of bands: the last output, z1, z2.
    private let state: UnsafeMutablePointer<SIMD4<Float>>

    /// A pipeline of `bands` (at least one), in order; on the wide path when `wide` and the processor has it.
    init(bands: [Band], wide: Bool = EqualizerPipeline.wideAvailable) {
        let fields = bands.flatMap { [$0.b0, $0.b1, $0.b2, $0.a1, $0.a2] }
        self.wide = wide && Self.wideAvailable ? addmusic_eq_wide_create(fields, Int32(bands.count)) : nil
        vectors = max(1, (bands.count + 1) / 2)
        coefficients = .allocate(capacity: vectors * 5)
        state = .allocate(capacity: vectors * 3)
        state.initialize(repeating: .zero, count: vectors * 3)
        for vector in 0..<vectors {
            let low = bands.indices.contains(vector * 2) ? bands[vector * 2] : .passThrough
            let high = bands.indices.contains(vector * 2 + 1) ? bands[vector * 2 + 1] : .passThrough
            let fields: [KeyPath<Band, Float>] = [\.b0, \.b1, \.b2, \.a1, \.a2]
            for (offset, field) in fields.enumerated() {
                (coefficients + vector * 5 + offset).initialize(
                    to: SIMD4(low[keyPath: field], low[keyPath: field], high[keyPath: field], high[keyPath: field]))
            }
        }
    }

    deinit {
        addmusic_eq_wide_free(wide)
        coefficients.deallocate()
        state.deallocate()
    }

    /// Filters `frames` frames in place: the first channel at `first`, the second right after it when `paired`,
    /// one frame every `stride` samples.
    func run(
        _ first: UnsafeMutablePointer<Float>, frames: Int, stride: Int, paired: Bool
    ) {
        guard frames > 0 else { return }
        if let wide { return addmusic_eq_wide_run(wide, first, frames, stride, paired ? 1 : 0) }
        let samples = Samples(
            first: first, frames: frames, stride: stride, paired: paired)
        // A fixed count of vectors lets the compiler keep the whole state in registers.
        switch vectors {
        case 1: run(samples, InlineArray<1, SIMD4<Float>>.self)
        case 2: run(samples, InlineArray<2, SIMD4<Float>>.self)
        case 3: run(samples, InlineArray<3, SIMD4<Float>>.self)
        case 4: run(samples, InlineArray<4, SIMD4<Float>>.self)
        default: run(samples, InlineArray<5, SIMD4<Float>>.self)
        }
    }

    /// Where a call's samples are.
    private struct Samples {
        let first: UnsafeMutablePointer<Float>
        let frames: Int
        let stride: Int
        let paired: Bool

        @inline(__always)
        func input(_ frame: Int) -> SIMD2<Float> {
            guard frame < frames else { return .zero }
            return SIMD2(first[frame * stride], paired ? first[frame * stride + 1] : 0)
        }

        @inline(__always)
        func output(_ frame: Int, _ value: SIMD2<Float>) {
            first[frame * stride] = value.x
            if paired { first[frame * stride + 1] = value.y }
        }
    }

    private func run<let count: Int>(_ samples: Samples, _: InlineArray<count, SIMD4<Float>>.Type) {
        var wave = Wave<count>(state: state, coefficients: coefficients)
        let depth = count * 2
        let frames = samples.frames
        let steps = frames + depth - 1
        let full = (depth - 1)..<max(depth - 1, frames)
        // The first steps fill the pipeline and the last ones empty it; in between, every band has a frame.
        for step in 0..<min(full.lowerBound, steps) { wave.advance(samples, step: step) }
        for step in full {
            wave.advance(samples.input(step))
            samples.output(step - (depth - 1), wave.last)
        }
        for step in full.upperBound..<steps { wave.advance(samples, step: step) }
        wave.save(to: state)
    }

    /// The pipeline's state and coefficients as values, for `count` pairs of bands.
    private struct Wave<let count: Int> {
        var output, z1, z2: InlineArray<count, SIMD4<Float>>
        let b0, b1, b2, a1, a2: InlineArray<count, SIMD4<Float>>

        init(state: UnsafeMutablePointer<SIMD4<Float>>, coefficients: UnsafeMutablePointer<SIMD4<Float>>) {
            output = InlineArray { state[$0 * 3] }
            z1 = InlineArray { state[$0 * 3 + 1] }
            z2 = InlineArray { state[$0 * 3 + 2] }
            b0 = InlineArray { coefficients[$0 * 5] }
            b1 = InlineArray { coefficients[$0 * 5 + 1] }
            b2 = InlineArray { coefficients[$0 * 5 + 2] }
            a1 = InlineArray { coefficients[$0 * 5 + 3] }
            a2 = InlineArray { coefficients[$0 * 5 + 4] }
        }

        func save(to state: UnsafeMutablePointer<SIMD4<Float>>) {
            for vector in 0..<count {
                state[vector * 3] = output[vector]
                state[vector * 3 + 1] = z1[vector]
                state[vector * 3 + 2] = z2[vector]
            }
        }

        /// The last band's output, both channels.
        var last: SIMD2<Float> { output[count - 1].highHalf }

        /// The input of pair `vector` this step: the frame coming in, or the outputs of the band before.
        @inline(__always)
        private func input(_ vector: Int, _ frame: SIMD2<Float>) -> SIMD4<Float> {
            vector == 0
                ? SIMD4(lowHalf: frame, highHalf: output[0].lowHalf)
                : SIMD4(lowHalf: output[vector - 1].highHalf, highHalf: output[vector].lowHalf)
        }

        /// One step with every band at work, `frame` coming in. From the last pair to the first, so that each pair
        /// still sees the last output of the one before.
        @inline(__always)
        mutating func advance(_ frame: SIMD2<Float>) {
            for vector in (0..<count).reversed() {
                let x = input(vector, frame)
                output[vector] = b0[vector] * x + z1[vector]
                z1[vector] = b1[vector] * x - a1[vector] * output[vector] + z2[vector]
                z2[vector] = b2[vector] * x - a2[vector] * output[vector]
            }
        }

        /// One of the first or last steps of a call: only the bands with a frame (band k: frame `step - k`) move.
        mutating func advance(_ samples: Samples, step: Int) {
            let frame = samples.input(step)
            for vector in (0..<count).reversed() {
                let x = input(vector, frame)
                let y = b0[vector] * x + z1[vector]
                let nextZ1 = b1[vector] * x - a1[vector] * y + z2[vector]
                let nextZ2 = b2[vector] * x - a2[vector] * y
                let low = (0..<samples.frames).contains(step - vector * 2)
                let high = (0..<samples.frames).contains(step - vector * 2 - 1)
                let keep = SIMDMask<SIMD4<Int32>>(SIMD4(low ? 0 : -1, low ? 0 : -1, high ? 0 : -1, high ? 0 : -1))
                output[vector] = y.replacing(with: output[vector], where: keep)
                z1[vector] = nextZ1.replacing(with: z1[vector], where: keep)
                z2[vector] = nextZ2.replacing(with: z2[vector], where: keep)
            }
            if step >= count * 2 - 1 { samples.output(step - (count * 2 - 1), last) }
        }
    }
}
