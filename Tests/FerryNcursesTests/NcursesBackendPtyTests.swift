import FerryNcurses
import FerryTerminal
import Foundation
import Testing

/// The ncurses backend on a pseudo-terminal: bytes typed on the master side come back as events, and
/// what the backend draws is read back from the master.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init(width: Int, height: Int) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.slave = slave
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Types bytes as if from the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the program wrote since the last read (waits briefly for output to arrive).
    func readOutput() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 50) > 0 {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }
}

@Suite(.serialized) struct NcursesBackendPtyTests {
    /// One test: ncurses keeps process-wide state, so screens must not overlap.
    @Test func drawsReadsKeysAndRestoresOnAPseudoTerminal() throws {
        let terminal = try PseudoTerminal(width: 80, height: 24)
        guard let input = fdopen(dup(terminal.slave), "r"), let output = fdopen(dup(terminal.slave), "w") else {
            Issue.record("cannot open the pty slave")
            return
        }
        let backend = try NcursesBackend(input: input, output: output, terminalType: "xterm-256color")
        let startup = String(decoding: terminal.readOutput(), as: UTF8.self)
        #expect(startup.contains("\u{1B}[?1049h"), "enters the alternate screen")
        #expect(startup.contains("\u{1B}[?2004h"), "turns on bracketed paste")
        #expect(startup.contains("\u{1B}[?1006h"), "asks for SGR mouse reports")
        #expect(backend.size == Size(width: 80, height: 24))
        #expect(backend.colorDepth == .indexed256)

        // Drawing: a full frame, then one changed character.
        var frame = ScreenBuffer(width: 80, height: 24)
        frame.set(string: "hello 日本 ok", at: Position(x: 2, y: 1), style: Style(fg: .green, modifiers: .bold))
        try backend.draw(frame.changes(from: ScreenBuffer(width: 80, height: 24)))
        try backend.flush()
        let drawn = String(decoding: terminal.readOutput(), as: UTF8.self)
        #expect(drawn.contains("hello"))
        #expect(drawn.contains("日本"))
        var next = frame
        next.set(string: "K", at: Position(x: 13, y: 1), style: Style(fg: .green, modifiers: .bold))
        try backend.draw(next.changes(from: frame))
        try backend.flush()
        let keystroke = terminal.readOutput()
        #expect(String(decoding: keystroke, as: UTF8.self).contains("K"))
        #expect(keystroke.count < 64, "one changed cell cost \(keystroke.count) bytes")

        // Input: keys, a lone Esc, Alt-x, paste and mouse.
        terminal.type("\u{1B}[A")
        #expect(try backend.nextEvent(timeout: .seconds(5)) == .key(.up))
        terminal.type("\u{1B}")
        #expect(try backend.nextEvent(timeout: .seconds(5)) == .key(.escape))
        terminal.type("\u{1B}x")
        #expect(try backend.nextEvent(timeout: .seconds(5)) == .key(KeyEvent(.character("x"), modifiers: .alt)))
        terminal.type("\u{1B}[200~two\nlines\u{1B}[201~")
        #expect(try backend.nextEvent(timeout: .seconds(5)) == .paste("two\nlines"))
        terminal.type("\u{1B}[<0;5;3M")
        #expect(
            try backend.nextEvent(timeout: .seconds(5)) == .mouse(MouseEvent(.press(.left), at: Position(x: 4, y: 2))))
        terminal.type("é")
        #expect(try backend.nextEvent(timeout: .seconds(5)) == .character("é"))

        // Waking from another thread without input.
        let wake = backend.wakeSignal
        Thread.detachNewThread { wake.signal() }
        let start = ContinuousClock.now
        #expect(try backend.nextEvent(timeout: .seconds(600)) == nil)
        // Woken, not at the end of the 600 s timeout (half of it bounds a loaded machine).
        #expect(ContinuousClock.now - start < .seconds(300))

        // Resize: the pty's size changes and SIGWINCH arrives.
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal.slave, UInt(TIOCSWINSZ), &size)
        kill(getpid(), SIGWINCH)
        var resized: InputEvent?
        let deadline = ContinuousClock.now + .seconds(5)
        while resized == nil && ContinuousClock.now < deadline {
            if case .resize(let newSize)? = try backend.nextEvent(timeout: .milliseconds(200)) {
                resized = .resize(newSize)
            }
        }
        #expect(resized == .resize(Size(width: 100, height: 30)))

        // OSC 52: the sequence goes out between frames, base64 of the text; too large a text is refused.
        _ = terminal.readOutput()
        try backend.copyToClipboard("hello")
        #expect(String(decoding: terminal.readOutput(), as: UTF8.self) == "\u{1B}]52;c;aGVsbG8=\u{07}")
        #expect(throws: ClipboardError.self) { try backend.copyToClipboard(String(repeating: "x", count: 200_000)) }
        #expect(terminal.readOutput().isEmpty)

        // Suspend: the shell's modes while the body runs (another program owns the terminal), ours and the
        // whole last frame after it.
        var modes = termios()
        _ = tcgetattr(terminal.slave, &modes)
        #expect(modes.c_lflag & tcflag_t(ICANON) == 0, "raw while running")
        let inside = backend.suspend { () -> (output: String, isCanonical: Bool) in
            var during = termios()
            _ = tcgetattr(terminal.slave, &during)
            return (String(decoding: terminal.readOutput(), as: UTF8.self), during.c_lflag & tcflag_t(ICANON) != 0)
        }
        #expect(inside.isCanonical, "the shell's cooked mode while suspended")
        #expect(inside.output.contains("\u{1B}[?1049l"), "leaves the alternate screen for the other program")
        #expect(inside.output.contains("\u{1B}[?1000l"), "stops mouse reports for the other program")
        let resumed = String(decoding: terminal.readOutput(), as: UTF8.self)
        #expect(resumed.contains("\u{1B}[?1049h"), "back on the alternate screen")
        #expect(resumed.contains("hello") && resumed.contains("日本"), "the last frame repainted in full")
        #expect(resumed.contains("\u{1B}[?1000h"), "mouse reports back on")
        _ = tcgetattr(terminal.slave, &modes)
        #expect(modes.c_lflag & tcflag_t(ICANON) == 0, "raw again after")
        terminal.type("\u{1B}[B")
        #expect(try backend.nextEvent(timeout: .seconds(5)) == .key(.down))

        backend.restore()
        let ending = String(decoding: terminal.readOutput(), as: UTF8.self)
        #expect(ending.contains("\u{1B}[?2004l"), "turns bracketed paste off")
        #expect(ending.contains("\u{1B}[?1049l"), "leaves the alternate screen")
    }
}
