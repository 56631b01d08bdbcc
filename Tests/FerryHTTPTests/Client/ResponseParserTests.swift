import FerryHTTP
import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// Parse handlers: status rules, no content (PMHTTP's getValue rule), content-type checks, charsets.
@Suite struct ResponseParserTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    struct User: Decodable, Equatable {
        var id: Int
        var name: String
    }

    @Test func decodesJSONOffTheCallersThread() async throws {
        server.route("/user", responding: .json(#"{"id": 7, "name": "Ada"}"#))
        let user = try await client.value(for: HTTPRequest(path: "/user"), parsing: .decodable(User.self))
        #expect(user == User(id: 7, name: "Ada"))
        let problem = TestResponse.text(#"{"id": 8, "name": "B"}"#, contentType: "application/problem+json")
        server.route("/problem", responding: problem)
        #expect(try await client.value(for: HTTPRequest(path: "/problem"), parsing: .decodable(User.self)).id == 8)
    }

    @Test func parsesFerryJSONValuesKeepingKeyOrder() async throws {
        server.route("/json", responding: .json(#"{"z": 1, "a": [true, null, 12345678901234567890]}"#))
        let value = try await client.value(for: HTTPRequest(path: "/json"), parsing: .json)
        #expect(value.formatted(.compact) == #"{"z":1,"a":[true,null,12345678901234567890]}"#)
        _ = try await client.send(HTTPRequest(.post, path: "/echo", body: .json(["b": 1, "a": "x"])))
        #expect(server.requests.last?.bodyText == #"{"b":1,"a":"x"}"#)
    }

    @Test func rejectsJSONParsersForOtherContentTypes() async {
        server.route("/html", responding: .text("<html>", contentType: "text/html"))
        let reason = await failureReason { _ = try await client.value(for: HTTPRequest(path: "/html"), parsing: .json) }
        #expect(reason == .unexpectedContentType(expected: "application/json", actual: "text/html"))
    }

    @Test func noContentYieldsNoValueAndGetValueThrows() async throws {
        server.route("/none", responding: TestResponse(status: 204))
        server.route("/reset", responding: TestResponse(status: 205))
        for path in ["/none", "/reset"] {
            let parsed = try await client.send(HTTPRequest(path: path), parsing: .decodable(User.self))
            #expect(parsed.value == nil)
            #expect(throws: HTTPClientError.self) { try parsed.getValue() }
        }
        let reason = await failureReason {
            _ = try await client.value(for: HTTPRequest(path: "/none"), parsing: .decodable(User.self))
        }
        #expect(reason == .unexpectedNoContent(status: 204))
    }

    @Test func anEmptyBodyWhereJSONWasExpectedIsAParseFailure() async throws {
        server.route("/empty", responding: TestResponse(status: 200, headers: [("Content-Type", "application/json")]))
        for parser in [ResponseParser<User>.decodable(), .json.map { _ in User(id: 0, name: "") }] {
            let reason = await failureReason {
                _ = try await client.send(HTTPRequest(path: "/empty"), parsing: parser)
            }
            guard case .parseFailed(let details)? = reason else {
                Issue.record("expected a parse failure, got \(String(describing: reason))")
                continue
            }
            #expect(details.explanation.contains("the body is empty, where application/json was expected"))
        }
        let text = try await client.send(HTTPRequest(path: "/empty"), parsing: .text)
        #expect(text.value == nil, "a parser that takes any content type still sees no content")
        let head = try await client.send(HTTPRequest(.head, path: "/empty"), parsing: .json)
        #expect(head.value == nil, "the answer to a HEAD has no body to parse")
    }

    @Test func failingStatusesBecomeErrorsWithTheBody() async throws {
        server.route("/boom", responding: .text("it broke", status: 500))
        server.route("/locked", responding: .text("who are you", status: 401))
        let boom = await failureReason { _ = try await client.value(for: HTTPRequest(path: "/boom"), parsing: .text) }
        guard case .failedStatus(500, let headers, let body) = boom else { return #expect(Bool(false)) }
        #expect(String(decoding: body, as: UTF8.self) == "it broke")
        #expect(headers["Content-Type"] == "text/plain; charset=utf-8")
        let locked = await failureReason {
            _ = try await client.value(for: HTTPRequest(path: "/locked"), parsing: .data)
        }
        guard case .unauthorized = locked else { return #expect(Bool(false)) }
        #expect(try await client.send(HTTPRequest(path: "/boom")).status == 500)
    }

    @Test func decodesTextWithTheCharsetFromContentType() async throws {
        let latin1 = TestResponse(
            headers: [("Content-Type", "text/plain; charset=ISO-8859-1")], body: Data([0x63, 0x61, 0x66, 0xE9]))
        server.route("/latin1", responding: latin1)
        #expect(try await client.value(for: HTTPRequest(path: "/latin1"), parsing: .text) == "café")
        server.route(
            "/broken",
            responding: TestResponse(headers: [("Content-Type", "text/plain")], body: Data([0xFF, 0xFE, 0x41])))
        let reason = await failureReason {
            _ = try await client.value(for: HTTPRequest(path: "/broken"), parsing: .text)
        }
        guard case .parseFailed(let why) = reason else { return #expect(Bool(false)) }
        #expect(why.explanation.contains("UTF-8"))
    }

    @Test func customParserErrorsBecomeParseFailures() async throws {
        server.route("/n", responding: .text("41"))
        let number = ResponseParser<Int> { response in
            guard let value = Int(response.text) else { throw ParseFailure("not a number") }
            return value + 1
        }
        #expect(try await client.value(for: HTTPRequest(path: "/n"), parsing: number) == 42)
        server.route("/n", responding: .text("x"))
        let reason = await failureReason { _ = try await client.value(for: HTTPRequest(path: "/n"), parsing: number) }
        guard case .parseFailed(let failure) = reason else { return #expect(Bool(false)) }
        #expect(failure.explanation == "not a number" && failure.path == nil && failure.bodyExcerpt == "x")
    }

    @Test func parsesOnABackgroundThreadNotTheLoop() async throws {
        server.route("/t", responding: .text("x"))
        let threadName = ResponseParser<String> { _ in Thread.current.name ?? "" }
        let name = try await client.value(for: HTTPRequest(path: "/t"), parsing: threadName)
        #expect(name != "FerryHTTP.curl")
    }
}
