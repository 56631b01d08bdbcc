import FerryJSON
import Foundation
import Testing

@Suite struct BridgeTests {
    struct Item: Codable, Equatable {
        var name: String
        var size: Int
        var tags: [String]
    }

    @Test func foundationObjectsMatchJSONSerialization() throws {
        let text = #"{"a": [1, 2.5, true, null, "x"], "b": {"c": false}}"#
        let value = try JSONValue(parsing: text)
        let ours = try JSONSerialization.data(withJSONObject: value.foundationObject, options: .sortedKeys)
        let theirs = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8)), options: .sortedKeys)
        #expect(ours == theirs)
    }

    @Test func foundationObjectsComeBackWithSortedKeys() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"z": [1, 2.5, true, null], "a": "s"}"#.utf8))
        let value = try JSONValue(foundationObject: object)
        #expect(value == ["a": "s", "z": [1, 2.5, true, nil]])
        #expect(throws: JSONValue.BridgeError.self) { try JSONValue(foundationObject: ["d": Date()]) }
    }

    @Test func decodesAndEncodesCodableTypes() throws {
        let value = try JSONValue(parsing: #"{"name": "ferry", "size": 3, "tags": ["a"], "extra": 1}"#)
        #expect(try value.decode(Item.self) == Item(name: "ferry", size: 3, tags: ["a"]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try JSONValue(encoding: Item(name: "dock", size: 9, tags: []), using: encoder)
        #expect(encoded == ["name": "dock", "size": 9, "tags": []])
        #expect(throws: DecodingError.self) { try JSONValue(parsing: "[1]").decode(Item.self) }
    }
}
