// MARK: - Reading a line on its bytes where that tells the same as its characters

extension SourceLine {
    /// The text after its leading spaces (``isSpace(_:)``): found on the bytes of an ASCII line, character by
    /// character otherwise.
    var afterLeadingSpaces: Substring {
        guard isASCII else { return text.drop { isSpace($0) } }
        let utf8 = text.utf8
        let start = utf8.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } ?? utf8.endIndex
        return text[start...]
    }

    /// The index of the line's first `character` (an ASCII one): found on the bytes of an ASCII line.
    func firstIndex(ofASCII character: UInt8) -> String.Index? {
        guard isASCII else { return text.firstIndex(of: Character(Unicode.Scalar(character))) }
        return text.utf8.firstIndex(of: character)
    }
}

extension StringProtocol {
    /// Whether the text starts with the ASCII `prefix`, as `hasPrefix` tells it, compared on the bytes: a
    /// `Substring`'s `hasPrefix` compares characters (hundreds of instructions each), on every line of every
    /// file at each load. When the bytes match and a non-ASCII byte follows (a combining mark could make the
    /// prefix's last character another one), `hasPrefix` decides.
    func startsWithASCII(_ prefix: StaticString) -> Bool {
        let utf8 = self.utf8
        var index = utf8.startIndex
        let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        for byte in pattern {
            guard index < utf8.endIndex, utf8[index] == byte else { return false }
            index = utf8.index(after: index)
        }
        guard index < utf8.endIndex, utf8[index] >= 0x80 else { return true }
        return hasPrefix(prefix.description)
    }
}
