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
        var problems: [Problem] = []
        for (index, range) in ranges.enumerated() {
            let which = ranges.count > 1 ? "message \(index + 1): " : ""
            let value: JSONValue
            do {
                value = try JSONValue(parsing: Array(bytes[range]))
            } catch {
                let offset = quoted.bodyOffset(of: range.lowerBound + error.offset)
                problems.append(problem(at: offset, in: text, which + error.message))
                continue
            }
            // A key holding a placeholder (a field's name, a map's key) may be any; so may a value holding one.
            for error in codec.problems(in: value, as: messageType, skipping: GRPCBodyPlaceholders.holdsPlaceholder)
            where !error.path.contains("{{") {
                let offset = locate(steps(ofPath: error.path), in: bytes, from: range.lowerBound) ?? range.lowerBound
                problems.append(problem(at: quoted.bodyOffset(of: offset), in: text, which + error.message))
            }
        }
        return problems
    }

    /// A problem saying `message` at byte `offset` of `bytes`.
    private static func problem(at offset: Int, in bytes: [UInt8], _ message: String) -> Problem {
        let end = min(max(0, offset), bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<end].count(where: { $0 == 0x0A }) + 1
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return Problem(line: line, column: column, message: message)
    }

    /// A step of a `ProtobufError.path`: a member's key or an array's index.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// `.a.b[1]` as its steps.
    static func steps(ofPath path: String) -> [Step] {
        var steps: [Step] = []
        var rest = Substring(path)
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let key = rest.prefix { $0 != "." && $0 != "[" }
                steps.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
            } else if first == "[" {
                let digits = rest.dropFirst().prefix { $0 != "]" }
                guard let index = Int(digits) else { break }
                steps.append(.index(index))
                rest = rest.dropFirst(digits.count + 2)
            } else {
                break
            }
        }
        return steps
    }

    /// The byte offset of the value `steps` lead to from the value at `start` (a member's key, for a member),
    /// or `nil` when the text does not hold it.
    static func locate(_ steps: [Step], in bytes: [UInt8], from start: Int) -> Int? {
        var index = skipSpace(bytes, start)
        guard let step = steps.first else { return index }
        let rest = Array(steps.dropFirst())
        switch step {
        case .key(let wanted):
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            while true {
                index = skipSpace(bytes, index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                let keyStart = index
                let keyEnd = skipValue(bytes, index)
                let key = String(
                    decoding: bytes[min(keyStart + 1, keyEnd)..<max(keyStart + 1, keyEnd - 1)], as: UTF8.self)
                index = skipSpace(bytes, keyEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index = skipSpace(bytes, index + 1)
                if key == wanted { return rest.isEmpty ? keyStart : locate(rest, in: bytes, from: index) }
                index = skipSpace(bytes, skipValue(bytes, index))
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        case .index(let wanted):
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            var element = 0
            while true {
                index = skipSpace(bytes, index)
                guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
                if element == wanted { return locate(rest, in: bytes, from: index) }
                index = skipSpace(bytes, skipValue(bytes, index))
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
                element += 1
            }
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
