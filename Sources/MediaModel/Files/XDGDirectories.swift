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

    /// The user's music folder, as `xdg-user-dir MUSIC` answers (read here, without starting it): the
    /// `XDG_MUSIC_DIR` line of `$XDG_CONFIG_HOME/user-dirs.dirs`, else the variable `XDG_MUSIC_DIR`; when neither
    /// names a folder other than home, `~/Music`.
    public static var music: String {
        music(home: home, configHome: configHome, variable: absoluteVariable("XDG_MUSIC_DIR"))
    }

    /// The music folder for the home folder `home`, the config folder `configHome` and the variable `XDG_MUSIC_DIR`
    /// (see `music`).
    static func music(home: String, configHome: String, variable: String?) -> String {
        let file = configHome + "/user-dirs.dirs"
        let named =
            (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { userDirectory("MUSIC", in: $0, home: home) }
            ?? variable
        if let named, named != home, named != home + "/" { return named }
        return home + "/Music"
    }

    /// The folder a `user-dirs.dirs` file names for `name` (its last `XDG_NAME_DIR=` line), in the file's one form:
    /// `"$HOME/path"` or `"/path"`, with `\`-escapes; nil when none, or in another form.
    static func userDirectory(_ name: String, in file: String, home: String = XDGDirectories.home) -> String? {
        let key = "XDG_\(name)_DIR="
        var found: String?
        for line in file.split(whereSeparator: \.isNewline) {
            let line = line.drop { $0 == " " || $0 == "\t" }
            guard line.hasPrefix(key) else { continue }
            var value = line.dropFirst(key.count)
            guard value.first == "\"" else { continue }
            value = value.dropFirst()
            var text = ""
            var escaped = false
            var closed = false
            for character in value {
                if escaped {
                    text.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    closed = true
                    break
                } else {
                    text.append(character)
                }
            }
            guard closed else { continue }
            if text == "$HOME" || text.hasPrefix("$HOME/") {
                found = home + text.dropFirst(5)
            } else if text.hasPrefix("/") {
                found = text
            }
        }
        return found
    }

    private static func absoluteVariable(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], value.hasPrefix("/") else { return nil }
        return value
    }
}
