import Foundation
import MediaModel

/// Renders short, deterministic tunes: a pentatonic melody over a soft bass line and a quiet sustained chord,
/// as interleaved stereo 32-bit float samples at `sampleRate`.
///
/// Pure computation with no shared state; safe to use from any thread.
struct ToneSynthesizer: Sendable {
    /// The character of a tune: its instrument, its pace and its accompaniment.
    struct Style: Sendable {
        /// Relative amplitudes of the melody's partials, fundamental first.
        var harmonics: [Float]
        /// Seconds for a melody note to reach full level.
        var attack: Double
        /// Time constant of a melody note's exponential decay, in seconds.
        var decay: Double
        /// The range the tempo is drawn from, in beats per minute.
        var tempo: ClosedRange<Int>
        /// Note lengths, in beats, that the melody draws from.
        var noteBeats: [Double]
        /// Bass notes per four-beat bar: one holds the chord's root, more alternate root and fifth.
        var bassNotesPerBar: Int
        /// Level of the sustained chord under the melody, relative to the melody.
        var padLevel: Float
        /// Level of the melody's echo on the far side, relative to the melody.
        var echo: Float
    }

    /// The sample rate of rendered tunes, in hertz.
    static let sampleRate = 44_100
    /// The peak level of a rendered tune: -6 dBFS.
    static let peak = Float(pow(10, -6.0 / 20))

    /// The style every tune of this synthesizer is rendered in.
    let style: Style

    /// Renders `seconds` of a tune drawn from `seed`: the same seed and style always give the same samples.
    func render(seed: UInt64, seconds: Double) -> [Float] {
        var random = SeededRandom(seed: seed)
        let rate = Double(Self.sampleRate)
        let frameCount = Int(clamping: seconds * rate)
        let key = Self.keys[random.index(below: Self.keys.count)]
        let beat = 60 / Double(style.tempo.lowerBound + random.index(below: style.tempo.count))
        let bar = 4 * beat
        let progression = Self.progressions[random.index(below: Self.progressions.count)]
        let motifs = [makeMotif(&random), makeMotif(&random)]
        let variation = [1, -1, 2][random.index(below: 3)]

        var lead = [Float](repeating: 0, count: frameCount)
        var bass = [Float](repeating: 0, count: frameCount)
        var pad = [Float](repeating: 0, count: frameCount)
        let leadVoice = Wavetable(harmonics: style.harmonics)
        let bassVoice = Wavetable(harmonics: [1, 0.3, 0.08])
        let padVoice = Wavetable(harmonics: [1, 0.12, 0.04])

        // Whole bars while they fit with two seconds to spare; then the home chord rings out to the end.
        let bars = max(1, Int(clamping: (seconds - 2) / bar))
        for index in 0..<bars {
            let start = Double(index) * bar
            let chord = progression[index % progression.count]
            let step = bar / Double(style.bassNotesPerBar)
            for pulse in 0..<style.bassNotesPerBar {
                bassVoice.play(
                    into: &bass, midiNote: key - 24 + chord + (pulse % 2 == 0 ? 0 : 7),
                    at: start + Double(pulse) * step, length: step * 0.95, amplitude: 0.55, attack: 0.02, decay: 1.4,
                    release: 0.12)
            }
            padVoice.playChord(
                into: &pad, rootNote: key - 12 + chord, isMinor: chord == 9 || chord == 4, at: start, length: bar,
                attack: min(0.6, bar / 4))

            // Motifs span two bars and come as A B A' B', the repeat shifted by a scale step. The last phrase,
            // cut to one bar when only one is left, ends on the tonic.
            guard index % 2 == 0 else { continue }
            let phrase = index / 2
            let shift = phrase % 4 >= 2 ? variation : 0
            let beatsLeft = Double(min(2, bars - index) * 4)
            let notes = motifs[phrase % 2].filter { $0.beat < beatsLeft }
            let isLastPhrase = index + 2 >= bars
            for (number, note) in notes.enumerated() {
                let isFinal = isLastPhrase && number == notes.count - 1
                let degree = isFinal ? 5 : min(9, max(0, note.degree + shift))
                let beats = isFinal ? max(2, note.beats) : min(note.beats, beatsLeft - note.beat)
                leadVoice.play(
                    into: &lead, midiNote: key + Self.pentatonicSemitones(degree: degree), at: start + note.beat * beat,
                    length: beats * beat, amplitude: 1, attack: style.attack, decay: style.decay,
                    release: min(0.4, style.decay))
            }
        }
        let ending = Double(bars) * bar
        bassVoice.play(
            into: &bass, midiNote: key - 24, at: ending, length: seconds - ending, amplitude: 0.55, attack: 0.02,
            decay: 2.5, release: 0.5)
        padVoice.playChord(
            into: &pad, rootNote: key - 12, isMinor: false, at: ending, length: seconds - ending, attack: 0.3)
        return mix(lead: lead, bass: bass, pad: pad, echoDelay: Int(clamping: 0.75 * beat * rate))
    }

