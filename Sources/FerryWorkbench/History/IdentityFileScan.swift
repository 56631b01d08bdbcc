import FerryJSON
import FerrySystem

/// The records of an `ids.json` document found by one pass over its bytes, with no tree or node list of the whole
/// file: each record's byte range and its `path` and `fingerprint` strings as written. A command that needs the ids
/// of a few requests reads only their records (``RequestIdentities/assign(someOf:)``); a file of a million records
/// costs one walk over its bytes, not a parse of each.
///
/// The walk checks the document's shape (an object whose `requests` member is an array of objects) and skips every
/// other value by its brackets and quotes; the records it hands on are decoded by ``JSONDocument`` when a caller
/// wants them, so a malformed one is refused there.
struct IdentityFileScan {
    /// One record as the walk found it: its members' strings as written (between their quotes, escapes
    /// undecoded).
    struct Record {
        /// The record's bytes, from `{` to `}`.
        var range: Range<Int>
        var id: Range<Int>
        var path: Range<Int>
        var fingerprint: Range<Int>
        /// `nil` for an unnamed request (`name` absent or `null`).
        var name: Range<Int>?
        /// Whether the record says when its request was found gone (`lastSeen`, not `null`).
        var isMarkedGone: Bool
    }

    /// The records in file order.
    private(set) var records: [Record] = []
    /// Where a record added at the end of the `requests` array goes: the offset of its closing `]`.
    private(set) var endOfRecords = 0
    /// Whether the array holds no record.
    var isEmpty: Bool { records.isEmpty }

