import FerrySystem
import FerryTerminal
import Foundation

/// Writes bytes to standard output or standard error. When the destination is a terminal, everything goes
/// through ``SafeTextStream`` (the workbench's ``SafeText`` rules, for bytes): control characters, C1 bytes,
/// format characters and invalid UTF-8 are shown escaped rather than sent raw, so text from a file, a
/// variable or the network cannot drive the terminal. Piped or redirected output stays byte-exact.
struct TerminalOutput {
    /// The file descriptor written to.
    let descriptor: Int32

    /// Standard output.
    static let standardOutput = TerminalOutput(descriptor: FileDescriptor.standardOutput.rawValue)
    /// Standard error.
    static let standardError = TerminalOutput(descriptor: FileDescriptor.standardError.rawValue)

    /// Whether the descriptor is a terminal.
    var isTerminal: Bool { FileDescriptor(rawValue: descriptor).isTerminal }

    /// Writes `bytes`, made safe when the destination is a terminal.
    func write(_ bytes: [UInt8]) {
        writeRaw(isTerminal ? SafeTextStream.sanitized(bytes) : bytes)
    }

    /// Writes `text`, made safe when the destination is a terminal.
    func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes `bytes` as they are: only for Ferry's own control sequences (the progress bar).
    func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeRaw($0) }
    }

    /// Writes `buffer` as it is, all of it unless the descriptor fails.
    func writeRaw(_ buffer: UnsafeRawBufferPointer) {
        try? FileDescriptor(rawValue: descriptor).writeAll(buffer)
    }
}
