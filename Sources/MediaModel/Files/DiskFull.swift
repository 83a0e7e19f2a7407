import Foundation

/// Tells a full file system (or a used-up quota) from other failures to write, whichever layer reported it: a
/// system call's error number, Foundation's error of a write, or an error that wraps one.
public enum DiskFull {
    /// Whether `code` (an `errno`) means the file system has no room left for this user.
    public static func isDiskFull(code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

    /// Whether `error` (a `FileSystemError`, Foundation's, or any error bridged to `NSError`) says the disk is full.
    public static func isDiskFull(_ error: any Error) -> Bool {
        if let system = error as? FileSystemError { return isDiskFull(code: system.code) }
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace { return true }
        var current: NSError? = error as NSError
        for _ in 0..<8 {  // an error wraps a few others at most
            guard let nsError = current else { break }
            if nsError.domain == NSPOSIXErrorDomain, isDiskFull(code: Int32(nsError.code)) { return true }
            if nsError.domain == NSCocoaErrorDomain, nsError.code == CocoaError.fileWriteOutOfSpace.rawValue {
                return true
            }
            current = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        return false
    }
}
