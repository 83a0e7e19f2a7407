/// What a scan does when another scan of the same index — in this process or another — is writing it.
public enum BusyPolicy {
    /// Waits until that scan ends. `notice`, when given, runs once on the calling thread before the wait begins
    /// (to tell the user why nothing happens yet); it does not run when the index is free.
    case wait(notice: (() -> Void)? = nil)
    /// Throws `ScanAlreadyRunning` at once.
    case fail
}
