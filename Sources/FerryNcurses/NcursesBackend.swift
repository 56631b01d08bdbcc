import CNcurses
import FerryTerminal
import Glibc

/// A `TerminalBackend` over ncursesw: UTF-8 and wide characters, 8 to 16 million colours, mouse,
/// bracketed paste, resize and a short Esc delay.
///
/// ncurses draws and tracks the screen; keyboard bytes are read through `wget_wch` with `keypad` off and
/// decoded by `KeyDecoder`, so the byte-level decoding is the same tested code everywhere. Every call must
/// come from one thread (the loop's); only `wakeSignal.signal()` may be called from others.
///
/// ```swift
/// let backend = try NcursesBackend()
/// defer { backend.restore() }
/// try TerminalLoop(backend: backend, state: state).run(…)
/// ```
public final class NcursesBackend: TerminalBackend {
    /// The colour depth the terminal reports (`COLORS`).
    public let colorDepth: ColorDepth
    /// The signal that interrupts `nextEvent(timeout:)`.
    public let wakeSignal = WakeSignal()
    /// How long a lone Esc waits for the rest of a sequence before it counts as the Esc key.
    public var escapeDelay: Duration = .milliseconds(25)

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputDescriptor: Int32
    private var decoder = KeyDecoder()
    private var queued: [InputEvent] = []
    private var lastSize: Size
    private var isCursorVisible = false
    private var isRestored = false
    var pairs = ColorPairCache()
    /// What the window holds, cell by cell: repainted in full when the colour pairs are reset.
    private var shown = ScreenBuffer(width: 0, height: 0)
    /// One cell's code points for `setcchar`, reused from cell to cell.
    private var text = [wchar_t](repeating: 0, count: Int(ferry_ccharw_max()) + 1)

    // MARK: - Starting and stopping

    /// Starts ncurses on the process's terminal (standard input and output).
    public convenience init() throws {
        guard let input = fdopen(dup(STDIN_FILENO), "r"), let output = fdopen(dup(STDOUT_FILENO), "w") else {
            throw NcursesError("cannot open the terminal")
        }
        try self.init(input: input, output: output, terminalType: nil)
    }

