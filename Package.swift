// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AddMusic",
    defaultLocalization: "en",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "MediaModel", targets: ["MediaModel"]),
        .library(name: "MediaLibrary", targets: ["MediaLibrary"]),
        .library(name: "AudioEngine", targets: ["AudioEngine"]),
        .library(name: "MusicPlayer", targets: ["MusicPlayer"]),
        .library(name: "MediaDemo", targets: ["MediaDemo"]),
        .library(name: "AddMusicCore", targets: ["AddMusicCore"]),
        .library(name: "MediaControls", targets: ["MediaControls"]),
        .executable(name: "addmusic", targets: ["addmusic"]),
    ],
    targets: [
        .target(
            // FFmpeg's headers (libavformat-dev, libavcodec-dev, libavutil-dev, libswresample-dev,
            // libswscale-dev), and its libraries loaded when first called rather than when a process starts.
            name: "CFFmpeg",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            // TagLib (libtag1-dev) behind a C interface of our own: tags of every format as one property map, and
            // their writing.
            name: "CTagLib",
            linkerSettings: [.linkedLibrary("tag"), .linkedLibrary("stdc++")]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            // The leaf every layer shares: songs, paths, the config file, checked numbers, locks and queues.
            name: "MediaModel"
        ),
        .target(
            name: "FFmpegSupport",
            dependencies: ["CFFmpeg", "MediaModel"]
        ),
        .target(
            name: "MediaLibrary",
            dependencies: ["CFFmpeg", "CSQLite", "CTagLib", "FFmpegSupport", "MediaModel"]
        ),
        .target(
            // The demo library: songs synthesized, encoded and tagged, with painted covers.
            name: "MediaDemo",
            dependencies: ["CFFmpeg", "FFmpegSupport", "MediaModel"]
        ),
        .systemLibrary(
            name: "CPulseAudio",
            // No pkgConfig: libpulse.pc adds -pthread and -D_REENTRANT, which SwiftPM refuses; the headers are
            // in the default include path and the module map links the library.
            providers: [.apt(["libpulse-dev"])]
        ),
        .systemLibrary(
            // libebur128 (libebur128-dev): EBU R128 loudness and true peak, for the loudness analysis.
            name: "CEBUR128",
            pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"])]
        ),
        .target(
            // The equalizer's wide path (AVX2 and FMA, chosen at run time): Swift compiles for the package's
            // instruction set only.
            name: "CEqualizer"
        ),
        .target(
            name: "AudioEngine",
            dependencies: ["CFFmpeg", "FFmpegSupport", "CPulseAudio", "CEBUR128", "CEqualizer", "MediaModel"]
        ),
        .target(
            name: "MusicPlayer",
            dependencies: ["AudioEngine", "FFmpegSupport", "MediaModel"]
        ),
        .target(
            // HTTP and HTTPS through libcurl (libcurl4-openssl-dev's header), opened on the first request, for
            // scrobbling.
            name: "CHTTP"
        ),
        .target(
            // The desktop's keyring through libsecret (libsecret-1-0), opened on the first secret kept or read, for
            // the scrobbling accounts.
            name: "CSecret"
        ),
        .target(
            name: "AddMusicCore",
            dependencies: [
                "MediaLibrary", "AudioEngine", "MusicPlayer", "MediaModel", "FFmpegSupport", "CHTTP", "CSecret",
            ],
            resources: [.process("Resources")]
        ),
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
        ),
        .target(
            name: "Gtk",
            dependencies: ["CGtk"]
        ),
        .target(
            // The MPRIS object's sd-bus tables (built by macros) and its bus loop; libsystemd-dev's headers are in
            // the default include path.
            name: "CMPRISBus",
            linkerSettings: [.linkedLibrary("systemd")]
        ),
        .target(
            name: "MediaControls",
            dependencies: ["CMPRISBus", "FFmpegSupport", "MusicPlayer", "MediaModel"]
        ),
        .target(
            // The desktop window: its views over the app controller, the picker, the queue view, the preferences.
            name: "AddMusicWindow",
            dependencies: [
                "AddMusicCore", "AudioEngine", "Gtk", "MediaLibrary", "MediaModel", "MusicPlayer", "FFmpegSupport",
            ]
        ),
        .executableTarget(
            // The command line: argument parsing and the commands, the window's start among them.
            name: "addmusic",
            dependencies: [
                "MediaLibrary", "AudioEngine", "MusicPlayer", "AddMusicCore", "AddMusicWindow", "Gtk", "MediaControls",
                "MediaDemo", "MediaModel",
            ]
        ),
        .testTarget(
            name: "AddMusicTests",
            dependencies: [
                "MediaLibrary", "AudioEngine", "MusicPlayer", "AddMusicCore", "MediaControls", "MediaDemo",
                "MediaModel", "FFmpegSupport", "Gtk",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
