import Foundation

/// Reads single key presses from a terminal on a thread of its own ("addmusic.keys"), with echo and line editing
/// off; `restore()` (also run at exit) gives the terminal back as it was.
final class TerminalKeys: @unchecked Sendable {  // `saved` and `active` are set only in init
    /// A key a person pressed.
    enum Key: Sendable {
        case character(Character)
        case left
        case right
    }

    private var saved = termios()
    private let active: Bool

    /// Takes the terminal on stdin, when there is one, and calls `handler` on the reading thread for each key.
    init(handler: @escaping @Sendable (Key) -> Void) {
        active = isatty(STDIN_FILENO) != 0 && tcgetattr(STDIN_FILENO, &saved) == 0
        guard active else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(IXON)  // Ctrl+S is a key, not a hold on the output
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        let thread = Thread {
            var pending: [UInt8] = []
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                pending.append(byte)
                if pending == [27] || pending == [27, 91] { continue }  // the start of an arrow key's sequence
                if pending == [27, 91, 68] {
                    handler(.left)
                } else if pending == [27, 91, 67] {
                    handler(.right)
                } else if let text = String(bytes: pending, encoding: .utf8), let character = text.first {
                    handler(.character(character))
                }
                pending = []
            }
        }
        thread.name = "addmusic.keys"
        thread.start()
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }
}
