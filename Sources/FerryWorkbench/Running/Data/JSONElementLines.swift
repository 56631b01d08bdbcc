/// The line each element of a JSON document's top-level array starts on, found by one scan that follows
/// strings and nesting (the parser keeps no positions), so a data file's row errors name their line.
enum JSONElementLines {
    /// The 1-based start line of each element of the array `bytes` holds (empty when it holds none).
    static func ofTopLevelArray(_ bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var strings = JSONStringTracker()
        var awaitingElement = false
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            let wasInString = strings.isInString
            // A string's bytes are skipped; its opening quote may still start an element.
            if strings.consume(byte), wasInString { continue }
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if awaitingElement, !isSpace, byte != UInt8(ascii: "]") {
                lines.append(line)
                awaitingElement = false
            }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1, byte == UInt8(ascii: "[") { awaitingElement = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","): if depth == 1 { awaitingElement = true }
            default: break
            }
        }
        return lines
    }
}
