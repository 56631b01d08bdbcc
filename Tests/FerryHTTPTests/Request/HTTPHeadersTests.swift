import FerryHTTP
import Testing

@Suite struct HTTPHeadersTests {
    @Test func looksUpNamesCaseInsensitivelyAndKeepsOrder() {
        var headers: HTTPHeaders = ["Accept": "text/html", "X-A": "1"]
        headers.add("set-cookie", "a=1")
        headers.add("Set-Cookie", "b=2")
        #expect(headers["ACCEPT"] == "text/html")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers.map(\.name) == ["Accept", "X-A", "set-cookie", "Set-Cookie"])
        #expect(headers.contains("x-a"))
        #expect(!headers.contains("X-B"))
    }

    @Test func setReplacesEveryFieldAtTheFirstPosition() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        headers["a"] = "new"
        #expect(headers.map { "\($0.name)=\($0.value)" } == ["a=new", "B=2"])
        headers["b"] = nil
        #expect(headers.count == 1)
        headers.set("C", "3")
        #expect(headers.description == "a: new\nC: 3")
    }

    @Test func addsDefaultsOnlyForMissingNames() {
        let headers: HTTPHeaders = ["Accept": "text/plain"]
        let merged = headers.addingDefaults(["accept": "application/json", "User-Agent": "ferry"])
        #expect(merged.map(\.value) == ["text/plain", "ferry"])
    }

    @Test func comparesNamesCaseInsensitivelyAndValuesExactly() {
        #expect((["A": "x"] as HTTPHeaders) == (["a": "x"] as HTTPHeaders))
        #expect((["A": "x"] as HTTPHeaders) != (["A": "X"] as HTTPHeaders))
        #expect(Set([(["A": "x"] as HTTPHeaders), (["a": "x"] as HTTPHeaders)]).count == 1)
    }

    @Test func methodsAreOpenAndCaseSensitive() {
        #expect(HTTPMethod.get.rawValue == "GET")
        #expect(HTTPMethod(rawValue: "PURGE") == "PURGE")
        #expect(HTTPMethod(rawValue: "get") != .get)
        #expect(
            [HTTPMethod.post, .put, .patch, .delete, .head, .options, .trace, .connect].map(\.rawValue) == [
                "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT",
            ])
    }
}
