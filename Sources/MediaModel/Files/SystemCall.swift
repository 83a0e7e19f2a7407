#if canImport(Glibc)
    import Glibc
#endif

/// Small helpers around system calls, shared by the module's file code.
enum SystemCall {
    /// `call` again for as long as it fails with `EINTR` (a signal arrived before it did anything).
    static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
