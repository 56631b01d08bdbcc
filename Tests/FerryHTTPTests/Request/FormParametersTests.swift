import FerryHTTP
import Foundation
import Testing

@Suite struct FormParametersTests {
    @Test func leavesOnlyUnreservedCharactersUnescaped() {
        let unreserved = "ABCXYZabcxyz0189-._*~"
        #expect(FormParameters.escape(unreserved) == unreserved)
        #expect(FormParameters.escape("a b") == "a%20b")
        #expect(FormParameters.escape("1+1;2") == "1%2B1%3B2")
        #expect(FormParameters.escape("&=?/#%[]!$'(),:@") == "%26%3D%3F%2F%23%25%5B%5D%21%24%27%28%29%2C%3A%40")
        #expect(FormParameters.escape("é€😀") == "%C3%A9%E2%82%AC%F0%9F%98%80")
        #expect(FormParameters.escape("\n\t\"") == "%0A%09%22")
    }

    @Test func keepsLiteralOrderAndEncodesPairs() {
        let parameters: FormParameters = ["q": "swift curl", "z": "1", "a": "x+y"]
        #expect(parameters.encoded == "q=swift%20curl&z=1&a=x%2By")
    }

    @Test func nestsDictionariesWithBrackets() {
        let parameters: FormParameters = ["user": ["name": "Ada", "address": ["city": "London"]]]
        #expect(parameters.encoded == "user%5Bname%5D=Ada&user%5Baddress%5D%5Bcity%5D=London")
        #expect(parameters.flattened.map(\.name) == ["user[name]", "user[address][city]"])
    }

    @Test func repeatsKeysForArraysAndSets() {
        let parameters: FormParameters = ["tag": ["a", "b c"], "ids[]": [1, 2], "set": .set(["y", "x"])]
        #expect(parameters.encoded == "tag=a&tag=b%20c&ids%5B%5D=1&ids%5B%5D=2&set=x&set=y")
    }

    @Test func flattensListsOfDictionaries() {
        let parameters: FormParameters = ["p": [["k": "1"], ["k": "2"]], "flag": true, "empty": ""]
        #expect(parameters.flattened.map { "\($0.name)=\($0.value)" } == ["p[k]=1", "p[k]=2", "flag=true", "empty="])
    }

    @Test func sortsDictionaryInputForStableOutput() {
        let parameters = FormParameters(["b": "2", "a": "1", "c": ["x"]])
        #expect(parameters.encoded == "a=1&b=2&c=x")
        #expect(FormParameters().encoded == "")
    }
}
