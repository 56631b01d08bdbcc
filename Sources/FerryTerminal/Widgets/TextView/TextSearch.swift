/// Finds every occurrence of a query in lines of text (case-insensitive unless the query has upper case).
enum TextSearch {
    /// All matches of `query` in `source`, in order. ASCII queries are searched on UTF-8 bytes; others on
    /// characters.
    static func matches(of query: String, in source: some TextLineSource) -> [TextMatch] {
        guard !query.isEmpty else { return [] }
        let caseSensitive = query.contains { $0.isUppercase }
        var result: [TextMatch] = []
        if query.utf8.allSatisfy({ $0 < 0x80 }) {
            let needle = Array(query.utf8).map { caseSensitive ? $0 : folded($0) }
            for index in 0..<source.lineCount {
                searchBytes(
                    needle, in: source.line(at: index), line: index, caseSensitive: caseSensitive, into: &result)
            }
        } else {
            let needle = caseSensitive ? query.map { String($0) } : query.map { $0.lowercased() }
            for index in 0..<source.lineCount {
                searchCharacters(
                    needle, in: source.line(at: index), line: index, caseSensitive: caseSensitive, into: &result)
            }
        }
        return result
    }

    /// ASCII upper case to lower case.
    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    static func searchBytes(
        _ needle: [UInt8], in line: Substring, line index: Int, caseSensitive: Bool, into result: inout [TextMatch]
    ) {
        var starts: [Int] = []
        var isASCII = true
        let scan = { (bytes: UnsafeBufferPointer<UInt8>) in
            guard bytes.count >= needle.count else { return }
            let last = bytes.count - needle.count
            let first = needle[0]
            var position = 0
            while position <= last {
                let byte = bytes[position]
                if byte >= 0x80 || byte == 0x0D { isASCII = false }
                guard (caseSensitive ? byte : folded(byte)) == first else {
                    position += 1
                    continue
                }
                var matched = true
                var offset = 1
                while offset < needle.count {
                    let next = bytes[position + offset]
                    if (caseSensitive ? next : folded(next)) != needle[offset] {
                        matched = false
                        break
                    }
                    offset += 1
                }
                if matched {
                    starts.append(position)
                    position += needle.count
                } else {
                    position += 1
                }
            }
            if isASCII {
                for position in (last + 1)..<bytes.count where bytes[position] >= 0x80 || bytes[position] == 0x0D {
                    isASCII = false
                }
            }
        }
        if line.utf8.withContiguousStorageIfAvailable(scan) == nil {
            Array(line.utf8).withUnsafeBufferPointer(scan)
        }
        guard !starts.isEmpty else { return }
        if isASCII {
            // One byte per character (a line holds no CR LF pair, the only two-byte ASCII grapheme).
            for start in starts { result.append(TextMatch(line: index, range: start..<(start + needle.count))) }
            return
        }
        // Byte offsets to character offsets, walking the line once.
        var characterOffset = 0
        var byteOffset = 0
        var next = 0
        var startCharacter = 0
        var pendingEnd: Int?
        for character in line {
            if let end = pendingEnd, byteOffset >= end {
                result.append(TextMatch(line: index, range: startCharacter..<characterOffset))
                pendingEnd = nil
                next += 1
            }
            if pendingEnd == nil, next < starts.count, byteOffset >= starts[next] {
                startCharacter = characterOffset
                pendingEnd = starts[next] + needle.count
            }
            byteOffset += character.utf8.count
            characterOffset += 1
        }
        if pendingEnd != nil { result.append(TextMatch(line: index, range: startCharacter..<characterOffset)) }
    }

    static func searchCharacters(
        _ needle: [String], in line: Substring, line index: Int, caseSensitive: Bool, into result: inout [TextMatch]
    ) {
        let hay = caseSensitive ? line.map { String($0) } : line.map { $0.lowercased() }
        guard hay.count >= needle.count else { return }
        var position = 0
        while position <= hay.count - needle.count {
            if hay[position..<(position + needle.count)].elementsEqual(needle) {
                result.append(TextMatch(line: index, range: position..<(position + needle.count)))
                position += needle.count
            } else {
                position += 1
            }
        }
    }
}