    /// Interleaves the three voices into stereo (melody a little left, its echo right), fades the ends and
    /// scales the whole to `peak`.
    private func mix(lead: [Float], bass: [Float], pad: [Float], echoDelay: Int) -> [Float] {
        let frameCount = lead.count
        var samples = [Float](repeating: 0, count: frameCount * 2)
        let fadeIn = Self.sampleRate / 50
        let fadeOut = Self.sampleRate
        var loudest: Float = 0
        let echo = style.echo
        let padLevel = style.padLevel
        samples.withUnsafeMutableBufferPointer { samples in
            lead.withUnsafeBufferPointer { lead in
                bass.withUnsafeBufferPointer { bass in
                    pad.withUnsafeBufferPointer { pad in
                        // Raw pointers keep this loop fast in unoptimized builds too.
                        guard let output = samples.baseAddress, let lead = lead.baseAddress,
                            let bass = bass.baseAddress, let pad = pad.baseAddress
                        else { return }
                        for index in 0..<frameCount {
                            let near = index >= echoDelay ? lead[index - echoDelay] : 0
                            let far = index >= 2 * echoDelay ? lead[index - 2 * echoDelay] : 0
                            var gain: Float = 1
                            if index < fadeIn { gain = Float(index) / Float(fadeIn) }
                            if index >= frameCount - fadeOut { gain = Float(frameCount - index) / Float(fadeOut) }
                            let left =
                                gain
                                * (0.8 * lead[index] + 0.5 * echo * far + bass[index] + 0.9 * padLevel * pad[index])
                            let right = gain * (0.6 * lead[index] + echo * near + bass[index] + padLevel * pad[index])
                            output[2 * index] = left
                            output[2 * index + 1] = right
                            if left > loudest { loudest = left } else if -left > loudest { loudest = -left }
                            if right > loudest { loudest = right } else if -right > loudest { loudest = -right }
                        }
                    }
                }
            }
        }
        guard loudest > 0 else { return samples }
        let scale = Self.peak / loudest
        samples.withUnsafeMutableBufferPointer { samples in
            guard let output = samples.baseAddress else { return }
            for index in 0..<samples.count { output[index] *= scale }
        }
        return samples
    }

    /// One note of a motif: where it starts and how long it lasts, in beats, and its pentatonic degree.
    private struct MotifNote {
        var beat: Double
        var beats: Double
        var degree: Int
    }

    /// A two-bar melodic figure: a random walk over the scale with small steps and the odd rest.
    private func makeMotif(_ random: inout SeededRandom) -> [MotifNote] {
        let steps = [-2, -1, -1, 0, 1, 1, 2]
        var notes: [MotifNote] = []
        var position = 0.0
        var degree = 3 + random.index(below: 3)
        while position < 8 {
            let beats = min(style.noteBeats[random.index(below: style.noteBeats.count)], 8 - position)
            if position > 0, random.index(below: 8) == 0 {
                position += beats
                continue
            }
            notes.append(MotifNote(beat: position, beats: beats, degree: degree))
            position += beats
            degree = min(9, max(0, degree + steps[random.index(below: steps.count)]))
        }
        return notes
    }

