import CNcurses
import Glibc

// Process-wide state read by C signal handlers. Handlers may only touch plain values, so everything is
// prepared before they are installed and never freed.
nonisolated(unsafe) private var guardOutputDescriptor: Int32 = -1
nonisolated(unsafe) private var guardInputDescriptor: Int32 = -1
// The saved `termios` and SIGWINCH action live on the heap, not in `termios()` / `sigaction()` globals: Swift 6.3
// lays a zero-initialized global of an imported C struct out without the struct's inner padding (57 bytes
// for the 60-byte `termios`, 148 for the 152-byte `sigaction`), so `tcgetattr` and `sigaction` wrote past
// the global into its neighbour (AddressSanitizer: global-buffer-overflow; `guardHasTermios` sat at +57).
nonisolated(unsafe) private let guardSavedTermios: UnsafeMutablePointer<termios> = {
    let storage = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    storage.initialize(to: termios())
    return storage
}()
nonisolated(unsafe) private var guardHasTermios = false
nonisolated(unsafe) private var guardResetBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var guardResetCount = 0
nonisolated(unsafe) private var guardWakeDescriptor: Int32 = -1
nonisolated(unsafe) private let guardPreviousWinch: UnsafeMutablePointer<sigaction> = {
    let storage = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
    storage.initialize(to: sigaction())
    return storage
}()
/// Previous handlers by signal number (65 entries), allocated once so handlers read them without Swift runtime calls.
nonisolated(unsafe) private let guardPreviousCrash: UnsafeMutablePointer<sigaction> = {
    let storage = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    storage.initialize(repeating: sigaction(), count: 65)
    return storage
}()
nonisolated(unsafe) private var guardCrashInstalled = false

/// The escape sequences that undo what the backend turned on: bracketed paste, mouse reporting, the
/// alternate screen, hidden cursor and attributes.
let terminalResetSequence = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// Restores the terminal when the process dies of a crash signal, and wakes the input wait on SIGWINCH.
///
/// Crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) get a handler that writes
/// `terminalResetSequence`, puts back the saved `termios`, then re-raises the signal under the handler
/// that was there before (the Swift backtracer or the default), so the crash still reports as a crash.
enum TerminalGuard {
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Saves the terminal modes of `input` and installs the crash handlers.
    static func install(input: Int32, output: Int32) {
        guardInputDescriptor = input
        guardOutputDescriptor = output
        guardHasTermios = tcgetattr(input, guardSavedTermios) == 0
        if guardResetBytes == nil {
            let bytes = Array(terminalResetSequence.utf8)
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            storage.initialize(from: bytes, count: bytes.count)
            guardResetBytes = storage
            guardResetCount = bytes.count
        }
        guard !guardCrashInstalled else { return }
        _ = guardPreviousCrash
        for signalNumber in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signalNumber, &action, guardPreviousCrash + Int(signalNumber))
        }
        guardCrashInstalled = true
    }

    /// Puts the previous crash handlers back (after a clean restore).
    static func uninstall() {
        guard guardCrashInstalled else { return }
        for signalNumber in crashSignals { sigaction(signalNumber, guardPreviousCrash + Int(signalNumber), nil) }
        guardCrashInstalled = false
    }

    /// Makes SIGWINCH also write to `descriptor` (a `WakeSignal`), chaining to ncurses' own handler so
    /// `wget_wch` still reports `KEY_RESIZE`.
    static func wakeOnResize(descriptor: Int32) {
        guardWakeDescriptor = descriptor
        var action = sigaction()
        action.__sigaction_handler.sa_handler = winchHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, guardPreviousWinch)
    }

    /// Stops waking on SIGWINCH and restores the previous handler.
    static func stopWakingOnResize() {
        guardWakeDescriptor = -1
        sigaction(SIGWINCH, guardPreviousWinch, nil)
    }
}

private func winchHandler(_ signalNumber: Int32) {
    let previous = guardPreviousWinch.pointee.__sigaction_handler.sa_handler
    if let previous, unsafeBitCast(previous, to: Int.self) > 1 { previous(signalNumber) }
    if guardWakeDescriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(guardWakeDescriptor, &byte, 1)
    }
}

private func crashHandler(_ signalNumber: Int32) {
    if let bytes = guardResetBytes, guardOutputDescriptor >= 0 {
        _ = write(guardOutputDescriptor, bytes, guardResetCount)
    }
    if guardHasTermios { _ = tcsetattr(guardInputDescriptor, TCSANOW, guardSavedTermios) }
    sigaction(signalNumber, guardPreviousCrash + Int(signalNumber), nil)
    raise(signalNumber)
}
