import MediaModel

/// Which file names a scan treats as audio and as cover art.
enum AudioFileTypes {
    /// Extensions of the audio formats people keep music in that TagLib reads or FFmpeg opens (every one FFmpeg
    /// plays): the README lists them, and what is left out.
    static let audioExtensions: Set<String> = [
        "mp3", "mp2", "mpga", "flac", "ogg", "oga", "opus", "spx", "m4a", "m4b", "m4r", "mp4", "aac", "alac", "wav",
        "wave", "aif", "aiff", "aifc", "wma", "asf", "ape", "wv", "mpc", "mka", "tta", "caf", "ac3", "eac3", "dts",
        "amr", "au", "dsf", "dff", "tak", "shn", "webm", "w64", "mod", "s3m", "xm", "it", "mptm",
    ]

    /// Cover file base names, in order of preference.
    static let coverNames = ["cover", "folder", "front"]

    /// Cover file extensions FFmpeg decodes.
    static let coverExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    static func isAudio(_ path: LibraryPath) -> Bool { audioExtensions.contains(path.pathExtension) }

    /// The preference rank of `name` as a cover file (lower is better), or nil when it is not one.
    static func coverRank(_ path: LibraryPath) -> Int? {
        guard coverExtensions.contains(path.pathExtension) else { return nil }
        return coverNames.firstIndex(of: path.stem.lowercased())
    }
}
