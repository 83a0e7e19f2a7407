import Foundation

/// A value shared between threads behind a lock; `withLock` holds it only for the closure's run. Sendable when its
/// value is: a value that cannot cross threads cannot be shared through a lock either.
package final class Locked<Value> {
    private let lock = NSLock()
    /// Read and written only inside `withLock`, under `lock`.
    private nonisolated(unsafe) var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked: Sendable where Value: Sendable {}
