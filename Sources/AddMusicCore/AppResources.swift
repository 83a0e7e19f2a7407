import Foundation

/// Finds the app's resources (the `.lproj` string tables and the app sound) without ever stopping the process.
///
/// SwiftPM's generated `Bundle.module` ends the process with a fatal error (an illegal instruction, at the first
/// string looked up) when its bundle cannot be found or read, and falls back to a folder of the machine that built
/// it. Instead, the bundle is looked for beside the executable (`AddMusic_AddMusicCore.resources`, where SwiftPM
/// puts it and where the test runner finds it too), then in `../share/addmusic/` of an installed binary; it counts
/// only when this user can read its English strings. `addmusic` says which places it tried when none can.
public enum AppResources {
    /// The bundle's folder name, as SwiftPM makes it.
    static let bundleName = "AddMusic_AddMusicCore.resources"

    /// The places looked in, in order.
    public static let candidates: [String] = {
        guard let executable = executablePath() else { return [] }
        let folder = (executable as NSString).deletingLastPathComponent
        return [
            folder + "/" + bundleName, (folder as NSString).deletingLastPathComponent + "/share/addmusic/" + bundleName,
        ]
    }()

    /// The bundle, or nil when no candidate holds one this user can read.
    public static let bundle: Bundle? = candidates.lazy.filter(isReadable).compactMap { Bundle(path: $0) }.first

    /// Whether `folder` can be listed and its English strings read.
    static func isReadable(_ folder: String) -> Bool {
        access(folder, R_OK | X_OK) == 0 && access(folder + "/en.lproj/Localizable.strings", R_OK) == 0
    }

    /// This process's executable, symbolic links resolved (`/proc/self/exe`); nil when it cannot be read.
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
