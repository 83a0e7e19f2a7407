import CSecret
import Foundation

/// The desktop's keyring — the Secret Service on the session bus, through libsecret (`CSecret`) — where the
/// scrobbling secrets are kept when one answers. Each call blocks its thread for at most `timeout` seconds (a keyring
/// waiting on a prompt nobody answers is given up on): never call it on the main thread.
struct Keyring: Sendable {
    /// The longest a call waits.
    var timeout: Double

    /// Keeps `value` under `name`, labelled `label` in the keyring's manager; replaces what the name held.
    /// - Throws: `KeyringError` when no keyring answers, or it refuses or does not answer in time.
    func store(_ value: String, name: String, label: String) throws(KeyringError) {
        var error = [CChar](repeating: 0, count: 512)
        let outcome = addmusic_secret_store(name, label, value, milliseconds, &error, error.count)
        guard Int(outcome) == addmusic_secret_done else { throw KeyringError(reason: Self.text(error)) }
    }

    /// The value kept under `name`; nil when none is, or it is locked (never asks the user to unlock it).
    /// - Throws: `KeyringError` when no keyring answers.
    func lookup(_ name: String) throws(KeyringError) -> String? {
        var error = [CChar](repeating: 0, count: 512)
        var value: UnsafeMutablePointer<CChar>?
        let outcome = addmusic_secret_lookup(name, milliseconds, &value, &error, error.count)
        defer { free(value) }
        switch Int(outcome) {
        case addmusic_secret_done: return value.map { String(cString: $0) }
        case addmusic_secret_absent: return nil
        default: throw KeyringError(reason: Self.text(error))
        }
    }

    /// Forgets what is kept under `name` (nothing kept: done too).
    /// - Throws: `KeyringError` when no keyring answers.
    func clear(_ name: String) throws(KeyringError) {
        var error = [CChar](repeating: 0, count: 512)
        guard Int(addmusic_secret_clear(name, milliseconds, &error, error.count)) == addmusic_secret_done else {
            throw KeyringError(reason: Self.text(error))
        }
    }

    private var milliseconds: Int32 { Int32(clamping: Int(timeout * 1000)) }

    private static func text(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why the keyring could not be used, as libsecret or the Secret Service said (untrusted text: bounded, and shown
/// through `TerminalSafeText` where printed).
public struct KeyringError: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
