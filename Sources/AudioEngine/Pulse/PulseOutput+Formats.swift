import CPulseAudio
import Foundation

/// What the server is asked for: the format a song plays in, its channel map and sample spec.
extension PulseOutput {
    /// The format a stream opened for `format` has: `format`, with a sample format the server refused before
    /// replaced (by float, which holds 24-bit samples exactly, or else 16-bit), a rate past libpulse's limit by the
    /// highest of its family (44.1 or 48 kHz times a power of two) under it, and more channels than it takes by stereo.
    public func acceptedFormat(for format: PCMFormat) -> PCMFormat {
        state.withLock { acceptedFormatLocked(for: format) }
    }

    /// `acceptedFormat`, with `state` held.
    func acceptedFormatLocked(for format: PCMFormat) -> PCMFormat {
        var accepted = format
        if format.channels > Int(PA_CHANNELS_MAX) || format.channels < 1 {
            accepted.channels = 2
            accepted.channelMask = PCMFormat.defaultMask(channels: 2)
        }
        let maximum = Int(PA_RATE_MAX)
        if format.sampleRate > maximum || format.sampleRate < 1 {
            let base = format.sampleRate % 11_025 == 0 ? 44_100 : 48_000
            var rate = base
            while rate * 2 <= maximum { rate *= 2 }
            accepted.sampleRate = rate
        }
        if refusedSampleFormats.contains(format.sampleFormat) {
            accepted.sampleFormat =
                [PCMSampleFormat.float32, .s32, .s24].first {
                    !refusedSampleFormats.contains($0) && $0.bits >= format.sampleFormat.bits
                } ?? .s16
        }
        return accepted
    }

    /// Sets the format opened, and the stream's (with `state`; the loop's lock held).
    func setFormatLocked(_ format: PCMFormat) {
        state.withLock {
            self.format = format
            streamFormat = acceptedFormatLocked(for: format)
        }
    }

    /// The server refused a stream of the stream's sample format: remember it, tell why once, and fall back on the
    /// next sample format it may take (16-bit at last, which every server takes). False when there is none left.
    func refuseSampleFormatLocked() -> Bool {
        let (wanted, used, told): (PCMFormat, PCMFormat, Bool) = state.withLock {
            guard streamFormat.sampleFormat != .s16 else { return (format, format, true) }
            refusedSampleFormats.insert(streamFormat.sampleFormat)
            streamFormat = acceptedFormatLocked(for: format)
            return (format, streamFormat, !refusalsTold.insert(format).inserted)
        }
        guard wanted != used else { return false }
        if !told { eventHandler?(.formatRefused(wanted: wanted, used: used)) }
        return true
    }

    /// Where each channel of `format` plays, from its WAVEFORMATEXTENSIBLE mask (bit order is channel order).
    static func channelMap(for format: PCMFormat) -> pa_channel_map {
        var map = pa_channel_map()
        let channels = format.channels
        if channels == 1 {
            map.channels = 1
            map.map.0 = PA_CHANNEL_POSITION_MONO
            return map
        }
        guard format.channelMask.nonzeroBitCount == channels, channels <= Int(PA_CHANNELS_MAX) else {
            pa_channel_map_init_extend(
                &map, UInt32(max(1, min(channels, Int(PA_CHANNELS_MAX)))), PA_CHANNEL_MAP_DEFAULT)
            return map
        }
        let named: [pa_channel_position_t] = [
            PA_CHANNEL_POSITION_FRONT_LEFT, PA_CHANNEL_POSITION_FRONT_RIGHT, PA_CHANNEL_POSITION_FRONT_CENTER,
            PA_CHANNEL_POSITION_LFE, PA_CHANNEL_POSITION_REAR_LEFT, PA_CHANNEL_POSITION_REAR_RIGHT,
            PA_CHANNEL_POSITION_FRONT_LEFT_OF_CENTER, PA_CHANNEL_POSITION_FRONT_RIGHT_OF_CENTER,
            PA_CHANNEL_POSITION_REAR_CENTER, PA_CHANNEL_POSITION_SIDE_LEFT, PA_CHANNEL_POSITION_SIDE_RIGHT,
            PA_CHANNEL_POSITION_TOP_CENTER, PA_CHANNEL_POSITION_TOP_FRONT_LEFT, PA_CHANNEL_POSITION_TOP_FRONT_CENTER,
            PA_CHANNEL_POSITION_TOP_FRONT_RIGHT, PA_CHANNEL_POSITION_TOP_REAR_LEFT, PA_CHANNEL_POSITION_TOP_REAR_CENTER,
            PA_CHANNEL_POSITION_TOP_REAR_RIGHT,
        ]
        var positions: [pa_channel_position_t] = []
        var aux: UInt32 = 0
        for bit in 0..<64 where format.channelMask & (1 << UInt64(bit)) != 0 {
            if bit < named.count {
                positions.append(named[bit])
            } else {
                positions.append(pa_channel_position_t(rawValue: PA_CHANNEL_POSITION_AUX0.rawValue + Int32(aux)))
                aux += 1
            }
        }
        map.channels = UInt8(channels)
        withUnsafeMutableBytes(of: &map.map) { raw in
            let slots = raw.bindMemory(to: pa_channel_position_t.self)
            for (index, position) in positions.enumerated() { slots[index] = position }
        }
        return map
    }

    static func sampleSpec(for format: PCMFormat) -> pa_sample_spec {
        let sampleFormat: pa_sample_format_t =
            switch format.sampleFormat {
            case .s16: PA_SAMPLE_S16LE
            case .s24: PA_SAMPLE_S24LE
            case .s32: PA_SAMPLE_S32LE
            case .float32: PA_SAMPLE_FLOAT32LE
            }
        return pa_sample_spec(format: sampleFormat, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
    }
}