    /// Keys as MIDI note numbers of the melody's tonic (A3 to G4).
    private static let keys = [57, 59, 60, 62, 64, 65, 67]
    /// Chord roots, in semitones above the key, one per bar: I–vi–IV–V, I–IV–vi–V, I–V–vi–IV, vi–IV–I–V.
    private static let progressions = [[0, 9, 5, 7], [0, 5, 9, 7], [0, 7, 9, 5], [9, 5, 0, 7]]

    /// Semitones above the key of a degree of the major pentatonic scale, over two octaves.
    private static func pentatonicSemitones(degree: Int) -> Int {
        let scale = [0, 2, 4, 7, 9]
        return 12 * (degree / scale.count) + scale[degree % scale.count]
    }
}

/// One period of an additive waveform, played back at any pitch with an attack–decay–release envelope.
private struct Wavetable {
    private static let size = 4096
    private let samples: [Float]

    init(harmonics: [Float]) {
        var samples = [Float](repeating: 0, count: Self.size)
        for index in 0..<Self.size {
            let phase = 2 * Double.pi * Double(index) / Double(Self.size)
            var value = 0.0
            for (number, amplitude) in harmonics.enumerated() {
                value += Double(amplitude) * sin(Double(number + 1) * phase)
            }
            samples[index] = Float(value)
        }
        let loudest = samples.map(abs).max() ?? 1
        self.samples = samples.map { $0 / loudest }
    }

    /// Adds a soft minor or major triad on `rootNote` to `buffer`.
    func playChord(
        into buffer: inout [Float], rootNote: Int, isMinor: Bool, at start: Double, length: Double, attack: Double
    ) {
        for interval in [0, isMinor ? 3 : 4, 7] {
            play(
                into: &buffer, midiNote: rootNote + interval, at: start, length: length, amplitude: 0.3,
                attack: attack, decay: 8, release: 0.5)
        }
    }

    /// Adds one note to `buffer` (mono, at `ToneSynthesizer.sampleRate`); times are in seconds.
    func play(
        into buffer: inout [Float], midiNote: Int, at start: Double, length: Double, amplitude: Float,
        attack: Double, decay: Double, release: Double
    ) {
        let rate = Double(ToneSynthesizer.sampleRate)
        let first = Int(clamping: start * rate)
        let held = Int(clamping: length * rate)
        let releaseCount = max(1, Int(clamping: release * rate))
        let end = min(buffer.count, first + held + releaseCount)
        guard first < end else { return }
        let attackCount = max(1, Int(clamping: attack * rate))
        let decayFactor = Float(exp(-1 / (decay * rate)))
        let frequency = 440 * pow(2, Double(midiNote - 69) / 12)
        let step = frequency / rate * Double(Self.size)
        let mask = Self.size - 1
        let size = Double(Self.size)
        var phase = 0.0
        var level = amplitude
        // Raw pointers keep this loop fast in unoptimized builds too.
        buffer.withUnsafeMutableBufferPointer { buffer in
            samples.withUnsafeBufferPointer { table in
                guard let output = buffer.baseAddress, let wave = table.baseAddress else { return }
                for index in first..<end {
                    let offset = index - first
                    var envelope = level
                    if offset < attackCount { envelope *= Float(offset) / Float(attackCount) }
                    if offset >= held { envelope *= 1 - Float(offset - held) / Float(releaseCount) }
                    let whole = Int(phase)
                    let fraction = Float(phase - Double(whole))
                    let here = wave[whole & mask]
                    let next = wave[(whole + 1) & mask]
                    output[index] += envelope * (here + (next - here) * fraction)
                    phase += step
                    if phase >= size { phase -= size }
                    level *= decayFactor
                }
            }
        }
    }
}

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, on every platform and release.
private struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<count`.
    mutating func index(below count: Int) -> Int { Int(next() % UInt64(count)) }
}
