// swift-tools-version:6.0
import Foundation
import PackageDescription

/// libadwaita's and GTK 4's include paths, asked of pkg-config here. A system library's `pkgConfig` would also put
/// their libraries on every link, and then each command would load GTK's stack at launch; instead the window opens it
/// on its first call of GTK (GtkLibraries). Empty when pkg-config is missing: the build then says adwaita.h is not
/// found (scripts/setup installs both).
let gtkIncludePaths: [String] = {
    let output = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "libadwaita-1"]
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("-I") }
}()
/// The same for Swift code that imports CGtk, directly or through Gtk.
let gtkSwiftSettings: [SwiftSetting] = [.unsafeFlags(gtkIncludePaths.flatMap { ["-Xcc", $0] })]

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
            // Libraries opened on the first call of one of their functions: the stand-ins' macros and the opening.
            name: "LazyLibraries",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            // FFmpeg's headers (libavformat-dev, libavcodec-dev, libavutil-dev, libswresample-dev,
            // libswscale-dev), and its libraries loaded when first called rather than when a process starts.
            name: "CFFmpeg",
            dependencies: ["LazyLibraries"]
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
            // in the default include path. The library is not linked: PulseLibraries opens it.
            providers: [.apt(["libpulse-dev"])]
        ),
        .target(
            // libpulse opened the first time the output calls one of its functions, rather than when a process
            // starts (scripts/lazy-functions pulse lists the functions).
            name: "PulseLibraries",
            dependencies: ["LazyLibraries"]
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
            dependencies: [
                "CFFmpeg", "FFmpegSupport", "CPulseAudio", "PulseLibraries", "CEBUR128", "CEqualizer", "MediaModel",
            ]
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
            // libadwaita's, GTK 4's and GLib's headers (found with gtkIncludePaths); none of their libraries is
            // linked.
            name: "CGtk",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
        ),
        .target(
            // libadwaita, GTK 4, GdkPixbuf and GLib opened the first time the window calls one of their functions,
            // rather than when a process starts (scripts/lazy-functions gtk lists the functions).
            name: "GtkLibraries",
            dependencies: ["CGtk", "LazyLibraries"],
            cSettings: [.unsafeFlags(gtkIncludePaths)]
        ),
        .target(
            name: "Gtk",
            dependencies: ["CGtk", "GtkLibraries"],
            swiftSettings: gtkSwiftSettings
        ),
        .target(
            // libsystemd's sd-bus opened when the MPRIS object first connects, rather than when a process starts
            // (scripts/lazy-functions sd-bus lists the functions); libsystemd-dev's headers are in the default
            // include path.
            name: "BusLibraries",
            dependencies: ["LazyLibraries"]
        ),
        .target(
            // The MPRIS object's sd-bus tables (built by macros) and its bus loop.
            name: "CMPRISBus",
            dependencies: ["BusLibraries"]
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
            ],
            swiftSettings: gtkSwiftSettings
        ),
        .executableTarget(
            // The command line: argument parsing and the commands, the window's start among them.
            name: "addmusic",
            dependencies: [
                "MediaLibrary", "AudioEngine", "MusicPlayer", "AddMusicCore", "AddMusicWindow", "Gtk", "MediaControls",
                "MediaDemo", "MediaModel",
            ],
            swiftSettings: gtkSwiftSettings
        ),
        .testTarget(
            name: "AddMusicTests",
            dependencies: [
                "MediaLibrary", "AudioEngine", "MusicPlayer", "AddMusicCore", "MediaControls", "MediaDemo",
                "MediaModel", "FFmpegSupport", "Gtk",
            ],
            swiftSettings: gtkSwiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
