import FerrySystem
import FerryTerminal
import Foundation

/// Writes to standard output or standard error, through ``SafeTextStream`` (the workbench's ``SafeText``
/// rules, for bytes): control characters, C1 bytes, format characters and invalid UTF-8 are shown escaped
/// rather than sent raw, so text from a file, a variable or the network cannot drive the terminal, nor forge
/// a line in a log. Human-readable text (``writeText(_:)``: messages, reports, heads, lists) is escaped
/// wherever it goes, a pipe or a file included; bytes written on purpose (``write(_:)``: a response body,
/// JSON, an export) are escaped only on a terminal and stay byte-exact when piped or redirected.
struct TerminalOutput {
    /// The file descriptor written to.
    let descriptor: Int32

    /// Standard output.
    static let standardOutput = TerminalOutput(descriptor: FileDescriptor.standardOutput.rawValue)
    /// Standard error.
    static let standardError = TerminalOutput(descriptor: FileDescriptor.standardError.rawValue)

    /// Whether the descriptor is a terminal.
    var isTerminal: Bool { FileDescriptor(rawValue: descriptor).isTerminal }
    /// The terminal's width in columns, when the output is a terminal that says.
    var terminalColumns: Int? { FileDescriptor(rawValue: descriptor).terminalColumns }

    /// Writes `bytes` written on purpose (a body, JSON, an export), made safe when the destination is a
    /// terminal, byte-exact otherwise.
    func write(_ bytes: [UInt8]) {
        writeRaw(isTerminal ? SafeTextStream.sanitized(bytes) : bytes)
    }

    /// Writes human-readable `text` (newlines and tabs as they are), made safe wherever it goes: a message
    /// quoting a server's reason phrase or a script's log cannot rewrite a line of a CI log.
    func writeText(_ text: String) {
        writeRaw(Self.escaped(text))
    }

    /// Human-readable `text` made safe (as ``writeText(_:)`` writes it), for a report written to a file.
    static func escaped(_ text: String) -> [UInt8] {
        SafeTextStream.sanitized(Array(text.utf8))
    }

    /// Human-readable text given as its UTF-8 `bytes` made safe, as the text of a string is.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        SafeTextStream.sanitized(bytes)
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