    /// Starts ncurses on the given streams (a pty in tests); `terminalType` overrides `$TERM`.
    public init(input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, terminalType: String?) throws {
        Self.selectUTF8Locale()
        guard isatty(fileno(input)) != 0 else { throw NcursesError("standard input is not a terminal") }
        TerminalGuard.install(input: fileno(input), output: fileno(output))
        let created: OpaquePointer? =
            if let terminalType { newterm(terminalType, output, input) } else { newterm(nil, output, input) }
        guard let created else {
            TerminalGuard.uninstall()
            let name = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "unset"
            throw NcursesError("ncurses cannot start on this terminal (TERM=\(name))")
        }
        screen = created
        set_term(created)
        guard let standard = ferry_stdscr() else { throw NcursesError("ncurses has no standard screen") }
        window = standard
        inputFile = input
        outputFile = output
        inputDescriptor = fileno(input)
        raw()
        noecho()
        nonl()
        keypad(standard, false)
        intrflush(standard, false)
        set_escdelay(25)
        wtimeout(standard, 0)
        curs_set(0)
        var colors = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = Int(ferry_colors())
        }
        colorDepth = ColorDepth(colorCount: colors)
        mouseinterval(0)
        mousemask(ferry_all_mouse_events(), nil)
        var rows: Int32 = 0
        var columns: Int32 = 0
        ferry_getmaxyx(standard, &rows, &columns)
        lastSize = Size(width: Int(columns), height: Int(rows))
        shown = ScreenBuffer(size: lastSize)
        wrefresh(standard)
        writeRaw("\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h")
        TerminalGuard.wakeOnResize(descriptor: wakeSignal.signalDescriptor)
    }

    /// Gives the terminal back: turns off paste and mouse reporting, leaves the alternate screen and
    /// restores the terminal modes. Safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        TerminalGuard.stopWakingOnResize()
        writeRaw("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l")
        mousemask(0, nil)
        curs_set(1)
        endwin()
        delscreen(screen)
        fclose(inputFile)
        fclose(outputFile)
        TerminalGuard.uninstall()
    }

    deinit {
        restore()
    }

    // MARK: - TerminalBackend

    /// The terminal's size as ncurses knows it.
    public var size: Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        ferry_getmaxyx(window, &rows, &columns)
        return Size(width: Int(columns), height: Int(rows))
    }

    /// Writes the changed cells into ncurses' screen (shown on `flush()`).
    ///
    /// When the terminal runs out of colour pairs the pairs are reset and every cell of the frame is
    /// written again with its new pair, and the next flush repaints the whole terminal: no cell keeps a
    /// pair number whose colours changed. A frame with more colour combinations than the terminal has pairs
    /// shows the rest in the default colours.
    public func draw(_ changes: some Sequence<CellChange>) throws {
        let current = size
        if shown.size != current { shown = ScreenBuffer(size: current) }
        var pairsRanOut = false
        for change in changes where !change.cell.isContinuation {
            shown.set(change.cell, at: change.position)
            if pairsRanOut { continue }
            guard let pair = pairs.pair(for: change.cell.style, depth: colorDepth) else {
                pairsRanOut = true
                continue
            }
            put(change.cell, at: change.position, pair: pair)
        }
        if pairsRanOut { repaintWithFreshPairs() }
    }

    /// Resets the colour pairs, writes every cell of the frame again and makes the next flush repaint the
    /// whole terminal.
    private func repaintWithFreshPairs() {
        pairs.reset()
        for change in shown.changes(from: ScreenBuffer(size: shown.size)) where !change.cell.isContinuation {
            put(change.cell, at: change.position, pair: pairs.pair(for: change.cell.style, depth: colorDepth) ?? 0)
        }
        clearok(window, true)
    }

    /// Writes one cell (a wide character covers the next one too) into ncurses' screen.
    private func put(_ cell: Cell, at position: Position, pair: Int32) {
        let limit = Int(ferry_ccharw_max()) - 1
        var count = 0
        for scalar in cell.character.unicodeScalars {
            if count == limit { break }
            text[count] = wchar_t(bitPattern: scalar.value)
            count += 1
        }
        text[count] = 0
        _ = ferry_mvwadd_cell(window, Int32(position.y), Int32(position.x), text, attributes(for: cell.style), pair)
    }

    /// Sends what was drawn to the terminal.
    public func flush() throws {
        wrefresh(window)
    }

    /// Blanks ncurses' screen and makes the next flush repaint everything.
    public func clear() throws {
        wclear(window)
        shown = ScreenBuffer(size: size)
    }

    /// Shows the cursor at `position`.
    public func showCursor(at position: Position) throws {
        if !isCursorVisible {
            curs_set(1)
            isCursorVisible = true
        }
        wmove(window, Int32(position.y), Int32(position.x))
    }

    /// Hides the cursor.
    public func hideCursor() throws {
        if isCursorVisible {
            curs_set(0)
            isCursorVisible = false
        }
    }

    /// Waits for input (or `wakeSignal`) up to `timeout` and returns the next event.
    public func nextEvent(timeout: Duration?) throws -> InputEvent? {
        if !queued.isEmpty { return queued.removeFirst() }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            let left = deadline.map { max(.zero, $0 - ContinuousClock.now) }
            switch wakeSignal.wait(readingFrom: inputDescriptor, timeout: left) {
            case .woken:
                // Woken by a post or by SIGWINCH: let ncurses see a pending resize (KEY_RESIZE) first.
                readInput()
                return queued.isEmpty ? nil : queued.removeFirst()
            case .timedOut:
                return nil
            case .input:
                readInput()
                if !queued.isEmpty { return queued.removeFirst() }
                if let deadline, ContinuousClock.now >= deadline { return nil }
            }
        }
    }

    /// Gives the terminal back to the shell's modes while `body` runs (an editor, or the process stopped
    /// by Ctrl-Z), then takes it again and repaints the whole screen from what ncurses last showed.
    ///
    /// Mouse and paste reporting are turned off for the other program and back on after; `endwin`
    /// restores the shell's tty modes and leaves the alternate screen; `reset_prog_mode` and a refresh
    /// with `clearok` bring ours back. A resize meanwhile is reported by the next `nextEvent`.
    public func suspend<T>(_ body: () throws -> T) rethrows -> T {
        writeRaw("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l")
        def_prog_mode()
        endwin()
        defer {
            reset_prog_mode()
            curs_set(isCursorVisible ? 1 : 0)
            clearok(window, true)
            wrefresh(window)
            writeRaw("\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h")
            checkSize()
        }
        return try body()
    }

    /// Writes the OSC 52 sequence for `text` after everything ncurses has drawn (so never inside a frame).
    public func copyToClipboard(_ text: String) throws {
        let sequence = try ClipboardSequence(text)
        writeRaw(sequence.text)
    }

    // MARK: - Internals

    /// Reads everything ncurses has, decodes it, and completes a lone Esc after `escapeDelay`.
    private func readInput() {
        var bytes: [UInt8] = []
        drainCharacters(into: &bytes)
        queued += decoder.decode(bytes)
        while decoder.hasPending {
            guard wakeSignal.wait(readingFrom: inputDescriptor, timeout: escapeDelay) == .input else {
                queued += decoder.flush()
                break
            }
            bytes.removeAll()
            drainCharacters(into: &bytes)
            if bytes.isEmpty {
                queued += decoder.flush()
                break
            }
            queued += decoder.decode(bytes)
        }
        checkSize()
    }

    /// Takes every character ncurses can give without waiting, as UTF-8 bytes; notes KEY_RESIZE.
    private func drainCharacters(into bytes: inout [UInt8]) {
        var value: UInt32 = 0
        while true {
            let result = ferry_get_wch(window, &value)
            if result == ERR { break }
            if result == ferry_key_code_yes() {
                if Int32(value) == ferry_key_resize() { checkSize() }
                continue
            }
            guard let scalar = Unicode.Scalar(value) else {
                bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                continue
            }
            bytes.append(contentsOf: Array(String(scalar).utf8))
        }
    }

    /// Queues a `.resize` event when the terminal's size changed.
    private func checkSize() {
        let current = size
        if current != lastSize {
            lastSize = current
            queued.append(.resize(current))
        }
    }

    private func attributes(for style: Style) -> attr_t {
        var result = ferry_a_normal()
        let modifiers = style.modifiers
        if modifiers.isEmpty { return result }
        if modifiers.contains(.bold) { result |= ferry_a_bold() }
        if modifiers.contains(.dim) { result |= ferry_a_dim() }
        if modifiers.contains(.italic) { result |= ferry_a_italic() }
        if modifiers.contains(.underline) { result |= ferry_a_underline() }
        if modifiers.contains(.reverse) { result |= ferry_a_reverse() }
        return result
    }

    /// Writes bytes straight to the terminal, after what ncurses has buffered.
    private func writeRaw(_ text: String) {
        fflush(outputFile)
        fputs(text, outputFile)
        fflush(outputFile)
    }

    /// Picks a UTF-8 character type: the environment's if it is UTF-8, else C.UTF-8 (tmux and CI often have
    /// none). Only `LC_CTYPE`, the one category ncurses reads: the others cost a file each at start-up.
    static func selectUTF8Locale() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: ferry_codeset()).uppercased()
        if codeset != "UTF-8" && codeset != "UTF8" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.utf8") }
        }
    }
}