    /// The records of `bytes`; `nil` when the bytes are not an identities document (no `requests` array of
    /// objects, a record without a string `path` or `fingerprint`, brackets or quotes unbalanced).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var walk = Walk(bytes: bytes)
        guard walk.skipSpaces(), walk.take(UInt8(ascii: "{")) else { return nil }
        var sawRecords = false
        var first = true
        while true {
            guard let member = walk.member(isFirst: &first) else { return nil }
            guard case .key(let key) = member else { break }
            if walk.equals(key, "requests") {
                guard readRecords(&walk) else { return nil }
                sawRecords = true
            } else {
                guard walk.skipValue() else { return nil }
            }
        }
        guard sawRecords else { return nil }
    }

    /// Reads the `requests` array at the walk's position.
    private mutating func readRecords(_ walk: inout Walk) -> Bool {
        guard walk.take(UInt8(ascii: "[")) else { return false }
        while true {
            guard walk.skipSpaces() else { return false }
            if walk.bytes[walk.position] == UInt8(ascii: "]") {
                endOfRecords = walk.position
                walk.position += 1
                return true
            }
            if !records.isEmpty {
                guard walk.take(UInt8(ascii: ",")), walk.skipSpaces() else { return false }
            }
            guard let record = readRecord(&walk) else { return false }
            records.append(record)
        }
    }

    /// Reads one record object at the walk's position, noting its members' strings.
    private func readRecord(_ walk: inout Walk) -> Record? {
        let start = walk.position
        guard walk.take(UInt8(ascii: "{")) else { return nil }
        var id: Range<Int>?
        var path: Range<Int>?
        var fingerprint: Range<Int>?
        var name: Range<Int>?
        var isMarkedGone = false
        var first = true
        while true {
            guard let member = walk.member(isFirst: &first) else { return nil }
            guard case .key(let key) = member else { break }
            let known = Key(key, in: walk)
            if let known, walk.bytes[walk.position] == UInt8(ascii: "\"") {
                guard let value = walk.string() else { return nil }
                switch known {
                case .id: id = value
                case .path: path = value
                case .fingerprint: fingerprint = value
                case .name: name = value
                }
            } else if known == .name, walk.takeNull() {
                name = nil
            } else {
                let value = walk.position
                guard walk.skipValue() else { return nil }
                if walk.equals(key, "lastSeen") { isMarkedGone = walk.bytes[value] != UInt8(ascii: "n") }
            }
        }
        guard let id, let path, let fingerprint else { return nil }
        return Record(
            range: start..<walk.position, id: id, path: path, fingerprint: fingerprint, name: name,
            isMarkedGone: isMarkedGone)
    }

    /// The string members a record is found by.
    private enum Key {
        case id, path, fingerprint, name

        /// The key whose name is the string inside `range`, if one is.
        init?(_ range: Range<Int>, in walk: Walk) {
            switch range.count {
            case 2 where walk.equals(range, "id"): self = .id
            case 4 where walk.equals(range, "path"): self = .path
            case 4 where walk.equals(range, "name"): self = .name
            case 11 where walk.equals(range, "fingerprint"): self = .fingerprint
            default: return nil
            }
        }
    }

    /// The string `range` (a string's inside, as ``Record`` keeps it) of `bytes` means, escapes decoded; `nil`
    /// when an escape is malformed.
    static func text(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let inside = UnsafeBufferPointer(rebasing: bytes[range])
        guard inside.contains(UInt8(ascii: "\\")) else { return String(decoding: inside, as: UTF8.self) }
        // A quoted string is a JSON document of its own.
        let quoted = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound - 1)..<(range.upperBound + 1)])
        guard let document = try? JSONDocument(parsing: Array(quoted)) else { return nil }
        return document.string(at: document.root)
    }

    /// A position in the bytes and the steps over them.
    private struct Walk {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        /// Moves past spaces; `false` at the end of the bytes.
        mutating func skipSpaces() -> Bool {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return true
                }
            }
            return false
        }

        /// A step through an object's members.
        enum Member {
            /// The next member's key (inside its quotes); the walk is at its value.
            case key(Range<Int>)
            /// The object's `}`, moved past.
            case end
        }

        /// Moves to the next member of the object whose `{` was taken (`isFirst` until one was read): past its
        /// key and colon, or past the `}`; `nil` when the bytes are not an object there.
        mutating func member(isFirst: inout Bool) -> Member? {
            guard skipSpaces() else { return nil }
            if take(UInt8(ascii: "}")) { return .end }
            if !isFirst { guard take(UInt8(ascii: ",")), skipSpaces() else { return nil } }
            isFirst = false
            guard let key = string(), skipSpaces(), take(UInt8(ascii: ":")), skipSpaces() else { return nil }
            return .key(key)
        }

        /// Moves past `byte` when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// Moves past the string that starts here and returns its inside; `nil` when none starts here or it is
        /// not closed.
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            // The next quote and any backslash before it, found a word at a time (`ByteSearch`): a byte at a time
            // was half the scan of a run's `ids.json`. A backslash escapes the byte after it.
            while position < bytes.count {
                guard
                    let quote = ByteSearch.firstIndex(
                        of: UInt8(ascii: "\""), in: bytes, within: position..<bytes.count)
                else { return nil }
                if let escape = ByteSearch.firstIndex(of: UInt8(ascii: "\\"), in: bytes, within: position..<quote) {
                    position = escape + 2
                    continue
                }
                position = quote + 1
                return start..<quote
            }
            return nil
        }

        /// Moves past `null` when it is next.
        mutating func takeNull() -> Bool {
            let null: [UInt8] = Array("null".utf8)
            guard position + 4 <= bytes.count, bytes[position..<(position + 4)].elementsEqual(null) else {
                return false
            }
            position += 4
            return true
        }

        /// Whether the string inside `range` is `text` as written (a key: no escapes in the ones looked for).
        func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
            guard range.count == text.utf8CodeUnitCount else { return false }
            let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            return bytes[range].elementsEqual(expected)
        }

        /// Moves past the value that starts here: a string, an array or object by its brackets (strings inside
        /// skipped whole), or a literal or number up to the next delimiter.
        mutating func skipValue() -> Bool {
            guard position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            position += 1
                            return true
                        }
                    default: break
                    }
                    position += 1
                }
                return false
            default:
                let start = position
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                        return position > start
                    default: position += 1
                    }
                }
                return position > start
            }
        }
    }
}
