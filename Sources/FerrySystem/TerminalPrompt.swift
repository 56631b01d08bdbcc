import Glibc

/// Asks the person at the controlling terminal (`/dev/tty`, so it works while standard input and output are
/// redirected) for a line: a passphrase without echoing it, a prompt variable's value.
public enum TerminalPrompt {
    /// Writes `prompt` to the terminal and reads one line with echo off; `nil` when there is no terminal or the
    /// input ended.
    public static func readSecret(_ prompt: String) -> String? { readLine(prompt, echoing: false) }

    /// Writes `prompt` to the terminal and reads one line, echoed as typed or not (`echoing`); `nil` when there
    /// is no terminal or the input ended.
    public static func readLine(_ prompt: String, echoing: Bool) -> String? {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        let terminal = FileDescriptor(rawValue: descriptor)
        defer { terminal.closeIgnoringErrors() }
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return nil }
        // Echo goes off before the prompt shows, so nothing typed after it is echoed; nothing typed ahead is
        // discarded (TCSADRAIN, not TCSAFLUSH): an answer typed as the prompt appears is read, not lost.
        if !echoing {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(descriptor, TCSADRAIN, &quiet)
        }
        defer { if !echoing { _ = tcsetattr(descriptor, TCSADRAIN, &saved) } }
        try? terminal.writeAll(Array(prompt.utf8))
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = SystemCall.retryingInterrupts { read(descriptor, &byte, 1) }
            guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            if byte != 0x0D { line.append(byte) }
        }
    }
}
