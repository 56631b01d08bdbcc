import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to standard output or standard error; when the destination is a terminal,
/// control characters are shown escaped (`\x1b`) rather than sent raw.
struct TerminalOutput {
    /// The file descriptor written to.
    let descriptor: Int32

    /// Standard output.
    static let standardOutput = TerminalOutput(descriptor: STDOUT_FILENO)
    /// Standard error.
    static let standardError = TerminalOutput(descriptor: STDERR_FILENO)

    /// Whether the descriptor is a terminal.
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes `bytes`, escaped when the destination is a terminal.
    func write(_ bytes: [UInt8]) {
        writeRaw(isTerminal ? Self.escapingControlCharacters(bytes) : bytes)
    }

    /// Writes `bytes` as they are.
    func writeRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }

    /// `bytes` with C0 controls (except newline and tab), DEL and C1 controls (U+0080–U+009F)
    /// written as `\xNN` text, so network bytes cannot drive the terminal.
    static func escapingControlCharacters(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let hex = Array("0123456789abcdef".utf8)
        func escape(_ byte: UInt8) {
            output += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                escape(byte)
                escape(bytes[index + 1])
                index += 2
                continue
            }
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
                escape(byte)
            } else {
                output.append(byte)
            }
            index += 1
        }
        return output
    }
}
