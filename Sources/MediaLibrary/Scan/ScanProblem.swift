import MediaModel

/// A file or folder a scan could not use, and why (B-F1).
public struct ScanProblem: Hashable, Sendable {
    /// Why a file or folder could not be used (or was used without part of it).
    public enum Reason: Hashable, Sendable {
        /// FFmpeg does not recognize it as audio; its message is attached.
        case notAudio(String)
        /// The file is empty.
        case empty
        /// The file or folder may not be read.
        case permissionDenied
        /// A symbolic link that points nowhere.
        case brokenSymlink
        /// A symbolic link that leads back into a folder already scanned.
        case symlinkLoop
        /// A folder that cannot be listed; the system's message is attached.
        case unreadableFolder(String)
        /// The file vanished while the scan read it.
        case vanished
        /// Reading the file took longer than its budget's deadline (seconds) and was given up. It is not read again
        /// until it changes.
        case tookTooLong(seconds: Double)
        /// Reading the file read more than its budget's cap (bytes) without finding its audio, and was given up. It
        /// is not read again until it changes.
        case readTooMuch(bytes: Int64)
        /// The file's tags claim more than this many entries (no real tag comes near), and it was given up. It is
        /// not read again until it changes.
        case tooManyTags(Int)
        /// The song is indexed, but its embedded picture (size in bytes) is too large to use.
        case pictureTooLarge(Int)
        /// The song is indexed, but its picture does not decode; FFmpeg's message is attached.
        case pictureUnreadable(String)
        /// A cue sheet that cannot be read; what is wrong with it is attached (`CueSheetError`).
        case cueSheetUnreadable(String)
        /// A cue sheet that names an audio file its folder does not hold (the name attached): none of its tracks is
        /// used.
        case cueFileMissing(String)
        /// A cue sheet's track (its number) that starts at `start` seconds, at or past the end of its file (`length`
        /// seconds): the tracks before it are used.
        case cueTrackPastEnd(track: Int, start: Double, length: Double)

        /// Whether the song was indexed anyway (the problem is only with its artwork).
        public var isWarning: Bool {
            switch self {
            case .pictureTooLarge, .pictureUnreadable: return true
            default: return false
            }
        }

        /// A stable short name, stored in the index.
        var kind: String {
            switch self {
            case .notAudio: return "not-audio"
            case .empty: return "empty"
            case .permissionDenied: return "permission-denied"
            case .brokenSymlink: return "broken-symlink"
            case .symlinkLoop: return "symlink-loop"
            case .unreadableFolder: return "unreadable-folder"
            case .vanished: return "vanished"
            case .tookTooLong: return "over-deadline"
            case .readTooMuch: return "over-byte-cap"
            case .tooManyTags: return "too-many-tags"
            case .pictureTooLarge: return "picture-too-large"
            case .pictureUnreadable: return "picture-unreadable"
            case .cueSheetUnreadable: return "cue-unreadable"
            case .cueFileMissing: return "cue-file-missing"
            case .cueTrackPastEnd: return "cue-past-end"
            }
        }

        /// The attached detail, stored in the index.
        var detail: String {
            switch self {
            case .notAudio(let message), .unreadableFolder(let message), .pictureUnreadable(let message),
                .cueSheetUnreadable(let message), .cueFileMissing(let message):
                return message
            case .cueTrackPastEnd(let track, let start, let length): return "\(track)|\(start)|\(length)"
            case .pictureTooLarge(let bytes): return String(bytes)
            case .tookTooLong(let seconds): return String(seconds)
            case .readTooMuch(let bytes): return String(bytes)
            case .tooManyTags(let count): return String(count)
            default: return ""
            }
        }

        init(kind: String, detail: String) {
            switch kind {
            case "empty": self = .empty
            case "permission-denied": self = .permissionDenied
            case "broken-symlink": self = .brokenSymlink
            case "symlink-loop": self = .symlinkLoop
            case "unreadable-folder": self = .unreadableFolder(detail)
            case "vanished": self = .vanished
            case "picture-too-large": self = .pictureTooLarge(Int(detail) ?? 0)
            case "over-deadline": self = .tookTooLong(seconds: Double(detail) ?? 0)
            case "over-byte-cap": self = .readTooMuch(bytes: Int64(detail) ?? 0)
            case "too-many-tags": self = .tooManyTags(Int(detail) ?? 0)
            case "picture-unreadable": self = .pictureUnreadable(detail)
            case "cue-unreadable": self = .cueSheetUnreadable(detail)
            case "cue-file-missing": self = .cueFileMissing(detail)
            case "cue-past-end":
                let parts = detail.split(separator: "|").map(String.init)
                self = .cueTrackPastEnd(
                    track: parts.first.flatMap { Int($0) } ?? 0, start: parts.count > 1 ? Double(parts[1]) ?? 0 : 0,
                    length: parts.count > 2 ? Double(parts[2]) ?? 0 : 0)
            default: self = .notAudio(detail)
            }
        }
    }

    /// The file or folder.
    public var path: LibraryPath
    /// What is wrong with it.
    public var reason: Reason

    /// Creates a problem record.
    public init(path: LibraryPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }
}
