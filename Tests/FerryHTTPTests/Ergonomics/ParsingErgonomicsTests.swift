import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// JSON to a model in one step, `map`, and parse errors that keep the underlying error, its path and the body.
@Suite struct ParsingErgonomicsTests {
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

    @Test func jsonClosureParsersAndMapMakeModelsInOneStep() async throws {
        server.route("/users", responding: .json(#"{"users": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bo"}]}"#))
        let names = ResponseParser.json { json in try json["users"].array().map { try $0["name"].string() } }
        #expect(try await client.value(for: HTTPRequest(path: "/users"), parsing: names) == ["Ada", "Bo"])
        let count = names.map(\.count)
        #expect(try await client.value(for: HTTPRequest(path: "/users"), parsing: count) == 2)
        #expect(count.expectedContentType == "application/json")
        server.route("/html", responding: .text("<p>", contentType: "text/html"))
        let reason = await failureReason { _ = try await client.value(for: HTTPRequest(path: "/html"), parsing: count) }
        #expect(reason == .unexpectedContentType(expected: "application/json", actual: "text/html"))
    }

    @Test func decodingErrorsKeepTheirCodingPathAndTheBody() async throws {
        server.route("/users", responding: .json(#"[{"id": 1, "name": "Ada"}, {"id": "two", "name": "Bo"}]"#))
        let error = await parseError {
            try await client.value(for: HTTPRequest(path: "/users"), parsing: .decodable([User].self))
        }
        guard case .parseFailed(let failure) = error?.reason else { return #expect(Bool(false)) }
        #expect(failure.path == "[1].id")
        guard case .typeMismatch = failure.underlying as? DecodingError else { return #expect(Bool(false)) }
        #expect(failure.bodyExcerpt.hasPrefix(#"[{"id": 1"#))
        #expect(error?.message.contains("at [1].id") == true)
        #expect(error?.message.contains(#"{"id": "two""#) == true)
    }

    @Test func jsonSyntaxAndAccessErrorsSayWhere() async throws {
        server.route("/broken", responding: .json("{\n  \"a\": [1,,2]\n}"))
        let syntax = await parseError { try await client.value(for: HTTPRequest(path: "/broken"), parsing: .json) }
        guard case .parseFailed(let syntaxFailure) = syntax?.reason else { return #expect(Bool(false)) }
        #expect(syntaxFailure.path?.hasPrefix("line 2, column ") == true)
        #expect(syntaxFailure.underlying is JSONParseError)
        #expect(syntaxFailure.bodyExcerpt == #"{\n  "a": [1,,2]\n}"#)
        server.route("/user", responding: .json(#"{"user": {"age": "old"}}"#))
        let age = ResponseParser.json { try $0["user"]["age"].int() }
        let access = await parseError { try await client.value(for: HTTPRequest(path: "/user"), parsing: age) }
        guard case .parseFailed(let accessFailure) = access?.reason else { return #expect(Bool(false)) }
        #expect(accessFailure.path == ".user.age")
        #expect(accessFailure.explanation == "expected a number, found a string")
    }

    @Test func excerptsAreBoundedEscapedAndMaskTheRequestsSecrets() async throws {
        let token = "tok-5f2a9c"
        let long =
            #"{"echo": "Bearer "# + token + #"", "pad": ""# + String(repeating: "x", count: 5000) + "\u{1B}[2J\"}"
        server.route("/long", responding: .json(long))
        let request = HTTPRequest(path: "/long", headers: ["Authorization": "Bearer \(token)"])
        let error = await parseError { try await client.value(for: request, parsing: .decodable(User.self)) }
        guard case .parseFailed(let failure) = error?.reason else { return #expect(Bool(false)) }
        #expect(failure.bodyLength == Data(long.utf8).count)
        #expect(!failure.bodyExcerpt.contains(token) && failure.bodyExcerpt.contains(#""echo": "••••••""#))
        #expect(failure.bodyExcerpt.count < HTTPClientError.ParseFailureDetails.excerptLimit + 10)
        #expect(error?.message.contains(token) == false)
        #expect(error?.message.hasSuffix("…") == true)
        server.route("/escape", responding: .json("{\"a\": \"\u{1B}[2J\"\n"))
        let escaped = await parseError { try await client.value(for: HTTPRequest(path: "/escape"), parsing: .json) }
        guard case .parseFailed(let escapedFailure) = escaped?.reason else { return #expect(Bool(false)) }
        #expect(!escapedFailure.bodyExcerpt.contains("\u{1B}") && escapedFailure.bodyExcerpt.contains("\\u{1B}"))
    }

    /// The error `body` throws, or `nil` when it succeeds (a closure's thrown type is inferred as `any Error`).
    private func parseError<Value>(_ body: () async throws -> Value) async -> HTTPClientError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? HTTPClientError
        }
    }
}
