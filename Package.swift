// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AddMusic",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "MediaLibrary", targets: ["MediaLibrary"]),
        .executable(name: "addmusic", targets: ["addmusic"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswresample-dev", "libswscale-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "MediaLibrary",
            dependencies: ["CFFmpeg", "CSQLite"]
        ),
        .executableTarget(
            name: "addmusic",
            dependencies: ["MediaLibrary"]
        ),
        .testTarget(
            name: "MediaLibraryTests",
            dependencies: ["MediaLibrary"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
