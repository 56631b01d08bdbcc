import FerryJSON

// MARK: - Block nodes

extension YAMLParser {
    /// Reads the node starting at the current position (its first character, after indentation or
    /// after `key:` / `- ` on the same line). Its continuation lines must be indented more than
    /// `parentIndent`; `allowsMapping` is false for a value on the same line as its key. A mapping value
    /// whose properties end its key's line (`key: &a`) may be a sequence at the key's own indentation
    /// (`isMappingValue`); a sequence entry's may not (`- &a` then `- b` is an empty anchored entry).
    mutating func parseBlockNode(
        parentIndent: Int, allowsMapping: Bool, isMappingValue: Bool = false
    ) throws(YAMLError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        let countBefore = nodeCount
        var anchor: String?
        var tag: String?
        while true {
            if peek() == UInt8(ascii: "&") {
                anchor = readName()
            } else if peek() == UInt8(ascii: "!") {
                tag = readTag()
            } else {
                break
            }
            skipSpaces()
        }
        var value: JSONValue
        if (anchor != nil || tag != nil) && atLineEndOrComment {
            let indent = try nextContentLine()
            if indent > parentIndent {
                value = try parseBlockNode(parentIndent: parentIndent, allowsMapping: true)
            } else if isMappingValue, indent == parentIndent, indent >= 0, atSequenceEntry {
                value = try parseBlockSequence(column: indent)
            } else {
                value = tag.flatMap { YAMLScalarResolver.resolve("", tag: $0) } ?? .null
                try count(1)
            }
        } else {
            value = try parseBlockContent(parentIndent: parentIndent, allowsMapping: allowsMapping, tag: tag)
        }
        if let anchor { anchors[anchor] = (value, nodeCount - countBefore) }
        return value
    }

    /// Reads a node's content (after its properties).
    mutating func parseBlockContent(parentIndent: Int, allowsMapping: Bool, tag: String?) throws(YAMLError) -> JSONValue
    {
        let column = column(of: pos)
        let start = pos
        switch peek() {
        case UInt8(ascii: "-") where Self.isWhitespace(peek(1)):
            guard allowsMapping else { throw error("a block sequence is not allowed on the same line as its key") }
            return try parseBlockSequence(column: column)
        case UInt8(ascii: "?") where Self.isWhitespace(peek(1)):
            guard allowsMapping else { throw error("a mapping is not allowed here") }
            return try parseBlockMapping(column: column)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            let text = try parseBlockScalar(parentIndent: parentIndent)
            try count(1)
            return .string(text)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let value = try parseFlowNode()
            return value
        case UInt8(ascii: "*"):
            let value = try parseAlias()
            skipSpaces()
            if allowsMapping, peek() == UInt8(ascii: ":"), Self.isWhitespace(peek(1)) {
                pos = start
                return try parseBlockMapping(column: column)
            }
            return value
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let text = try parseQuoted()
            let end = pos
            skipSpaces()
            if peek() == UInt8(ascii: ":"), Self.isWhitespace(peek(1)) {
                guard allowsMapping else { throw error("unexpected ':' (a mapping value is not allowed here)") }
                pos = start
                return try parseBlockMapping(column: column)
            }
            pos = end
            try count(1)
            if let tag, let tagged = YAMLScalarResolver.resolve(text, tag: tag) { return tagged }
            return .string(text)
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw error("unexpected '\(Character(Unicode.Scalar(peek())))'")
        default:
            if allowsMapping, plainLineIsKey() { return try parseBlockMapping(column: column) }
            let text = try parsePlainBlock(parentIndent: parentIndent)
            try count(1)
            if let tag, let tagged = YAMLScalarResolver.resolve(text, tag: tag) { return tagged }
            return YAMLScalarResolver.resolve(text)
        }
    }

    // MARK: - Mappings

    /// Reads a block mapping whose keys start at `column`.
    mutating func parseBlockMapping(column: Int) throws(YAMLError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [JSONMember] = []
        var merges: [(index: Int, value: JSONValue, offset: Int)] = []
        var seen = Set<String>()
        try count(1)
        while true {
            let keyStart = pos
            let key: String
            var isMergeKey = false
            let value: JSONValue
            if peek() == UInt8(ascii: "?"), Self.isWhitespace(peek(1)) {
                pos += 1
                skipSpaces()
                let keyValue: JSONValue
                if atLineEndOrComment {
                    let indent = try nextContentLine()
                    keyValue = indent > column ? try parseBlockNode(parentIndent: column, allowsMapping: true) : .null
                } else {
                    keyValue = try parseBlockNode(parentIndent: column, allowsMapping: true)
                }
                key = YAMLScalarResolver.keyText(keyValue)
                let indent = try nextContentLine()
                if indent == column, peek() == UInt8(ascii: ":"), Self.isWhitespace(peek(1)) {
                    pos += 1
                    value = try withPointer(key, at: keyStart) { parser throws(YAMLError) in
                        try parser.parseMappingValue(column: column)
                    }
                } else {
                    value = .null
                }
            } else {
                (key, isMergeKey) = try parseKey()
                skipSpaces()
                guard peek() == UInt8(ascii: ":"), Self.isWhitespace(peek(1)) else {
                    throw error("expected ':' after the mapping key '\(key)'")
                }
                pos += 1
                value = try withPointer(key, at: keyStart) { parser throws(YAMLError) in
                    try parser.parseMappingValue(column: column)
                }
            }
            if isMergeKey {
                merges.append((members.count, value, keyStart))
            } else {
                if !seen.insert(key).inserted { warnings.append(error("duplicate key '\(key)'", at: keyStart)) }
                members.append(JSONMember(key: key, value: value))
            }
            let indent = try nextContentLine()
            if indent == column {
                if atSequenceEntry { throw error("a sequence entry is not allowed among mapping keys") }
                continue
            }
            if indent > column { throw error("bad indentation: expected a key at column \(column + 1)") }
            break
        }
        guard !merges.isEmpty else { return .object(JSONObject(members)) }
        return .object(try merge(members, merges, seen: seen))
    }

