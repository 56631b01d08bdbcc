import FerryJSON
import FerryTestSupport
import Testing

@testable import FerryProtobuf

/// Generated and mutated wire bytes against every message type of the test schema (issue #38's decoder fuzz):
/// each ends in JSON or a ``ProtobufError`` that says what is wrong, never a trap, a hang or an allocation the
/// input's own size does not bound. `make fuzz` runs the same decoder under libFuzzer (FuzzProtobufDecoder).
@Suite(.offThePool) struct WireFuzzTests {
    let codec = MessageCodec(pool: TestDescriptors.pool)
    static let types = ["ferry.test.Scalars", "ferry.test.Everything", "ferry.test.Everything.ByIdEntry"]

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    static func tag(_ number: Int, _ wireType: UInt64) -> [UInt8] { varint(UInt64(number) << 3 | wireType) }

    /// Random fields: numbers the schema knows (and some it does not), any wire type, lengths that are sometimes
    /// lies, nested messages built the same way down to `depth`.
    static func generated(depth: Int, using random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let number =
                Bool.random(using: &random)
                ? Int.random(in: 1...24, using: &random) : Int.random(in: 1...(1 << 29), using: &random)
            let wireType = UInt64.random(in: 0...7, using: &random)
            bytes += tag(number, wireType)
            switch wireType {
            case 0:
                bytes += varint(
                    UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random))
            case 1: bytes += (0..<8).map { _ in UInt8.random(in: 0...255, using: &random) }
            case 5: bytes += (0..<4).map { _ in UInt8.random(in: 0...255, using: &random) }
            case 2:
                let payload: [UInt8] =
                    depth > 0 && Bool.random(using: &random)
                    ? generated(depth: depth - 1, using: &random)
                    : (0..<Int.random(in: 0...12, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random)
                    }
                let lie = Int.random(in: 0..<8, using: &random)
                let length = lie == 0 ? UInt64.random(in: 0...UInt64.max, using: &random) : UInt64(payload.count)
                bytes += varint(length) + payload
            default: break
            }
        }
        return bytes
    }

    @Test func generatedAndMutatedBytesEndInJSONOrAnError() {
        var random = SeededGenerator(seed: 3895)
        var outcomes = (decoded: 0, refused: 0)
        for round in 0..<6000 {
            var bytes = Self.generated(depth: 4, using: &random)
            if round % 3 == 0, !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            for type in Self.types {
                do {
                    _ = try codec.decode(bytes, as: type)
                    outcomes.decoded += 1
                } catch {
                    #expect(!error.message.isEmpty)
                    outcomes.refused += 1
                }
            }
        }
        // Both paths were exercised, not only the first error.
        #expect(outcomes.decoded > 500 && outcomes.refused > 500, "\(outcomes)")
    }

    @Test func eachKindOfBadInputSaysWhatIsWrong() {
        func failure(_ bytes: [UInt8], as type: String = "ferry.test.Scalars") -> String {
            do {
                let json = try codec.decode(bytes, as: type)
                return "decoded \(json)"
            } catch {
                return error.description
            }
        }
        // A length prefix past the buffer (2^63 bytes, and 10 bytes when 1 is left).
        #expect(failure(Self.tag(14, 2) + Self.varint(1 << 63) + [0x61]).contains("runs past the end"))
        #expect(failure(Self.tag(14, 2) + [10, 0x61]) == ".aString: a length of 10 bytes runs past the end (1 left)")
        // Invalid UTF-8 in a string.
        #expect(failure(Self.tag(14, 2) + [2, 0xC3, 0x28]).contains("UTF-8"))
        // A known field with another wire type.
        #expect(failure(Self.tag(3, 2) + [0]).contains("wire type"))
        // Wire types 6 and 7 do not exist; field number 0 neither.
        #expect(failure(Self.tag(3, 7)).contains("unknown wire type 7"))
        #expect(failure([0x00]).contains("field number 0"))
        // A group that never ends, one ending as another number, an end with no start.
        #expect(failure(Self.tag(99, 3)).contains("inside group 99"))
        #expect(failure(Self.tag(99, 3) + Self.tag(98, 4)).contains("ends as 98"))
        #expect(failure(Self.tag(99, 4)).contains("never started"))
        // A cut fixed-width value and a cut varint.
        #expect(failure(Self.tag(10, 1) + [1, 2]).contains("64-bit"))
        #expect(failure(Self.tag(3, 0) + [0x80]).contains("inside a varint"))
        // Messages nested 10 000 deep (Everything.child) stop at the depth limit, not the stack.
        var deep: [UInt8] = []
        for _ in 0..<10_000 { deep = Self.tag(24, 2) + Self.varint(UInt64(deep.count)) + deep }
        #expect(failure(deep, as: "ferry.test.Everything").contains("nest deeper than 100"))
        // Groups nested 10 000 deep, skipped as unknown fields, stop too.
        let groups = Array(repeating: Self.tag(99, 3), count: 10_000).flatMap { $0 }
        #expect(failure(groups).contains("groups nest too deep"))
    }

    /// A present `-0.0` (bits other than the default's) reads as `-0` and writes back the same bits; it read as
    /// `0` and vanished on the way back (found by FuzzProtobufDecoder).
    @Test func negativeZeroKeepsItsSign() throws {
        let double = Self.tag(1, 1) + [0, 0, 0, 0, 0, 0, 0, 0x80]
        let float = Self.tag(2, 5) + [0, 0, 0, 0x80]
        for bytes in [double, float] {
            let json = try codec.decode(bytes, as: "ferry.test.Scalars")
            #expect(json.formatted(.compact).contains(":-0}"), "\(json)")
            #expect(try codec.encode(json, as: "ferry.test.Scalars") == bytes)
        }
    }

    /// An empty packed run is an empty repeated field, left out of the JSON as any empty one is; it came out as
    /// `[]` and the round trip lost it (found by FuzzProtobufDecoder).
    @Test func anEmptyPackedRunIsLeftOut() throws {
        #expect(
            try codec.decode(Self.tag(2, 2) + [0] + Self.tag(10, 2) + [1, 0x78], as: "ferry.test.Everything") == [
                "name": "x"
            ])
    }

    /// Work in proportion to input: 200 000 occurrences of a repeated message, of a packed number, of a map entry
    /// (one key, replaced each time) and of a singular message (merged) each decode in one pass. Before
    /// `takeValues` each occurrence copied the values collected so far: quadratic, minutes for these.
    @Test func manyTinyFieldsDecodeInOnePass() throws {
        let count = 200_000
        func decoded(_ bytes: [UInt8]) throws -> JSONValue { try codec.decode(bytes, as: "ferry.test.Everything") }
        let items = Array(repeating: Self.tag(4, 2) + [0], count: count).flatMap { $0 }
        #expect(try decoded(items)["items"].value?.arrayValue?.count == count)
        let packed = Self.tag(2, 2) + Self.varint(UInt64(count)) + Array(repeating: 1, count: count)
        #expect(try decoded(packed)["numbers"].value?.arrayValue?.count == count)
        // counts = {"k": "1"}, sent again and again; and distinct keys.
        let entry = Self.tag(7, 2) + [5] + Self.tag(1, 2) + [1, 0x6B] + Self.tag(2, 0) + [1]
        #expect(try decoded(Array(repeating: entry, count: count).flatMap { $0 })["counts"].value == ["k": "1"])
        var distinct: [UInt8] = []
        for key in 0..<count {
            let text = Array(String(key).utf8)
            let body = Self.tag(1, 2) + [UInt8(text.count)] + text
            distinct += Self.tag(7, 2) + [UInt8(body.count)] + body
        }
        #expect(try decoded(distinct)["counts"].value?.objectValue?.members.count == count)
        // scalars, sent 200 000 times, merges into one message.
        let merged = Array(repeating: Self.tag(1, 2) + [2] + Self.tag(3, 0) + [7], count: count).flatMap { $0 }
        #expect(try decoded(merged)["scalars"].value == ["anInt32": 7])
    }

    /// protoc's own descriptor set, mutated, read as descriptors: errors, never traps.
    @Test func mutatedDescriptorSetsAreErrorsNeverTraps() throws {
        let file = try ProtoSourceLoader(read: { _ in
            "syntax = \"proto3\"; package p; message M { map<string, M> m = 1; oneof o { int32 a = 2; } enum E { Z = 0; } } service S { rpc R (M) returns (stream M); }"
        }).load("m.proto")
        var writer = WireWriter()
        writer.lengthDelimited(1, try Self.serialized(file[0]))
        let valid = writer.bytes
        var random = SeededGenerator(seed: 95)
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            var pool = DescriptorPool()
            try? pool.add(fileDescriptorSet: bytes)
        }
    }

    /// A `FileDescriptorProto` with the fields ``FileDescriptor/init(serialized:)`` reads.
    static func serialized(_ file: FileDescriptor) throws -> [UInt8] {
        var writer = WireWriter()
        writer.lengthDelimited(1, Array(file.name.utf8))
        writer.lengthDelimited(2, Array(file.package.utf8))
        for message in file.messages where !message.fullName.dropFirst(file.package.count + 1).contains(".") {
            var entry = WireWriter()
            entry.lengthDelimited(1, Array(message.fullName.dropFirst(file.package.count + 1).utf8))
            for field in message.fields {
                var descriptor = WireWriter()
                descriptor.lengthDelimited(1, Array(field.name.utf8))
                descriptor.tag(3, .varint)
                descriptor.varint(UInt64(field.number))
                descriptor.tag(4, .varint)
                descriptor.varint(field.isRepeated ? 3 : 1)
                descriptor.tag(5, .varint)
                descriptor.varint(UInt64(field.type.rawValue))
                if let typeName = field.typeName { descriptor.lengthDelimited(6, Array(("." + typeName).utf8)) }
                if let oneof = field.oneofIndex {
                    descriptor.tag(9, .varint)
                    descriptor.varint(UInt64(oneof))
                }
                entry.lengthDelimited(2, descriptor.bytes)
            }
            writer.lengthDelimited(4, entry.bytes)
        }
        writer.lengthDelimited(12, Array("proto3".utf8))
        return writer.bytes
    }
}
