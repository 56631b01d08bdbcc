/// Turns the validated bytes of a JSON string (between its quotes) into a Swift `String`.
enum JSONStringDecoder {
    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Decodes `content`, the bytes between the quotes of a string the parser validated.
    ///
    /// An unpaired UTF-16 surrogate escape (`"\uD800"`) becomes U+FFFD: a Swift string cannot hold it.
    static func decode(_ content: UnsafeBufferPointer<UInt8>, hasEscapes: Bool) -> String {
        guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var index = 0
        let count = content.count
        while index < count {
            let byte = content[index]
            guard byte == 0x5C, index + 1 < count else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = content[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4(content, at: index) else {
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    continue
                }
                index += 4
                var scalar = unit
                if (0xD800...0xDBFF).contains(unit) {
                    if index + 6 <= count, content[index] == 0x5C, content[index + 1] == UInt8(ascii: "u"),
                        let low = hex4(content, at: index + 2), (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(unit) {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar, to: &output)
            default: output.append(escaped)  // \" \\ \/
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hex4(_ content: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= content.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexValue(content[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
