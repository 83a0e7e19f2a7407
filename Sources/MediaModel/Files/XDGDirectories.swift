import Foundation

/// The XDG base and user folders, read from the environment as the freedesktop.org specifications say.
public enum XDGDirectories {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public static var dataHome: String { absoluteVariable("XDG_DATA_HOME") ?? home + "/.local/share" }
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static var configHome: String { absoluteVariable("XDG_CONFIG_HOME") ?? home + "/.config" }
    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public static var cacheHome: String { absoluteVariable("XDG_CACHE_HOME") ?? home + "/.cache" }
    /// The home folder (`$HOME`).
    public static var home: String {
        ProcessInfo.processInfo.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The user's music folder: `xdg-user-dir MUSIC` when it names a folder other than home, else `~/Music`.
    public static var music: String {
        if let answer = run("xdg-user-dir", ["MUSIC"]), answer.hasPrefix("/"), answer != home, answer != home + "/" {
            return answer
        }
        return home + "/Music"
    }

    private static func absoluteVariable(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], value.hasPrefix("/") else { return nil }
        return value
    }

    private static func run(_ command: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
