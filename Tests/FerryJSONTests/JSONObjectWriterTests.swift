import FerryJSON
import Testing

/// `JSONObjectWriter` spells an object exactly as the same `JSONValue` formatted compactly, absent values left out.
@Suite struct JSONObjectWriterTests {
    @Test(arguments: [
        "plain", "quote \" backslash \\ slash /", "controls \u{01}\u{1F} \n\t\r\u{08}\u{0C}", "é 漢字 😀", "",
    ])
    func itWritesWhatTheTreeFormats(text: String) {
        var object = JSONObjectWriter()
        object.add("absent", nil as String?)
        object.add("text", text)
        object.add("count", -42)
        object.add("none", nil as Int?)
        object.add("ratio", number: 0.1)
        object.add("whole", number: 3.0)
        object.add("infinite", number: .infinity)
        object.add("flag", false)
        let items = [text, "b"]
        object.addObjects("items", count: items.count) { $0.add("name", items[$1]) }
        object.addObjects("empty", count: 0) { object, _ in object.add("name", "never") }
        object.addObject("nested") { nested in
            nested.add("value", text)
            nested.addObject("deeper") { $0.add("n", 1) }
        }
        let tree = JSONValue.object([
            "text": .string(text), "count": .number(JSONNumber(-42)),
            "ratio": .number(JSONNumber(0.1) ?? JSONNumber(0)),
            "whole": .number(JSONNumber(3)), "infinite": .number(JSONNumber(0)), "flag": .bool(false),
            "items": .array([.object(["name": .string(text)]), .object(["name": .string("b")])]), "empty": .array([]),
            "nested": .object(["value": .string(text), "deeper": .object(["n": .number(JSONNumber(1))])]),
        ])
        #expect(object.finished == tree.formattedBytes(.compact))
        #expect(JSONObjectWriter().finished == Array("{}".utf8))
    }
}
