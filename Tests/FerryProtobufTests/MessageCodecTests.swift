import FerryJSON
import FerryProtobuf
import FerryTestSupport
import Testing

@Suite(.offThePool) struct MessageCodecTests {
    let codec = MessageCodec(pool: TestDescriptors.pool)

    static func varint(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    func roundTrip(_ text: String, as type: String = "ferry.test.Everything") throws -> JSONValue {
        try codec.decode(codec.encode(JSONValue(parsing: text), as: type), as: type)
    }

    @Test func encodesScalarsAsTheWireSpecifies() throws {
        // The examples of the encoding guide: 150 as field 1 is 08 96 01; "testing" as field 2 is 12 07 74 65 …
        let pool = DescriptorPool(files: [
            FileDescriptor(
                name: "t.proto",
                messages: [
                    MessageDescriptor(
                        fullName: "T",
                        fields: [
                            FieldDescriptor(name: "a", number: 1, type: .int32),
                            FieldDescriptor(name: "b", number: 2, type: .string),
                            FieldDescriptor(name: "c", number: 3, type: .sint32),
                            FieldDescriptor(name: "d", number: 4, type: .int32, isRepeated: true),
                        ])
                ])
        ])
        let bytes = try MessageCodec(pool: pool).encode(["a": 150, "b": "testing", "c": -2, "d": [3, 270]], as: "T")
        #expect(
            bytes == [0x08, 0x96, 0x01, 0x12, 0x07] + Array("testing".utf8) + [
                0x18, 0x03, 0x22, 0x03, 0x03, 0x8E, 0x02,
            ])
        #expect(
            try MessageCodec(pool: pool).encode(["a": -1], as: "T") == [0x08] + Array(repeating: 0xFF, count: 9) + [
                0x01
            ])
    }

    @Test func scalarsRoundTripInTheirJSONForms() throws {
        let text = #"""
            {"scalars": {"aDouble": 1.5, "aFloat": 0.1, "anInt32": -7, "anInt64": "-9223372036854775808",
            "aUint32": 4294967295, "aUint64": "18446744073709551615", "aSint32": -2147483648, "aSint64": "-5",
            "aFixed32": 7, "aFixed64": "8", "anSfixed32": -9, "anSfixed64": "-10", "aBool": true, "aString": "é ☃",
            "someBytes": "AAEC/w==", "color": "GREEN", "maybe": 0}}
            """#
        #expect(try roundTrip(text) == JSONValue(parsing: text))
    }

    @Test func acceptsTheLenientInputForms() throws {
        let json = try roundTrip(
            #"{"scalars": {"a_double": "NaN", "a_float": "-Infinity", "an_int64": 12, "an_int32": "3", "a_uint32": 1e2, "some_bytes": "AAEC_w", "color": 1}}"#
        )
        #expect(
            json
                == [
                    "scalars": [
                        "aDouble": "NaN", "aFloat": "-Infinity", "anInt32": 3, "anInt64": "12", "aUint32": 100,
                        "someBytes": "AAEC/w==", "color": "RED",
                    ]
                ])
    }

    @Test func defaultsAreLeftOutUnlessTheFieldHasPresence() throws {
        let json = try roundTrip(
            #"{"scalars": {"anInt32": 0, "aString": "", "color": "COLOR_UNSPECIFIED", "maybe": 0}, "id": "0"}"#)
        #expect(json == ["scalars": ["maybe": 0], "id": "0"])
    }

    @Test func repeatedMapsAndOneofs() throws {
        let text = #"""
            {"numbers": [1, -2, 3], "words": ["a", ""], "items": [{"anInt32": 1}, {}], "colors": ["RED", "GREEN"],
            "doubles": [0.25, -1e+300], "counts": {"a": "1", "b": "-2"}, "byId": {"7": {"aBool": true}, "-1": {}},
            "flags": {"true": "yes", "false": "no"}, "detail": {"aString": "x"}}
            """#
        #expect(try roundTrip(text) == JSONValue(parsing: text))
    }

    @Test func wellKnownTypesUseTheirJSONForms() throws {
        let text = #"""
            {"when": "1972-01-01T10:00:20.021Z", "howLong": "-1.000340012s", "maybeInt": 0, "maybeText": "hi",
            "maybeBool": false, "extra": {"a": [1, "x", null, true, {"b": {}}]}, "anyValue": null, "list": [2.5, []],
            "payload": {"@type": "type.googleapis.com/ferry.test.Scalars", "anInt32": 5},
            "mask": "user.displayName,photo", "nothing": {},
            "child": {"payload": {"@type": "type.googleapis.com/google.protobuf.Duration", "value": "3s"}}}
            """#
        #expect(try roundTrip(text) == JSONValue(parsing: text))
        #expect(try roundTrip(#"{"when": "2024-02-29T23:59:59.5+01:30"}"#) == ["when": "2024-02-29T22:29:59.500Z"])
        #expect(try roundTrip(#"{"when": "0001-01-01T00:00:00Z"}"#) == ["when": "0001-01-01T00:00:00Z"])
    }

    @Test func mistakesNameTheirJSONPath() {
        let cases: [(String, String)] = [
            (#"{"scalars": {"nope": 1}}"#, ".scalars.nope: ferry.test.Scalars has no field \"nope\""),
            (
                #"{"items": [{}, {"anInt32": "x"}]}"#,
                ".items[1].anInt32: expected an integer (int32), found the string \"x\""
            ),
            (#"{"scalars": {"anInt32": 2147483648}}"#, ".scalars.anInt32: 2147483648 is out of range for int32"),
            (#"{"scalars": {"aUint32": -1}}"#, ".scalars.aUint32: -1 is out of range for uint32"),
            (#"{"scalars": {"anInt32": 1.5}}"#, ".scalars.anInt32: expected an integer (int32), found the number 1.5"),
            (#"{"scalars": {"color": "BLUE"}}"#, ".scalars.color: ferry.test.Color has no value \"BLUE\""),
            (#"{"name": "a", "id": 1}"#, ".id: name and id are both members of choice: set one"),
            (#"{"byId": {"x": {}}}"#, ".byId[\"x\"]: expected an integer (int32), found the string \"x\""),
            (#"{"when": "yesterday"}"#, ".when: \"yesterday\" is not an RFC 3339 timestamp"),
            (#"{"words": "a"}"#, ".words: expected an array (repeated string), found the string \"a\""),
            (#"{"scalars": {"aBool": 1}}"#, ".scalars.aBool: expected true or false, found the number 1"),
            (#"{"scalars": {"someBytes": "!!"}}"#, ".scalars.someBytes: expected base64 text"),
            (#"{"payload": {"@type": "type.googleapis.com/x.Y"}}"#, ".payload: the message type x.Y is not known"),
            (#"[1]"#, "expected an object (a ferry.test.Everything message), found an array"),
        ]
        for (text, expected) in cases {
            do {
                _ = try codec.encode(JSONValue(parsing: text), as: "ferry.test.Everything")
                Issue.record("\(text) was encoded")
            } catch {
                #expect(String(describing: error).hasPrefix(expected), "\(text)")
            }
        }
    }

    @Test func aCheckFindsEveryProblemAndSkipsTheValuesItIsToldAreUnknown() throws {
        let json = try JSONValue(
            parsing: #"{"nope": 1, "scalars": {"anInt32": "x", "aBool": 2}, "items": [{"color": "BLUE"}], "id": 3}"#)
        #expect(
            codec.problems(in: json, as: "ferry.test.Everything").map(\.path) == [
                ".nope", ".scalars.anInt32", ".scalars.aBool", ".items[0].color",
            ])
        #expect(codec.problems(in: ["name": "a"], as: "ferry.test.Everything").isEmpty)
        // The same first problem as encode's, and encode still stops there.
        #expect(throws: ProtobufError.self) { try codec.encode(json, as: "ferry.test.Everything") }
        // Values said to be unknown pass wherever they are; the members holding them are still checked.
        let unknown: (JSONValue) -> Bool = { $0 == .string("?") }
        let template = try JSONValue(
            parsing:
                #"{"scalars": "?", "numbers": [1, "?"], "counts": {"?": "?"}, "name": "a", "id": "?", "nope": "?"}"#)
        #expect(
            codec.problems(in: template, as: "ferry.test.Everything", skipping: unknown).map(\.path) == [
                ".id", ".nope",
            ])
        #expect(codec.problems(in: .string("?"), as: "ferry.test.Everything", skipping: unknown).isEmpty)
    }

    @Test func decodingSkipsUnknownFieldsAndRejectsMismatchedWireTypes() throws {
        // Field 99 (unknown, a varint and a group), then anInt32 = 5.
        let bytes: [UInt8] = [0x98, 0x06, 0x01, 0x9B, 0x06, 0x08, 0x01, 0x9C, 0x06, 0x18, 0x05]
        #expect(try codec.decode(bytes, as: "ferry.test.Scalars") == ["anInt32": 5])
        // anInt32 sent as length-delimited.
        #expect(throws: ProtobufError.self) { try codec.decode([0x1A, 0x00], as: "ferry.test.Scalars") }
    }

    @Test func hostileBytesAreErrorsNeverCrashes() {
        var generator = SeededGenerator(seed: 38)
        let valid =
            (try? codec.encode(
                JSONValue(
                    parsing:
                        #"{"items": [{"aString": "abc"}], "counts": {"k": "1"}, "child": {"child": {"numbers": [1]}}}"#),
                as: "ferry.test.Everything")) ?? []
        for _ in 0..<2000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            }
            _ = try? codec.decode(bytes, as: "ferry.test.Everything")
        }
        // A message nested 200 deep stops at the depth limit.
        #expect(throws: ProtobufError.self) {
            try codec.decode(Array(repeating: 0xC2, count: 1) + [0x01, 0xFF], as: "ferry.test.Everything")
        }
        var deep: JSONValue = [:]
        for _ in 0..<150 { deep = ["child": deep] }
        #expect(throws: ProtobufError.self) { try codec.encode(deep, as: "ferry.test.Everything") }
        // An Any holding an Any holding … 500 deep stops at the depth limit too (not the stack).
        var any: [UInt8] = []
        for _ in 0..<500 {
            let url = Array("type.googleapis.com/google.protobuf.Any".utf8)
            var next: [UInt8] = [0x0A, UInt8(url.count)] + url + [0x12]
            var length = any.count
            while length >= 0x80 {
                next.append(UInt8(length & 0x7F) | 0x80)
                length >>= 7
            }
            any = next + [UInt8(length)] + any
        }
        let payload: [UInt8] = [0xAA, 0x01] + Self.varint(any.count) + any
        #expect(throws: ProtobufError.self) { try codec.decode(payload, as: "ferry.test.Everything") }
        // A ten-byte varint with more than 64 bits.
        #expect(throws: ProtobufError.self) {
            try codec.decode([0x18] + Array(repeating: 0xFF, count: 10) + [0x01], as: "ferry.test.Scalars")
        }
    }
}
