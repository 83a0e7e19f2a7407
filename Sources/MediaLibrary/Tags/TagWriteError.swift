/// Why a tag write changed nothing. The file is then as it was, and no copy is left beside it.
public enum TagWriteError: Error, Sendable, Equatable {
    /// The path is not a regular file (or a link to one).
    case notAFile
    /// The file cannot be opened or read (the system's `errno`).
    case unreadable(Int32)
    /// The file may not be written (no write permission, or a read-only file system).
    case readOnlyFile
    /// The folder holding the file may not be written: the copy edited beside the file cannot be made.
    case readOnlyFolder
    /// The file belongs to another user, and this user cannot give the edited copy that owner.
    case cannotKeepOwner
    /// TagLib does not know the format, or cannot write what was asked into it; its reason.
    case unsupported(String)
    /// The disk is full (or the user's quota is).
    case diskFull
    /// Another failure of the system while copying or replacing (`errno`, and what was done).
    case system(Int32, String)
    /// The copy read back did not hold what was asked, or its audio was not the file's: which.
    case verificationFailed(String)
}
