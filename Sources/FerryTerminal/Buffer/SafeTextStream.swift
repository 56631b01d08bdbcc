/// Makes untrusted bytes (a response body, header values, file text) safe to write to a terminal: the
/// byte-level twin of ``SafeText``, with the same escapes.
///
/// The bytes are decoded as UTF-8 as they come. Every scalar ``SafeText`` escapes is escaped the same way
/// (`ESC` as `\x1b`, other C0 controls as `^M`, `DEL` as `^?`, C1 controls as `\x9b`, bidirectional and
/// other format characters as `<U+202E>`), and each byte that is not part of valid UTF-8 (a bare `0x9B`,
/// an overlong form, a surrogate, a truncated sequence) is shown as `\xNN`. Newline and tab pass as they
/// are unless ``init(keepingLineBreaks:)`` says otherwise. Everything else passes byte for byte.
///
/// A sequence split across two chunks is carried over to the next ``sanitize(_:)`` call, so a body written
/// as it arrives never has a character broken at a chunk boundary; ``finish()`` escapes what is left.
///
/// ```swift
/// var stream = SafeTextStream()
/// output(stream.sanitize(chunk))   // for each chunk
/// output(stream.finish())
/// ```
public struct SafeTextStream: Sendable {
    /// Whether newline and tab pass unescaped (as a body needs them).
    public let keepsLineBreaks: Bool
    /// The start of a multi-byte sequence the last chunk ended in the middle of (at most three bytes).
    private var pending: [UInt8] = []

    /// A stream; with `keepingLineBreaks` (the default) newline and tab pass as they are.
    public init(keepingLineBreaks: Bool = true) {
        keepsLineBreaks = keepingLineBreaks
    }

    /// `bytes` made safe in one go (no sequence is carried: a truncated one at the end is escaped).
    public static func sanitized(_ bytes: some Sequence<UInt8>, keepingLineBreaks: Bool = true) -> [UInt8] {
        var stream = SafeTextStream(keepingLineBreaks: keepingLineBreaks)
        return stream.sanitize(bytes) + stream.finish()
    }

    /// The safe form of `chunk`, with any sequence left open by the previous chunk completed first; a
    /// sequence still open at the end of `chunk` is held for the next call.
    public mutating func sanitize(_ chunk: some Sequence<UInt8>) -> [UInt8] {
        let bytes = pending + Array(chunk)
        pending = []
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            // Printable ASCII (most text) is kept as it is, without decoding a scalar for it.
            let byte = bytes[index]
            if (0x20..<0x7F).contains(byte) || (keepsLineBreaks && (byte == 0x0A || byte == 0x09)) {
                output.append(byte)
                index += 1
                continue
            }
            switch Self.decode(bytes, at: index) {
            case .scalar(let scalar, let length):
                append(scalar, bytes: bytes[index..<index + length], to: &output)
                index += length
            case .incomplete:
                pending = Array(bytes[index...])
                index = bytes.count
            case .invalid:
                Self.appendHex(bytes[index], to: &output)
                index += 1
            }
        }
        return output
    }

    /// Escapes the bytes of a sequence the input ended in the middle of; call once after the last chunk.
    public mutating func finish() -> [UInt8] {
        var output: [UInt8] = []
        for byte in pending { Self.appendHex(byte, to: &output) }
        pending = []
        return output
    }

    // MARK: - Internals

    private func append(_ scalar: Unicode.Scalar, bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        if (0x20..<0x7F).contains(scalar.value) || (keepsLineBreaks && (scalar == "\n" || scalar == "\t")) {
            output.append(contentsOf: bytes)
        } else if let escaped = SafeText.escape(scalar: scalar) {
            output.append(contentsOf: escaped.utf8)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    private static func appendHex(_ byte: UInt8, to output: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        output += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
    }

    /// What starts at `index`.
    private enum Decoded {
        /// A valid scalar of `length` bytes.
        case scalar(Unicode.Scalar, length: Int)
        /// A valid start of a sequence that the bytes end before finishing.
        case incomplete
        /// The byte at `index` cannot start a valid sequence here.
        case invalid
    }

    /// Decodes one UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
    private static func decode(_ bytes: [UInt8], at index: Int) -> Decoded {
        let lead = bytes[index]
        if lead < 0x80 { return .scalar(Unicode.Scalar(lead), length: 1) }
        let length: Int
        var value: UInt32
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { secondRange = 0xA0...0xBF }
            if lead == 0xED { secondRange = 0x80...0x9F }
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { secondRange = 0x90...0xBF }
            if lead == 0xF4 { secondRange = 0x80...0x8F }
        default:
            return .invalid
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return .incomplete }
            let byte = bytes[index + offset]
            guard (offset == 1 ? secondRange : 0x80...0xBF).contains(byte) else { return .invalid }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, length: length)
    }
}
