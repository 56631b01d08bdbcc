import FerryHTTP
import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// Against httpbin (started by `make test`): compression, basic auth, redirects, status codes.
/// Each test returns early (after its loopback part, if any) when `FERRY_HTTPBIN_URL` is unset outside `make test`.
@Suite struct HttpbinTests {
    let client: HTTPClient?

    init() throws {
        client = try TestServers.httpbinURL().map { HTTPClient(environment: Environment(baseURL: URL(string: $0)!)) }
    }

    @Test(arguments: ["gzip", "deflate", "brotli"])
    func decodesCompressedBodies(encoding: String) async throws {
        guard let client else { return }
        let response = try await client.send(HTTPRequest(path: "/\(encoding)"))
        #expect(response.status == 200)
        #expect(response.headers["Content-Encoding"] == (encoding == "brotli" ? "br" : encoding))
        let json = try JSONValue(parsing: response.body)
        #expect(
            json[encoding == "brotli" ? "brotli" : encoding == "gzip" ? "gzipped" : "deflated"].value == .bool(true))
    }

    @Test func basicAuthPassesWithTheRightCredentialsOnly() async throws {
        guard let client else { return }
        var request = HTTPRequest(path: "/basic-auth/ada/secret")
        request.auth = .basic(user: "ada", password: "secret")
        let json = try await client.value(for: request, parsing: .json)
        #expect(json["authenticated"].value == .bool(true))
        request.auth = .basic(user: "ada", password: "wrong")
        let reason = await failureReason { _ = try await client.value(for: request, parsing: .json) }
        guard case .unauthorized = reason else { return #expect(Bool(false), "got \(String(describing: reason))") }
    }

    @Test func followsRedirectChains() async throws {
        guard let client else { return }
        let response = try await client.send(HTTPRequest(path: "/redirect/3"))
        #expect(response.status == 200)
        #expect(response.url.path == "/get")
        #expect(response.redirects.count == 3)
        var limited = HTTPRequest(path: "/redirect/5")
        limited.redirectPolicy = .follow(limit: 2)
        #expect(await failureReason { _ = try await client.send(limited) } == .tooManyRedirects(limit: 2))
    }

    @Test(arguments: [200, 204, 404, 418, 500, 503])
    func reportsStatusCodes(status: Int) async throws {
        guard let client else { return }
        let response = try await client.send(HTTPRequest(path: "/status/\(status)"))
        #expect(response.status == status)
        let parsed = await failureReason {
            _ = try await client.value(for: HTTPRequest(path: "/status/\(status)"), parsing: .data)
        }
        switch status {
        case 200, 204: #expect(parsed == .unexpectedNoContent(status: status))
        default:
            guard case .failedStatus(let code, let headers, let body) = parsed else { return #expect(Bool(false)) }
            #expect(code == status)
            #expect(headers["Server"] == response.headers["Server"])
            #expect(body == response.body)
        }
    }

    @Test func echoesMethodsQueriesAndJSONBodies() async throws {
        guard let client else { return }
        let request = HTTPRequest(.patch, path: "/patch", query: ["a": "1 2"], body: .json(["name": "Ada", "n": 1]))
        let json = try await client.value(for: request, parsing: .json)
        #expect(json["args"]["a"].value == .string("1 2"))
        #expect(json["json"]["name"].value == .string("Ada"))
        #expect(json["headers"]["Content-Type"].value == .string("application/json"))
    }

    @Test func keepsConnectionsAliveAndTimesEachTransfer() async throws {
        // gunicorn closes a connection idle for 2 s (its `--keep-alive` default), which a starved test can exceed
        // between two requests: the reuse is checked where the server promises it, on the loopback server, which
        // keeps an idle connection open until the client closes it.
        let server = try TestHTTPServer()
        defer { server.stop() }
        let loopback = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        _ = try await loopback.send(HTTPRequest(path: "/echo"))
        let again = try #require(try await loopback.send(HTTPRequest(path: "/echo")).timing)
        #expect(again.connectionReused)
        #expect(server.acceptedConnections == 1)
        #expect(server.requests.map(\.connectionNumber) == [1, 1])

        // httpbin offers to keep its connections (HTTP/1.1, no `Connection: close`), and each transfer is timed.
        guard let client else { return }
        let first = try await client.send(HTTPRequest(path: "/get"))
        let second = try await client.send(HTTPRequest(path: "/get"))
        #expect(first.headers["Connection"]?.lowercased() != "close")
        for response in [first, second] {
            let timing = try #require(response.timing)
            #expect(timing.total > .zero)
            #expect(timing.httpVersion == .http1_1)
        }
    }
}
