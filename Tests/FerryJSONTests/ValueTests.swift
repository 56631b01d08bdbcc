import FerryJSON
import Foundation
import Testing

@Suite struct ValueTests {
    let json: JSONValue = [
        "items": [["name": "ferry", "size": 3], ["name": "dock", "tags": ["a", "b"]]],
        "count": 2, "ok": true, "ratio": 0.5,
    ]

    // MARK: - Subscripts and getters

    @Test func subscriptsChainAndGettersReadTypes() throws {
        #expect(try json["items"][0]["name"].string() == "ferry")
        #expect(try json["items"][-1]["tags"][1].string() == "b")
        #expect(try json["count"].int() == 2)
        #expect(try json["ratio"].double() == 0.5)
        #expect(try json["ok"].bool())
        #expect(try json["items"].array().count == 2)
        #expect(try json["items"][1].object().keys == ["name", "tags"])
        #expect(json["items"][0]["size"].path.description == ".items[0].size")
    }

    @Test func errorsNameThePath() throws {
        let missing = try #require(throws: JSONAccessError.self) { try json["items"][5]["name"].string() }
        #expect(missing.description == ".items[5]: index 5 is out of range (2 elements)")
        let wrongKind = try #require(throws: JSONAccessError.self) { try json["items"][0]["name"].int() }
        #expect(wrongKind.description == ".items[0].name: expected a number, found a string")
        let noKey = try #require(throws: JSONAccessError.self) { try json["items"][1]["size"].int() }
        #expect(noKey.description == ".items[1].size: no member \"size\"")
        let notObject = try #require(throws: JSONAccessError.self) { try json["count"]["x"].required() }
        #expect(notObject.description == ".count.x: expected an object, found a number")
        let fraction = try #require(throws: JSONAccessError.self) { try json["ratio"].int() }
        #expect(fraction.description == ".ratio: 0.5 is not an integer that fits an Int")
    }

    @Test func pathsQuoteKeysThatAreNotIdentifiers() {
        let path = JSONPath([.key("a b"), .index(2), .key("_ok1"), .key("1st"), .key("q\"")])
        #expect(path.description == #".["a b"][2]._ok1["1st"]["q\""]"#)
        #expect(JSONPath().description == ".")
    }

    // MARK: - Objects and numbers

    @Test func objectSubscriptSetsInPlaceAppendsAndRemoves() {
        var object: JSONObject = ["b": 1, "a": 2, "b": 3]
        object["b"] = 9
        object["c"] = "new"
        #expect(object.keys == ["b", "a", "b", "c"])
        #expect(object.members[2].value == 9 && object.members[0].value == 1)
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
    }

    @Test func numbersKeepSpellingAndConvert() {
        #expect(JSONNumber(text: "1.50")?.text == "1.50")
        #expect(JSONNumber(text: "01") == nil)
        #expect(JSONNumber(text: " 1") == nil && JSONNumber(text: "1\n") == nil && JSONNumber(text: "\"1\"") == nil)
        #expect(JSONNumber(text: "1e400")?.doubleValue == .infinity)
        #expect(JSONNumber(2.5)?.text == "2.5")
        #expect(JSONNumber(3.0)?.text == "3")
        #expect(JSONNumber(.nan) == nil)
        #expect(JSONNumber(text: "1.5e1")?.intValue == 15)
        #expect(JSONNumber(text: "99999999999999999999")?.intValue == nil)
    }

    // MARK: - Printing

    @Test func prettyPrinterIsStable() {
        let value: JSONValue = ["a": [1, [], [:], ["b": nil]], "s": "line\n\"q\"\u{01}é"]
        let expected = """
            {
              "a": [
                1,
                [],
                {},
                {
                  "b": null
                }
              ],
              "s": "line\\n\\"q\\"\\u0001é"
            }
            """
        #expect(value.formatted() == expected)
        #expect(value.formatted(.compact) == #"{"a":[1,[],{},{"b":null}],"s":"line\n\"q\"\u0001é"}"#)
        #expect(value.formatted(.pretty(indent: 4)).contains("\n        1,\n"))
        #expect(value.formatted(.pretty(indent: 0)).hasPrefix("{\n\"a\": [\n1,"))
    }
}
