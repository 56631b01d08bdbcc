import FerryHTTP
import FerryTestSupport
import FerryURLSession
import Foundation
import Testing

/// Header injection against the loopback server: a value that would add headers or a second request is
/// refused before any transport writes a byte, whichever way it got into the request.
@Suite struct HeaderInjectionLoopbackTests {
    /// A value that, written into a header line, ends the request early and smuggles in a second one.
    static let smuggling = "1\r\nContent-Length: 0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: "

    enum TransportKind: String, CaseIterable, CustomTestStringConvertible {
        case curl, urlSession
        var testDescription: String { rawValue }
        func make() -> any HTTPTransport {
            switch self {
            case .curl: CurlTransport()
            case .urlSession: URLSessionTransport()
            }
        }
    }

    /// Adds `X-Token: value` to every attempt, as an interceptor signing requests would.
    struct AddsHeader: HTTPInterceptor {
        let value: String
        func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
            var request = request
            request.headers["X-Token"] = value
            return request
        }
    }

    /// Sends a clean request to `/after` and returns the paths the server saw, in order: a request the
    /// transport had written before it would be there first.
    func pathsSeen(by server: TestHTTPServer, client: HTTPClient) async throws -> [String] {
        _ = try await client.send(HTTPRequest(url: URL(string: server.baseURL + "/after")!))
        return server.requests.map(\.path)
    }

    @Test(arguments: TransportKind.allCases)
    func aHeaderValueThatWouldSmuggleASecondRequestIsNotSent(_ kind: TransportKind) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let client = HTTPClient(transport: kind.make())
        var request = HTTPRequest(.post, url: URL(string: server.baseURL + "/login")!, body: .text("{}"))
        request.headers["X-Token"] = Self.smuggling
        let reason = await failureReason { _ = try await client.send(request) }
        guard case .unsendable(let violation) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(violation.part == .headerValue("X-Token"))
        #expect(violation.problem == .character("\r", column: 2))
        #expect(try await pathsSeen(by: server, client: client) == ["/after"])
    }

    @Test func anInterceptorsHeaderIsCheckedToo() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport(), interceptors: [AddsHeader(value: "a\nX-Admin: 1")])
        let reason = await failureReason { _ = try await client.send(HTTPRequest(url: URL(string: server.baseURL)!)) }
        #expect(reason == .unsendable(WireViolation(.headerValue("X-Token"), .character("\n", column: 2))))
        #expect(server.requests.isEmpty)
    }

    @Test func anEnvironmentsDefaultHeaderIsCheckedToo() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let environment = Environment(
            baseURL: URL(string: server.baseURL)!, defaultHeaders: ["X-Tenant": "acme\r\nX-Admin: 1"])
        let client = HTTPClient(transport: CurlTransport(), environment: environment)
        let reason = await failureReason { _ = try await client.send(HTTPRequest(path: "/users")) }
        #expect(reason == .unsendable(WireViolation(.headerValue("X-Tenant"), .character("\r", column: 5))))
        #expect(try await pathsSeen(by: server, client: HTTPClient(transport: CurlTransport())) == ["/after"])
    }

    @Test func aMethodOrMultipartTypeThatWouldBreakTheRequestIsNotSent() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let url = URL(string: server.baseURL + "/upload")!
        let method = await failureReason {
            _ = try await client.send(HTTPRequest("GET /smuggled HTTP/1.1\r\nX:", url: url))
        }
        #expect(
            method
                == .unsendable(
                    WireViolation(
                        .method, .character(" ", column: 4), excerpt: InputExcerpt("GET /smuggled HTTP/1.1\r\nX:"))))
        var form = MultipartForm(boundary: "b")
        form.append("doc", data: Data("x".utf8), filename: "a.txt", contentType: "text/plain\r\nX-Injected: 1")
        let part = await failureReason {
            _ = try await client.send(HTTPRequest(.post, url: url, body: .multipart(form)))
        }
        guard case .unsendable(let violation) = part else {
            return #expect(Bool(false), "got \(String(describing: part))")
        }
        #expect(violation.part == .multipartPart(number: 1, attribute: "Content-Type"))
        #expect(try await pathsSeen(by: server, client: client) == ["/after"])
    }

    @Test(.offThePool) func aTenMegabyteURLFailsAtOnceWithAShortMessage() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let long = try #require(URL(string: server.baseURL + "/" + String(repeating: "a", count: 10 << 20)))
        do {
            _ = try await client.send(HTTPRequest(url: long))
            Issue.record("a 10 MB URL was sent")
        } catch {
            guard case .unsendable(let violation) = error.reason else {
                return #expect(Bool(false), "got \(error.message)")
            }
            #expect(violation.problem == .tooLong(length: long.absoluteString.count, limit: 65_536))
            #expect(error.message.contains("over the limit of 65536"))
            // Neither the message nor the description quotes more than an excerpt of the URL.
            #expect(error.message.count < 300)
            #expect(error.description.count < 400)
        }
        #expect(try await pathsSeen(by: server, client: client) == ["/after"])
    }

    @Test func noRefusedRequestReachesAnyTransport() async throws {
        let mock = MockTransport()
        mock.respond(matching: { _ in true }) { _ in .status(200) }
        let client = HTTPClient(transport: mock)
        var request = HTTPRequest(url: URL(string: "https://api.example.com/x")!)
        request.headers["Cookie"] = "a=1\r\nX-Admin: 1"
        #expect(await failureReason { _ = try await client.send(request) } != nil)
        #expect(mock.receivedRequests.isEmpty)
    }

    @Test func cookiesWithControlCharactersNeverEnterTheJar() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/login",
            responding: TestResponse(headers: [("Set-Cookie", "sid=a\u{1}b; Path=/"), ("Set-Cookie", "ok=1; Path=/")]))
        // A tampered jar file: values holding control characters (a CR would end the line there).
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("cookies.txt")
        let lines = [
            ["127.0.0.1", "FALSE", "/", "FALSE", "0", "escape", "x\u{1B}[2J"],
            ["127.0.0.1", "FALSE", "/", "FALSE", "0", "nul", "x\0y"],
            ["127.0.0.1", "FALSE", "/", "FALSE", "0", "kept", "1"],
        ]
        try Data(lines.map { $0.joined(separator: "\t") + "\n" }.joined().utf8).write(to: file)
        let jar = CookieJar(persistingTo: file)
        #expect(jar.cookies().map(\.name) == ["kept"])
        let client = HTTPClient(transport: CurlTransport(), cookieJar: jar)
        _ = try await client.send(HTTPRequest(url: URL(string: server.baseURL + "/login")!))
        _ = try await client.send(HTTPRequest(url: URL(string: server.baseURL + "/after")!))
        #expect(server.requests.last?.header("Cookie") == "kept=1; ok=1")
    }
}