    /// Reads the value after `key:`; the mapping's keys are at `column`.
    mutating func parseMappingValue(column: Int) throws(YAMLError) -> JSONValue {
        skipSpaces()
        guard atLineEndOrComment else {
            return try parseBlockNode(parentIndent: column, allowsMapping: false, isMappingValue: true)
        }
        let indent = try nextContentLine()
        if indent > column { return try parseBlockNode(parentIndent: column, allowsMapping: true) }
        if indent == column, atSequenceEntry { return try parseBlockSequence(column: column) }
        try count(1)
        return .null
    }

    /// Reads a key on one line: plain, quoted, an alias or a flow collection; and whether it is the merge key `<<`.
    mutating func parseKey() throws(YAMLError) -> (String, Bool) {
        switch peek() {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return (try parseQuoted(), false)
        case UInt8(ascii: "*"):
            return (YAMLScalarResolver.keyText(try parseAlias()), false)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return (YAMLScalarResolver.keyText(try parseFlowNode()), false)
        case UInt8(ascii: "&"), UInt8(ascii: "!"):
            if peek() == UInt8(ascii: "&") { _ = readName() } else { _ = readTag() }
            skipSpaces()
            return try parseKey()
        default:
            let start = pos
            let end = plainLineEnd()
            var trimmed = end
            while trimmed > start, bytes[trimmed - 1] == UInt8(ascii: " ") || bytes[trimmed - 1] == UInt8(ascii: "\t") {
                trimmed -= 1
            }
            pos = end
            let text = String(decoding: bytes[start..<trimmed], as: UTF8.self)
            if text == "<<" { return (text, true) }
            return (YAMLScalarResolver.keyText(YAMLScalarResolver.resolve(text)), false)
        }
    }

    /// The members with the merge key's mappings merged in: each merged key not given explicitly is
    /// inserted where its `<<` stood; among several merged mappings the first wins.
    func merge(
        _ members: [JSONMember], _ merges: [(index: Int, value: JSONValue, offset: Int)], seen: Set<String>
    ) throws(YAMLError) -> JSONObject {
        var taken = seen
        var inserted: [Int: [JSONMember]] = [:]
        for merge in merges {
            let sources: [JSONValue] = merge.value.arrayValue ?? [merge.value]
            for source in sources {
                guard let object = source.objectValue else {
                    throw error("the merge key '<<' needs a mapping or a sequence of mappings", at: merge.offset)
                }
                for member in object.members where taken.insert(member.key).inserted {
                    inserted[merge.index, default: []].append(member)
                }
            }
        }
        var result: [JSONMember] = []
        for index in 0...members.count {
            result += inserted[index] ?? []
            if index < members.count { result.append(members[index]) }
        }
        return JSONObject(result)
    }

    // MARK: - Sequences

    /// Reads a block sequence whose `-` indicators are at `column`.
    mutating func parseBlockSequence(column: Int) throws(YAMLError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var items: [JSONValue] = []
        try count(1)
        while true {
            let entryStart = pos
            pos += 1
            skipSpaces()
            let item = try withPointer(String(items.count), at: entryStart) { parser throws(YAMLError) in
                if parser.atLineEndOrComment {
                    let indent = try parser.nextContentLine()
                    if indent > column { return try parser.parseBlockNode(parentIndent: column, allowsMapping: true) }
                    try parser.count(1)
                    return JSONValue.null
                }
                return try parser.parseBlockNode(parentIndent: column, allowsMapping: true)
            }
            items.append(item)
            let indent = try nextContentLine()
            if indent == column, atSequenceEntry { continue }
            if indent > column { throw error("bad indentation: expected '-' at column \(column + 1)") }
            break
        }
        return .array(items)
    }

    // MARK: - Properties and aliases

    /// Reads an anchor or alias name after its `&` or `*`.
    mutating func readName() -> String {
        pos += 1
        let start = pos
        while pos < bytes.count, !Self.isWhitespace(bytes[pos]), !Self.isFlowIndicator(bytes[pos]) { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// Reads a tag (`!`, `!!str`, `!local`, `!<verbatim>`).
    mutating func readTag() -> String {
        let start = pos
        if peek(1) == UInt8(ascii: "<") {
            while pos < bytes.count, bytes[pos] != UInt8(ascii: ">"), bytes[pos] != UInt8(ascii: "\n") { pos += 1 }
            if pos < bytes.count, bytes[pos] == UInt8(ascii: ">") { pos += 1 }
            let text = String(decoding: bytes[(start + 2)..<max(start + 2, pos - 1)], as: UTF8.self)
            return text
        }
        while pos < bytes.count, !Self.isWhitespace(bytes[pos]), !Self.isFlowIndicator(bytes[pos]) { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// Reads `*name` and returns the anchored value, counting its size against the expansion limit.
    mutating func parseAlias() throws(YAMLError) -> JSONValue {
        let start = pos
        let name = readName()
        guard let anchored = anchors[name] else { throw error("unknown alias '*\(name)'", at: start) }
        try count(anchored.size)
        return anchored.value
    }
}
