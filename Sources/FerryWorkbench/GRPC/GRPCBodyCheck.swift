import FerryJSON
import FerryProtobuf

/// What is wrong with a `GRPC` request's JSON body for its method's request message, at lines and columns of
/// the body: a message that is not JSON, else every member the message type refuses (a field it lacks, a value
/// of the wrong type or range, two members of a `oneof`), found as `MessageCodec` would refuse it when sending.
///
/// A `{{…}}` placeholder stands for a value known only when the body is sent (the environment, a script, a
/// prompt may give it): it is accepted wherever a value may go, as a member's whole value or inside a string, and
/// a key holding one is accepted too (``GRPCBodyPlaceholders``).
///
/// ```swift
/// let problems = GRPCBodyCheck.problems(in: "{\"nmae\": 1, \"id\": {{id}}}", messageType: method.inputType, pool: pool)
/// problems.map(\.column)  // [2]: the unknown field; {{id}} may be any value
/// ```
public enum GRPCBodyCheck {
    /// One problem and where it is (1-based; the column counts characters).
    public struct Problem: Sendable, Hashable {
        /// The line.
        public var line: Int
        /// The column.
        public var column: Int
        /// What is wrong, in words.
        public var message: String
    }

    /// The problems of `body` as messages of `messageType`, in the order of the body.
    public static func problems(in body: String, messageType: String, pool: DescriptorPool) -> [Problem] {
        let text = Array(body.utf8)
        let quoted = GRPCBodyPlaceholders(text)
        let bytes = quoted.bytes
        let ranges = GRPCRequestMessages.ranges(in: bytes)
        let codec = MessageCodec(pool: pool)
        let lines = LineTable(text)
        var problems: [Problem] = []
        for (index, range) in ranges.enumerated() {
            let which = ranges.count > 1 ? "message \(index + 1): " : ""
            let value: JSONValue
            do {
                value = try JSONValue(parsing: Array(bytes[range]))
            } catch {
                let offset = quoted.bodyOffset(of: range.lowerBound + error.offset)
                problems.append(lines.problem(at: offset, which + error.message))
                continue
            }
            // A key holding a placeholder (a field's name, a map's key) may be any; so may a value holding one.
            let found = codec.problems(in: value, as: messageType, skipping: GRPCBodyPlaceholders.holdsPlaceholder)
                .filter { !$0.path.contains("{{") }
            guard !found.isEmpty else { continue }
            let places = offsets(in: bytes, from: range.lowerBound)
            for error in found {
                // A map entry's path (`.counts["a"]`) is placed at the map's key.
                let path = error.path.range(of: "[\"").map { String(error.path[..<$0.lowerBound]) } ?? error.path
                let offset = places[path] ?? range.lowerBound
                problems.append(lines.problem(at: quoted.bodyOffset(of: offset), which + error.message))
            }
        }
        return problems
    }

    /// Where the lines of a body start, to turn a byte offset into a line and a column at once.
    struct LineTable {
        let bytes: [UInt8]
        /// The offset of each line's first byte, in order.
        let starts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            starts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        }

        /// A problem saying `message` at byte `offset`.
        func problem(at offset: Int, _ message: String) -> Problem {
            let end = min(max(0, offset), bytes.count)
            // The last line starting at or before `end`.
            var (low, high) = (0, starts.count - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= end { low = middle } else { high = middle - 1 }
            }
            let column = String(decoding: bytes[starts[low]..<end], as: UTF8.self).count + 1
            return Problem(line: low + 1, column: column, message: message)
        }
    }

    /// The offset of every member (its key) and every array element within the value at `start`, by its path as
    /// `ProtobufError` writes one (`.items[2].name`); the value itself is at `""`. One pass.
    static func offsets(in bytes: [UInt8], from start: Int) -> [String: Int] {
        var offsets = ["": skipSpace(bytes, start)]
        _ = record(bytes, from: start, path: "", depth: 0, into: &offsets)
        return offsets
    }

    /// Records the members and elements within the value at `start` under `path` (a key written twice: its
    /// first); returns the offset past the value.
    private static func record(
        _ bytes: [UInt8], from start: Int, path: String, depth: Int, into offsets: inout [String: Int]
    ) -> Int {
        var index = skipSpace(bytes, start)
        guard index < bytes.count, depth < MessageCodec.maximumDepth else { return index }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            while true {
                index = skipSpace(bytes, index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return index + 1 }
                let keyStart = index
                let keyEnd = skipValue(bytes, index)
                let key = String(
                    decoding: bytes[min(keyStart + 1, keyEnd)..<max(keyStart + 1, keyEnd - 1)], as: UTF8.self)
                index = skipSpace(bytes, keyEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return index }
                let memberPath = path + "." + key
                if offsets[memberPath] == nil { offsets[memberPath] = keyStart }
                index = skipSpace(
                    bytes, record(bytes, from: index + 1, path: memberPath, depth: depth + 1, into: &offsets))
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return index + 1 }
                index += 1
            }
        case UInt8(ascii: "["):
            index += 1
            var element = 0
            while true {
                index = skipSpace(bytes, index)
                guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return index + 1 }
                let elementPath = path + "[\(element)]"
                offsets[elementPath] = index
                index = skipSpace(
                    bytes, record(bytes, from: index, path: elementPath, depth: depth + 1, into: &offsets))
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return index + 1 }
                index += 1
                element += 1
            }
        default:
            return skipValue(bytes, index)
        }
    }

    private static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The offset just past the value starting at `start`.
    private static func skipValue(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        var depth = 0
        var strings = JSONStringTracker()
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let wasInString = strings.isInString
            if strings.consume(byte) {
                // A string that is the whole value ends with its closing quote.
                if wasInString, !strings.isInString, depth == 0 { return index }
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return depth < 0 ? index - 1 : index }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if depth == 0 { return index - 1 }
            default: break
            }
        }
        return index
    }
}
