import FerryJSON
import FerryProtobuf
import FerryTestSupport
import Foundation
import Testing

/// Property test: messages generated at random in their canonical JSON form (declaration order, defaults left
/// out, 64-bit integers as strings) come back the same after JSON → bytes → JSON.
@Suite(.offThePool) struct GeneratedMessageTests {
    let codec = MessageCodec(pool: TestDescriptors.pool)

    @Test(arguments: 0..<300) func generatedMessagesRoundTrip(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let json = everything(depth: 0, using: &generator)
        let bytes = try codec.encode(json, as: "ferry.test.Everything")
        let decoded = try codec.decode(bytes, as: "ferry.test.Everything")
        #expect(decoded == json, "seed \(seed)\n\(decoded.formatted(.compact))\n\(json.formatted(.compact))")
    }

    private func everything(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        var object = JSONObject()
        func maybe(_ key: String, _ make: (inout SeededGenerator) -> JSONValue) {
            if Int.random(in: 0..<3, using: &generator) == 0 { object[key] = make(&generator) }
        }
        maybe("scalars") { scalars(using: &$0) }
        maybe("numbers") { g in
            .array(
                (0..<Int.random(in: 1...4, using: &g)).map { _ in
                    .number(JSONNumber(Int(Int32.random(in: .min ... .max, using: &g))))
                })
        }
        maybe("words") { g in .array((0..<Int.random(in: 1...3, using: &g)).map { _ in .string(text(using: &g)) }) }
        maybe("items") { g in .array((0..<Int.random(in: 1...3, using: &g)).map { _ in scalars(using: &g) }) }
        maybe("colors") { g in
            .array(
                (0..<Int.random(in: 1...3, using: &g)).map { _ in
                    .string(["COLOR_UNSPECIFIED", "RED", "GREEN"].randomElement(using: &g) ?? "RED")
                })
        }
        maybe("doubles") { g in .array((0..<Int.random(in: 1...3, using: &g)).map { _ in double(using: &g) }) }
        maybe("counts") { g in
            var map = JSONObject()
            for index in 0..<Int.random(in: 1...3, using: &g) {
                map["k\(index)"] = .string(String(Int64.random(in: .min ... .max, using: &g)))
            }
            return .object(map)
        }
        maybe("byId") { g in .object(["\(Int32.random(in: .min ... .max, using: &g))": scalars(using: &g)]) }
        maybe("flags") { g in .object(["true": .string(text(using: &g))]) }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: object["name"] = .string(text(using: &generator))
        case 1: object["id"] = .string(String(Int64.random(in: .min ... .max, using: &generator)))
        case 2: object["detail"] = scalars(using: &generator)
        default: break
        }
        maybe("when") { g in
            .string(
                [
                    "1970-01-01T00:00:00Z", "2026-12-07T08:00:00.123Z", "9999-12-31T23:59:59.999999999Z",
                    "1901-06-30T12:34:56.000001Z",
                ].randomElement(using: &g) ?? "")
        }
        maybe("howLong") { g in
            .string(["0s", "1.500s", "-0.000000001s", "315576000000s", "86400.250s"].randomElement(using: &g) ?? "")
        }
        maybe("maybeInt") { g in .number(JSONNumber(Int.random(in: -3...3, using: &g))) }
        maybe("maybeText") { g in .string(text(using: &g)) }
        maybe("maybeBool") { g in .bool(Bool.random(using: &g)) }
        maybe("extra") { g in .object(["a": anyJSON(depth: 0, using: &g), "b": anyJSON(depth: 0, using: &g)]) }
        maybe("anyValue") { g in anyJSON(depth: 0, using: &g) }
        maybe("list") { g in .array([anyJSON(depth: 0, using: &g)]) }
        maybe("payload") { g in
            var any: JSONObject = ["@type": "type.googleapis.com/ferry.test.Scalars"]
            if case .object(let fields) = scalars(using: &g) { any.members += fields.members }
            return .object(any)
        }
        maybe("mask") { _ in "a.bC,d" }
        maybe("nothing") { _ in .object([:]) }
        if depth < 3 { maybe("child") { everything(depth: depth + 1, using: &$0) } }
        return .object(object)
    }

    private func scalars(using generator: inout SeededGenerator) -> JSONValue {
        var object = JSONObject()
        func maybe(_ key: String, _ value: JSONValue, isDefault: Bool) {
            if Bool.random(using: &generator), !isDefault { object[key] = value }
        }
        let double = double(using: &generator)
        maybe("aDouble", double, isDefault: double == 0)
        let float = Float(Int.random(in: -1000...1000, using: &generator)) / 8
        maybe("aFloat", JSONNumber(Double(float)).map(JSONValue.number) ?? 0, isDefault: float == 0)
        let int32 = Int32.random(in: .min ... .max, using: &generator)
        maybe("anInt32", .number(JSONNumber(Int(int32))), isDefault: int32 == 0)
        let int64 = Int64.random(in: .min ... .max, using: &generator)
        maybe("anInt64", .string(String(int64)), isDefault: int64 == 0)
        let uint32 = UInt32.random(in: .min ... .max, using: &generator)
        maybe("aUint32", .number(JSONNumber(Int(uint32))), isDefault: uint32 == 0)
        let uint64 = UInt64.random(in: .min ... .max, using: &generator)
        maybe("aUint64", .string(String(uint64)), isDefault: uint64 == 0)
        let sint32 = Int32.random(in: .min ... .max, using: &generator)
        maybe("aSint32", .number(JSONNumber(Int(sint32))), isDefault: sint32 == 0)
        let sint64 = Int64.random(in: .min ... .max, using: &generator)
        maybe("aSint64", .string(String(sint64)), isDefault: sint64 == 0)
        let fixed32 = UInt32.random(in: .min ... .max, using: &generator)
        maybe("aFixed32", .number(JSONNumber(Int(fixed32))), isDefault: fixed32 == 0)
        let fixed64 = UInt64.random(in: .min ... .max, using: &generator)
        maybe("aFixed64", .string(String(fixed64)), isDefault: fixed64 == 0)
        let sfixed32 = Int32.random(in: .min ... .max, using: &generator)
        maybe("anSfixed32", .number(JSONNumber(Int(sfixed32))), isDefault: sfixed32 == 0)
        let sfixed64 = Int64.random(in: .min ... .max, using: &generator)
        maybe("anSfixed64", .string(String(sfixed64)), isDefault: sfixed64 == 0)
        maybe("aBool", true, isDefault: false)
        let string = text(using: &generator)
        maybe("aString", .string(string), isDefault: string.isEmpty)
        let bytes = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
            UInt8.random(in: 0...255, using: &generator)
        }
        maybe("someBytes", .string(Data(bytes).base64EncodedString()), isDefault: bytes.isEmpty)
        maybe("color", "GREEN", isDefault: false)
        if Bool.random(using: &generator) {
            object["maybe"] = .number(JSONNumber(Int.random(in: -1...1, using: &generator)))
        }
        return .object(object)
    }

    private func double(using generator: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: "NaN"
        case 1: "-Infinity"
        case 2: .number(JSONNumber(Int.random(in: -1_000_000...1_000_000, using: &generator)))
        default:
            JSONNumber(Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &generator))).map(
                JSONValue.number) ?? 1
        }
    }

    private func text(using generator: inout SeededGenerator) -> String {
        String(
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                "aé☃\"\\\n𝄞 z".randomElement(using: &generator) ?? "a"
            })
    }

    private func anyJSON(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth < 2 ? 6 : 4), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return JSONNumber(Double(Int.random(in: -99...99, using: &generator)) / 4).map(JSONValue.number) ?? 0
        case 3: return .string(text(using: &generator))
        case 4:
            return .array(
                (0..<Int.random(in: 0...2, using: &generator)).map { _ in anyJSON(depth: depth + 1, using: &generator) }
            )
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0...2, using: &generator) {
                object["f\(index)"] = anyJSON(depth: depth + 1, using: &generator)
            }
            return .object(object)
        }
    }
}
