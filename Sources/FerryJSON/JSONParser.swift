/// The byte-level parser behind ``JSONDocument``: one pass, an explicit stack, no recursion.
///
/// It validates the whole input (grammar, escapes, UTF-8) and writes a tape of ``JSONDocument/Node``s
/// that point back into the bytes; decoding strings and numbers is left to whoever reads them.
struct JSONParser {
    /// A failure before it is located in lines and columns.
    struct Failure: Error {
        var reason: JSONParseError.Reason
        var offset: Int
    }

    /// An open array or object.
    private struct Frame {
        var node: UInt32
        var children: UInt32
        var isObject: Bool
    }

    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let options: JSONParseOptions
    private var position = 0
    private(set) var nodes: [JSONDocument.Node] = []
    /// Child counts too large for a node's 11 bits, by container index.
    private(set) var largeChildCounts: [UInt32: UInt32] = [:]

    /// Parses `bytes` (whose base address must not be nil unless it is empty) and returns the tape.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions
    ) throws(JSONParseError) -> (nodes: [JSONDocument.Node], largeChildCounts: [UInt32: UInt32]) {
        guard bytes.count < Int(UInt32.max) else {
            throw JSONParseError(.documentTooLarge, offset: 0, in: UnsafeBufferPointer(start: nil, count: 0))
        }
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONParseError(.unexpectedEndOfInput, offset: 0, in: bytes)
        }
        var parser = JSONParser(base: base, count: bytes.count, options: options)
        // Every value but the last takes at least two bytes (itself and a separator), hence the second bound.
        parser.nodes.reserveCapacity(min(nodeCountBound(bytes), bytes.count / 2 + 1))
        do {
            try parser.parseDocument()
        } catch {
            throw JSONParseError(error.reason, offset: error.offset, in: bytes)
        }
        return (parser.nodes, parser.largeChildCounts)
    }

    /// An upper bound of the number of values in `bytes`: one more than the commas and opening brackets
    /// (each value but the root follows a `,` or an opening bracket). Reserving it up front means the tape
    /// never grows by copying, which keeps the peak memory near the final size; reserved pages that are
    /// never written (commas inside strings) cost no resident memory.
    private static func nodeCountBound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 1 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// One high bit per byte of `word` that is zero (exact, no borrow between bytes).
        @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 {
            ~(((word & lows) &+ lows) | word | lows)
        }
        var count = 1
        var index = 0
        // Eight bytes at a time: commas, and `[` or `{` (which differ only in bit 0x20).
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let commas = zeroBytes(word ^ (ones &* 0x2C))
            let brackets = zeroBytes((word | (ones &* 0x20)) ^ (ones &* 0x7B))
            count &+= (commas | brackets).nonzeroBitCount
            index += 8
        }
        while index < bytes.count {
            let byte = base[index]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { count += 1 }
            index += 1
        }
        return count
    }

    private init(base: UnsafePointer<UInt8>, count: Int, options: JSONParseOptions) {
        self.base = base
        self.count = count
        self.options = options
    }

    // MARK: - Structure

    private mutating func parseDocument() throws(Failure) {
        if options.allowsByteOrderMark, count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            position = 3
        }
        var stack: [Frame] = []
        stack.reserveCapacity(32)
        var keyOrIndex = UInt32.max
        var keyHasEscapes = false
        try skipWhitespace()
        while true {
            // A value is expected at `position`.
            guard position < count else { throw Failure(reason: .unexpectedEndOfInput, offset: position) }
            let byte = base[position]
            let index = UInt32(truncatingIfNeeded: nodes.count)
            let parent = stack.last?.node ?? JSONDocument.noParent
            let depth = stack.count
            if !stack.isEmpty { stack[stack.count - 1].children &+= 1 }
            let start = UInt32(truncatingIfNeeded: position)
            var flags: UInt8 = keyHasEscapes ? JSONDocument.Flags.keyHasEscapes : 0
            var kind: JSONNodeKind
            var closedImmediately = false
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < options.maximumDepth else {
                    throw Failure(reason: .tooDeep(limit: options.maximumDepth), offset: position)
                }
                let isObject = byte == UInt8(ascii: "{")
                kind = isObject ? .object : .array
                nodes.append(
                    JSONDocument.Node(
                        start: start, keyOrIndex: keyOrIndex, parent: parent, extent: 1, kind: kind, flags: flags,
                        depth: depth))
                stack.append(Frame(node: index, children: 0, isObject: isObject))
                position += 1
                try skipWhitespace()
                guard position < count else { throw Failure(reason: .unexpectedEndOfInput, offset: position) }
                if base[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    closeContainer(&stack)
                    closedImmediately = true
                } else if isObject {
                    (keyOrIndex, keyHasEscapes) = try parseKey()
                    continue
                } else {
                    keyOrIndex = 0
                    keyHasEscapes = false
                    continue
                }
            case UInt8(ascii: "\""):
                kind = .string
                if try scanString() { flags |= JSONDocument.Flags.valueHasEscapes }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                kind = .number
                if try scanNumber() { flags |= JSONDocument.Flags.isInteger }
            case UInt8(ascii: "t"):
                kind = .bool
                flags |= JSONDocument.Flags.isTrue
                try expectLiteral(0x74_72_75_65, length: 4)
            case UInt8(ascii: "f"):
                kind = .bool
                try expectLiteral(0x66_61_6C_73_65, length: 5)
            case UInt8(ascii: "n"):
                kind = .null
                try expectLiteral(0x6E_75_6C_6C, length: 4)
            default:
                throw Failure(reason: .unexpectedCharacter, offset: position)
            }
            if !closedImmediately {
                nodes.append(
                    JSONDocument.Node(
                        start: start, keyOrIndex: keyOrIndex, parent: parent,
                        extent: UInt32(truncatingIfNeeded: position), kind: kind, flags: flags, depth: depth))
            }
            // After a value: a separator, a closing bracket, or the end.
            afterValue: while true {
                guard let frame = stack.last else {
                    try skipWhitespace()
                    guard position == count else { throw Failure(reason: .trailingCharacters, offset: position) }
                    return
                }
                try skipWhitespace()
                guard position < count else { throw Failure(reason: .unexpectedEndOfInput, offset: position) }
                let next = base[position]
                if next == UInt8(ascii: ",") {
                    let commaOffset = position
                    position += 1
                    try skipWhitespace()
                    if position < count,
                        base[position] == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    {
                        guard options.allowsTrailingCommas else {
                            throw Failure(reason: .trailingComma, offset: commaOffset)
                        }
                        closeContainer(&stack)
                        continue afterValue
                    }
                    if frame.isObject {
                        (keyOrIndex, keyHasEscapes) = try parseKey()
                    } else {
                        keyOrIndex = frame.children
                        keyHasEscapes = false
                    }
                    break afterValue
                } else if next == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    closeContainer(&stack)
                } else {
                    throw Failure(
                        reason: frame.isObject ? .expectedCommaOrBrace : .expectedCommaOrBracket, offset: position)
                }
            }
        }
    }

    /// Closes the innermost container at `position` (its closing bracket) and steps past it.
    @inline(__always)
    private mutating func closeContainer(_ stack: inout [Frame]) {
        let frame = stack.removeLast()
        let index = Int(frame.node)
        position += 1
        nodes[index].extent = UInt32(truncatingIfNeeded: nodes.count - index)
        nodes[index].setSmallChildCount(frame.children)
        if frame.children >= JSONDocument.largeChildCount { largeChildCounts[frame.node] = frame.children }
    }

    /// Reads `"key"` `:` and the whitespace after it; returns the key's offset and whether it has escapes.
    @inline(__always)
    private mutating func parseKey() throws(Failure) -> (UInt32, Bool) {
        guard position < count else { throw Failure(reason: .unexpectedEndOfInput, offset: position) }
        guard base[position] == UInt8(ascii: "\"") else { throw Failure(reason: .expectedKey, offset: position) }
        let start = UInt32(truncatingIfNeeded: position)
        let hasEscapes = try scanString()
        try skipWhitespace()
        guard position < count else { throw Failure(reason: .unexpectedEndOfInput, offset: position) }
        guard base[position] == UInt8(ascii: ":") else { throw Failure(reason: .expectedColon, offset: position) }
        position += 1
        try skipWhitespace()
        return (start, hasEscapes)
    }

    // MARK: - Whitespace and comments

    @inline(__always)
    private mutating func skipWhitespace() throws(Failure) {
        while position < count {
            let byte = base[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            } else if byte == UInt8(ascii: "/") && options.allowsComments {
                try skipComment()
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(Failure) {
        let start = position
        guard position + 1 < count else { throw Failure(reason: .invalidComment, offset: start) }
        switch base[position + 1] {
        case UInt8(ascii: "/"):
            position += 2
            while position < count, base[position] != 0x0A { position += 1 }
        case UInt8(ascii: "*"):
            position += 2
            while true {
                guard position + 1 < count else { throw Failure(reason: .invalidComment, offset: start) }
                if base[position] == UInt8(ascii: "*") && base[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    return
                }
                position += 1
            }
        default:
            throw Failure(reason: .invalidComment, offset: start)
        }
        // Comments may hold any text, but it must still be UTF-8.
        try validateUTF8(from: start, to: position)
    }

    private func validateUTF8(from start: Int, to end: Int) throws(Failure) {
        var index = start
        while index < end {
            if base[index] < 0x80 {
                index += 1
            } else {
                index = try scanMultibyteScalar(at: index)
            }
        }
    }

    // MARK: - Literals

    /// Checks that the `length` bytes at `position` spell `expected` (big-endian packed) and steps past them.
    @inline(__always)
    private mutating func expectLiteral(_ expected: UInt64, length: Int) throws(Failure) {
        guard position + length <= count else { throw Failure(reason: .invalidLiteral, offset: position) }
        var word: UInt64 = 0
        for offset in 0..<length { word = word << 8 | UInt64(base[position + offset]) }
        guard word == expected else { throw Failure(reason: .invalidLiteral, offset: position) }
        position += length
    }

    // MARK: - Numbers

    /// Validates the number at `position`, steps past it and returns whether it is an integer.
    @inline(__always)
    private mutating func scanNumber() throws(Failure) -> Bool {
        var index = position
        if base[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { throw Failure(reason: .invalidNumber, offset: index) }
        let first = base[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < count, isDigit(base[index]) { throw Failure(reason: .invalidNumber, offset: index) }
        } else if isDigit(first) {
            index += 1
            while index < count, isDigit(base[index]) { index += 1 }
        } else {
            throw Failure(reason: .invalidNumber, offset: index)
        }
        var isInteger = true
        if index < count, base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < count, isDigit(base[index]) else { throw Failure(reason: .invalidNumber, offset: index) }
            while index < count, isDigit(base[index]) { index += 1 }
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, isDigit(base[index]) else { throw Failure(reason: .invalidNumber, offset: index) }
            while index < count, isDigit(base[index]) { index += 1 }
        }
        position = index
        return isInteger
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    // MARK: - Strings

    /// Validates the string whose opening quote is at `position`, steps past its closing quote,
    /// and returns whether it contains escapes.
    @inline(__always)
    private mutating func scanString() throws(Failure) -> Bool {
        let opening = position
        var index = position + 1
        var hasEscapes = false
        while true {
            // Eight plain ASCII bytes at a time.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if Self.needsAttention(word) { break }
                index += 8
            }
            while index < count {
                let byte = base[index]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            guard index < count else { throw Failure(reason: .unterminatedString, offset: opening) }
            let byte = base[index]
            if byte == 0x22 {
                position = index + 1
                return hasEscapes
            } else if byte == 0x5C {
                hasEscapes = true
                index = try scanEscape(at: index)
            } else if byte < 0x20 {
                throw Failure(reason: .controlCharacterInString, offset: index)
            } else {
                index = try scanMultibyteScalar(at: index)
            }
        }
    }

    /// Whether any of the eight bytes is a quote, a backslash, a control character or non-ASCII.
    @inline(__always)
    private static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- (ones &* 0x20)) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs != 0
    }

    /// Validates the escape whose backslash is at `index` and returns the offset after it.
    @inline(__always)
    private func scanEscape(at index: Int) throws(Failure) -> Int {
        guard index + 1 < count else { throw Failure(reason: .unterminatedString, offset: index) }
        switch base[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            guard index + 6 <= count else { throw Failure(reason: .invalidEscape, offset: index) }
            for offset in 2..<6 where JSONStringDecoder.hexValue(base[index + offset]) == nil {
                throw Failure(reason: .invalidEscape, offset: index)
            }
            return index + 6
        default:
            throw Failure(reason: .invalidEscape, offset: index)
        }
    }

    /// Validates the UTF-8 sequence starting with the non-ASCII byte at `index` and returns the offset after it.
    @inline(__always)
    private func scanMultibyteScalar(at index: Int) throws(Failure) -> Int {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw Failure(reason: .invalidUTF8, offset: index)
        }
        guard index + length <= count else { throw Failure(reason: .invalidUTF8, offset: index) }
        let second = base[index + 1]
        guard second >= low, second <= high else { throw Failure(reason: .invalidUTF8, offset: index) }
        for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 {
            throw Failure(reason: .invalidUTF8, offset: index)
        }
        return index + length
    }
}
