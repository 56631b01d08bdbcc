import FerryHTTP
import FerryTestSupport
import FerryURLSession
import Foundation
import Testing

/// The URLSession transport, for what FoundationNetworking supports on Linux.
@Suite struct URLSessionTransportTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(
            transport: URLSessionTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    @Test func sendsMethodsHeadersAndBodies() async throws {
        let response = try await client.send(
            HTTPRequest(.post, path: "/echo", headers: ["X-One": "1"], query: ["q": "a b"], body: .form(["k": "v w"])))
        #expect(response.status == 200)
        #expect(response.timing == nil)
        let recorded = try #require(server.requests.first)
        #expect(recorded.method == "POST")
        #expect(recorded.target == "/echo?q=a%20b")
        #expect(recorded.header("X-One") == "1")
        #expect(recorded.bodyText == "k=v%20w")
        #expect(recorded.header("Content-Type") == "application/x-www-form-urlencoded")
        _ = try await client.send(HTTPRequest(.delete, path: "/echo"))
        #expect(server.requests.last?.method == "DELETE")
    }

    @Test func returnsAnyStatusWithHeadersAndBody() async throws {
        server.route("/missing", responding: .text("nope", status: 404))
        let response = try await client.send(HTTPRequest(path: "/missing"))
        #expect(response.status == 404)
        #expect(response.text == "nope")
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
    }

    @Test func followsRedirectsUpToTheLimit() async throws {
        server.route("/one", responding: .redirect(to: "/two"))
        server.route("/two", responding: .text("two"))
        server.route("/loop", responding: .redirect(to: "/loop"))
        let response = try await client.send(HTTPRequest(path: "/one"))
        #expect(response.text == "two")
        #expect(response.redirects.map(\.to.path) == ["/two"])
        var looping = HTTPRequest(path: "/loop")
        looping.redirectPolicy = .follow(limit: 2)
        #expect(await failureReason { _ = try await client.send(looping) } == .tooManyRedirects(limit: 2))
        var direct = HTTPRequest(path: "/one")
        direct.redirectPolicy = .none
        #expect(try await client.send(direct).status == 302)
    }

    @Test func reportsRefusedConnectionsAndCancels() async throws {
        let port = try closedPort()
        let refused = await failureReason {
            _ = try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
        }
        #expect(refused == .connectionRefused(host: "127.0.0.1", port: Int(port)))
        // 5 s of drip: under a sanitizer with every suite running at once, the test thread can wait over a
        // second to call cancel(), and a shorter body could finish first (then no .canceled and a kept-alive
        // connection: seen once under -sanitize=address).
        server.route(
            "/drip", responding: TestResponse(body: Data(count: 100_000)).dripping(1000, every: .milliseconds(50)))
        let task = client.task(for: HTTPRequest(path: "/drip"))
        #expect(await waitUntil { server.responseBodyBytesWritten > 0 })
        task.cancel()
        #expect(await task.result.failureReason == .canceled)
        #expect(await waitUntil { server.activeConnections == 0 })
    }

    @Test func reportsUploadProgressAndStreamsToFiles() async throws {
        server.route("/sink", responding: TestResponse(body: Data(count: 70_000)))
        let seen = Recorder<TransferProgress>()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-us-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        var request = HTTPRequest(.put, path: "/sink", body: .data(Data(count: 300_000), contentType: nil))
        request.responseBody = .file(file)
        let response = try await client.task(for: request, progress: { seen.append($0) }).value()
        #expect(seen.values.last?.bytesSent == 300_000)
        #expect(response.body.isEmpty)
        #expect(try Data(contentsOf: file).count == 70_000)
    }

    @Test func refusesWhatLinuxCannotDo() async {
        var insecure = HTTPRequest(path: "/echo")
        insecure.tlsVerification = .disabled
        let reason = await failureReason { _ = try await client.send(insecure) }
        guard case .tlsFailure(let why) = reason else { return #expect(Bool(false)) }
        #expect(why.kind == .unsupported && why.detail.contains("verification off"))
        #expect(HTTPClientError(.tlsFailure(why), request: insecure).message.contains("CurlTransport"))
        var customCA = HTTPRequest(path: "/echo")
        customCA.certificateAuthorityBundle = URL(fileURLWithPath: "/tmp/ferry-test-ca.pem")
        let caReason = await failureReason { _ = try await client.send(customCA) }
        guard case .tlsFailure(let caWhy) = caReason else { return #expect(Bool(false)) }
        #expect(caWhy.kind == .unsupported && caWhy.detail.contains("CA bundle"))
        #expect(server.requests.isEmpty)
    }
}
