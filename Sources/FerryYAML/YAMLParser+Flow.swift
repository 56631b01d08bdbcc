import FerryJSON

// MARK: - Flow collections

extension YAMLParser {
    /// Skips spaces, tabs, line breaks and comments inside a flow collection.
    mutating func skipFlowWhitespace() {
        while pos < bytes.count {
            let byte = bytes[pos]
            if byte == UInt8(ascii: " ") || byte == 0x09 || byte == UInt8(ascii: "\n") {
                pos += 1
            } else if byte == UInt8(ascii: "#") {
                skipToLineEnd()
            } else {
                return
            }
        }
    }

    /// Reads a node inside (or starting) a flow collection.
    mutating func parseFlowNode() throws(YAMLError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        skipFlowWhitespace()
        let countBefore = nodeCount
        var anchor: String?
        var tag: String?
        while peek() == UInt8(ascii: "&") || peek() == UInt8(ascii: "!") {
            if peek() == UInt8(ascii: "&") { anchor = readName() } else { tag = readTag() }
            skipFlowWhitespace()
        }
        let value: JSONValue
        switch peek() {
        case UInt8(ascii: "["): value = try parseFlowSequence()
        case UInt8(ascii: "{"): value = try parseFlowMapping()
        case UInt8(ascii: "*"): value = try parseAlias()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let text = try parseQuoted()
            try count(1)
            value = tag.flatMap { YAMLScalarResolver.resolve(text, tag: $0) } ?? .string(text)
        case 0:
            throw error("unexpected end of input inside a flow collection")
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
            try count(1)
            value = tag.flatMap { YAMLScalarResolver.resolve("", tag: $0) } ?? .null
        default:
            let text = parsePlainFlow()
            try count(1)
            value = tag.flatMap { YAMLScalarResolver.resolve(text, tag: $0) } ?? YAMLScalarResolver.resolve(text)
        }
        if let anchor { anchors[anchor] = (value, nodeCount - countBefore) }
        return value
    }

    /// Reads `[a, b, ...]`; an entry `k: v` is a one-member mapping.
    mutating func parseFlowSequence() throws(YAMLError) -> JSONValue {
        let start = pos
        pos += 1
        var items: [JSONValue] = []
        try count(1)
        while true {
            skipFlowWhitespace()
            guard pos < bytes.count else { throw error("unclosed '['", at: start) }
            if peek() == UInt8(ascii: "]") {
                pos += 1
                return .array(items)
            }
            let itemStart = pos
            var item = try withPointer(String(items.count), at: itemStart) { parser throws(YAMLError) in
                try parser.parseFlowNode()
            }
            skipFlowWhitespace()
            if peek() == UInt8(ascii: ":") {
                pos += 1
                skipFlowWhitespace()
                let value =
                    peek() == UInt8(ascii: ",") || peek() == UInt8(ascii: "]") ? JSONValue.null : try parseFlowNode()
                item = .object(JSONObject([JSONMember(key: YAMLScalarResolver.keyText(item), value: value)]))
                skipFlowWhitespace()
            }
            items.append(item)
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "]"): continue
            case 0: throw error("unclosed '['", at: start)
            default: throw error("expected ',' or ']' in a flow sequence")
            }
        }
    }

    /// Reads `{k: v, ...}`; a key without `:` has a null value.
    mutating func parseFlowMapping() throws(YAMLError) -> JSONValue {
        let start = pos
        pos += 1
        var members: [JSONMember] = []
        var seen = Set<String>()
        try count(1)
        while true {
            skipFlowWhitespace()
            guard pos < bytes.count else { throw error("unclosed '{'", at: start) }
            if peek() == UInt8(ascii: "}") {
                pos += 1
                return .object(JSONObject(members))
            }
            if peek() == UInt8(ascii: "?"), Self.isWhitespace(peek(1)) { pos += 1 }
            let keyStart = pos
            let key = YAMLScalarResolver.keyText(try parseFlowNode())
            skipFlowWhitespace()
            var value = JSONValue.null
            if peek() == UInt8(ascii: ":") {
                pos += 1
                skipFlowWhitespace()
                if peek() != UInt8(ascii: ","), peek() != UInt8(ascii: "}") {
                    value = try withPointer(key, at: keyStart) { parser throws(YAMLError) in try parser.parseFlowNode()
                    }
                }
                skipFlowWhitespace()
            }
            if !seen.insert(key).inserted { warnings.append(error("duplicate key '\(key)'", at: keyStart)) }
            members.append(JSONMember(key: key, value: value))
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "}"): continue
            case 0: throw error("unclosed '{'", at: start)
            default: throw error("expected ',' or '}' in a flow mapping")
            }
        }
    }

    /// Reads a plain scalar inside a flow collection, folding line breaks; it ends before `,[]{}`,
    /// a `:` followed by whitespace or an indicator, or a comment.
    mutating func parsePlainFlow() -> String {
        var result: [UInt8] = []
        var pendingSpaces: [UInt8] = []
        while pos < bytes.count {
            let byte = bytes[pos]
            if Self.isFlowIndicator(byte) { break }
            if byte == UInt8(ascii: ":") {
                let next = peek(1)
                if Self.isWhitespace(next) || Self.isFlowIndicator(next) { break }
            }
            if byte == UInt8(ascii: "#"), !pendingSpaces.isEmpty || result.isEmpty { break }
            if byte == UInt8(ascii: " ") || byte == 0x09 {
                pendingSpaces.append(byte)
                pos += 1
                continue
            }
            if byte == UInt8(ascii: "\n") {
                var breaks = 0
                let save = pos
                while pos < bytes.count, bytes[pos] == UInt8(ascii: "\n") {
                    breaks += 1
                    pos += 1
                    skipSpaces()
                }
                let next = peek()
                if next == 0 || Self.isFlowIndicator(next) || next == UInt8(ascii: "#")
                    || (next == UInt8(ascii: ":") && (Self.isWhitespace(peek(1)) || Self.isFlowIndicator(peek(1))))
                {
                    pos = save
                    break
                }
                pendingSpaces = breaks == 1 ? [UInt8(ascii: " ")] : [UInt8](repeating: 10, count: breaks - 1)
                continue
            }
            result += pendingSpaces
            pendingSpaces = []
            result.append(byte)
            pos += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
