import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The spellings a Swift developer writes first, exactly as issue #40 found them failing to type-check: this
/// file must compile (a regression stops the test build), and each spelling runs against the loopback server.
@Suite struct NaturalSpellingsTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        server.route("/user", responding: .json(#"{"name": "Ada", "tags": ["admin", "ops"], "age": 36}"#))
    }

    struct Model: Decodable, Sendable {
        var name: String
        var tags: [String]
    }

    @Test func aStandardParserStartsAnImplicitMemberChain() async throws {
        let name = try await client.get("/user", parsing: .decodable(Model.self).map { $0.name })
        let tagCount = try await client.value(
            for: HTTPRequest(path: "/user"), parsing: .decodable(Model.self).map(\.tags.count))
        let size = try await client.get("/user", parsing: .data.map { $0.count })
        let words = try await client.get("/user", parsing: .text.map { $0.split(separator: " ").count })
        let age = try await client.get("/user", parsing: .json.map { try $0["age"].int() })
        let model = try await client.get("/user", parsing: .decodable(Model.self))
        #expect(
            name == "Ada" && tagCount == 2 && size > 40 && words > 3 && age == 36 && model.tags == ["admin", "ops"])
    }

    @Test func elementsOfAnArrayReadLikeLookups() async throws {
        let json = try await client.get("/user", parsing: .json)
        let tags = try json["tags"].array().map { try $0.string() }
        #expect(tags == ["admin", "ops"])
        let fromParser = try await client.get(
            "/user", parsing: .json { json in try json["tags"].array().map { try $0.string() } })
        #expect(fromParser == tags)
        #expect(throws: JSONAccessError(path: JSONPath(), reason: "expected a number, found a string")) {
            try json["tags"].array().map { try $0.int() }
        }
    }

    @Test func aClosureCatchesTheTypedErrorWithDoThrows() async throws {
        server.route("/missing", responding: .text("gone", status: 404))
        let statuses = Recorder<Int>()
        client.task(for: HTTPRequest(path: "/missing"), parsing: .text) { result in
            do throws(HTTPClientError) {
                _ = try result.get()
            } catch {
                // `error` is an HTTPClientError here, not `any Error`: its reason is at hand.
                if case .failedStatus(let code, _, _) = error.reason { statuses.append(code) }
            }
        }
        #expect(await waitUntil { statuses.values == [404] })
    }

    @Test func aResponseDecodesItselfAndATaskNeedNotBeKept() async throws {
        let response = try await client.get("/user")
        #expect(try response.decode(Model.self).name == "Ada")
        client.task(for: HTTPRequest(path: "/user"))  // @discardableResult: no warning, still sent
        client.task(for: HTTPRequest(path: "/user"), parsing: .json)
        #expect(await waitUntil { server.requests.count == 3 })
        server.route("/html", responding: .text("<p>", contentType: "text/html"))
        let html = try await client.get("/html")
        #expect(throws: HTTPClientError.self) { try html.decode(Model.self) }
    }
}
