import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// CurlTransport recycles its libcurl easy handles: after a transfer that ended normally a handle keeps its
/// options, and the next request of the same kind only changes its URL, headers and callbacks' target; any
/// other request resets it first. Whatever one request set on a handle must not reach the next request
/// that runs on it. Each test sends its requests one at a
/// time through one client, so every request after the first runs on the first one's handle.
@Suite struct CurlHandleReuseTests {
    let server: TestHTTPServer
    let transport = CurlTransport()
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    @Test func sequentialRequestsRunOnOneRecycledHandleAndConnection() async throws {
        for index in 0..<12 {
            var request = HTTPRequest(index.isMultiple(of: 2) ? .get : .post, path: "/echo")
            if !index.isMultiple(of: 2) { request.body = .text("body \(index)") }
            _ = try await client.send(request)
        }
        #expect(transport.easyHandlesCreated == 1)
        #expect(server.acceptedConnections == 1)
    }

    @Test func headersMethodAndBodyDoNotCarryOver() async throws {
        var post = HTTPRequest(.post, path: "/echo", headers: ["X-Only-First": "1", "User-Agent": "Custom/1"])
        post.body = .text("abc")
        _ = try await client.send(post)
        _ = try await client.send(HTTPRequest(path: "/echo"))
        _ = try await client.send(HTTPRequest(.head, path: "/echo"))
        let afterHead = try await client.send(HTTPRequest(path: "/echo"))
        _ = try await client.send(HTTPRequest("PURGE", path: "/echo"))
        _ = try await client.send(HTTPRequest(path: "/echo"))
        _ = try await client.send(HTTPRequest(.put, path: "/echo", body: .text("put")))
        _ = try await client.send(HTTPRequest(.delete, path: "/echo"))

        let recorded = server.requests
        #expect(recorded.map(\.method) == ["POST", "GET", "HEAD", "GET", "PURGE", "GET", "PUT", "DELETE"])
        #expect(recorded[0].header("X-Only-First") == "1")
        #expect(recorded[0].header("User-Agent") == "Custom/1")
        #expect(recorded[0].bodyText == "abc")
        for later in [recorded[1], recorded[3], recorded[5], recorded[7]] {
            #expect(later.header("X-Only-First") == nil)
            #expect(later.header("User-Agent")?.hasPrefix("Ferry/1.0") == true)
            #expect(later.body.isEmpty)
            #expect(later.header("Content-Length") == nil)
            #expect(later.header("Content-Type") == nil)
            #expect(later.header("Expect") == nil)
        }
        // HEAD asks libcurl for no body; the GET after it must get one again.
        #expect(!afterHead.body.isEmpty)
        #expect(transport.easyHandlesCreated == 1)
    }

    @Test func headersDoNotCarryOverBetweenRequestsOfTheSameKind() async throws {
        _ = try await client.send(HTTPRequest(path: "/echo", headers: ["X-Once": "1", "Accept": "text/plain"]))
        _ = try await client.send(HTTPRequest(path: "/echo"))
        _ = try await client.send(HTTPRequest(path: "/echo", headers: ["X-Twice": "2"]))
        var post = HTTPRequest(.post, path: "/echo", body: .text("first"))
        _ = try await client.send(post)
        post.body = .text("other")  // the same length: the same kind of request, so the handle keeps its options
        post.headers["X-Post"] = "yes"
        _ = try await client.send(post)

        let recorded = server.requests
        #expect(recorded.map(\.method) == ["GET", "GET", "GET", "POST", "POST"])
        #expect(recorded[0].header("X-Once") == "1")
        #expect(recorded[0].header("Accept") == "text/plain")
        #expect(recorded[1].header("X-Once") == nil)
        #expect(recorded[1].header("Accept") == "*/*")
        #expect(recorded[2].header("X-Twice") == "2")
        #expect(recorded[2].header("X-Once") == nil)
        #expect(recorded[3].bodyText == "first")
        #expect(recorded[3].header("X-Post") == nil)
        #expect(recorded[4].bodyText == "other")
        #expect(recorded[4].header("X-Post") == "yes")
        #expect(transport.easyHandlesCreated == 1)
    }

    /// A send awaited for its end alone (``HTTPClient/transferEnd(of:onRetry:)``) has libcurl call no progress
    /// callback; the handle it ran on still reports progress for the next transfer that has a listener.
    @Test func progressIsReportedAgainAfterASendThatAskedForNone() async throws {
        server.route("/large", responding: TestResponse(body: Data(count: 120_000)))
        let quiet = await client.transferEnd(of: HTTPRequest(path: "/large"))
        #expect(quiet.body.count == 120_000)
        let seen = Recorder<TransferProgress>()
        let response = try await client.task(for: HTTPRequest(path: "/large"), progress: { seen.append($0) }).value()
        #expect(response.body.count == 120_000)
        #expect(seen.values.last?.bytesReceived == 120_000)
        _ = await client.transferEnd(of: HTTPRequest(path: "/large"))
        #expect(transport.easyHandlesCreated == 1)
    }

    @Test func aFailedTransferLeavesNothingForTheNext() async throws {
        server.route("/cut", responding: TestResponse(body: Data(count: 100_000)).aborted(.resetAfter(bodyBytes: 10)))
        var failing = HTTPRequest(path: "/cut", headers: ["X-Failing": "1"])
        failing.timeout = .seconds(5)
        await #expect(throws: HTTPClientError.self) { try await client.send(failing) }
        let after = try await client.send(HTTPRequest(path: "/echo"))
        #expect(after.status == 200)
        #expect(server.requests.last?.header("X-Failing") == nil)
    }

    @Test func redirectPolicyAppliesToItsOwnRequestOnly() async throws {
        server.route("/from", responding: .redirect(to: "/to"))
        server.route("/to", responding: .text("arrived"))
        var stay = HTTPRequest(path: "/from")
        stay.redirectPolicy = .none
        var noHops = HTTPRequest(path: "/from")
        noHops.redirectPolicy = .follow(limit: 0)

        let stayed = try await client.send(stay)
        let followed = try await client.send(HTTPRequest(path: "/from"))
        let limited = await failureReason { _ = try await client.send(noHops) }
        let followedAgain = try await client.send(HTTPRequest(path: "/from"))
        let stayedAgain = try await client.send(stay)

        #expect(stayed.status == 302 && stayed.redirects.isEmpty)
        #expect(followed.status == 200 && followed.text == "arrived" && followed.redirects.count == 1)
        #expect(limited == .tooManyRedirects(limit: 0))
        #expect(followedAgain.status == 200 && followedAgain.redirects.count == 1)
        #expect(stayedAgain.status == 302 && stayedAgain.redirects.isEmpty)
        #expect(transport.easyHandlesCreated == 1)
    }

    @Test func aTimeoutAppliesToItsOwnRequestOnly() async throws {
        server.route("/slow", responding: TestResponse.text("slow").delayed(by: .milliseconds(700)))
        var hurried = HTTPRequest(path: "/echo")
        hurried.timeout = .milliseconds(300)
        _ = try await client.send(hurried)
        let slow = try await client.send(HTTPRequest(path: "/slow"))
        #expect(slow.text == "slow")
        var hurriedSlow = HTTPRequest(path: "/slow")
        hurriedSlow.timeout = .milliseconds(300)
        let reason = await failureReason { _ = try await client.send(hurriedSlow) }
        guard case .timedOut = reason else { return #expect(Bool(false), "got \(String(describing: reason))") }
        #expect(try await client.send(HTTPRequest(path: "/slow")).text == "slow")
        #expect(transport.easyHandlesCreated == 1)
    }

    @Test func aProxyAppliesToItsOwnRequestOnly() async throws {
        var proxied = HTTPRequest(url: URL(string: "http://upstream.invalid/thing")!)
        proxied.proxy = URL(string: server.baseURL)
        _ = try await client.send(proxied)
        _ = try await client.send(HTTPRequest(path: "/echo"))
        let targets = server.requests.map(\.target)
        #expect(targets == ["http://upstream.invalid/thing", "/echo"])
        #expect(server.requests[1].header("Host") == "127.0.0.1:\(server.port)")
        #expect(transport.easyHandlesCreated == 1)
    }

    @Test func turningTLSVerificationOffAppliesToItsOwnRequestOnly() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-tls")
        // No openssl binary: nothing to test.
        guard let tls = try await SelfSignedTLSServer.start(in: folder.url) else { return }
        defer { tls.stop() }
        let url = URL(string: "https://127.0.0.1:\(tls.port)/")!
        var unverified = HTTPRequest(url: url)
        unverified.tlsVerification = .disabled

        let first = try await client.send(unverified)
        let verified = await failureReason { _ = try await client.send(HTTPRequest(url: url)) }
        let again = try await client.send(unverified)

        #expect(first.status == 200 && first.tlsVerification == .disabled)
        guard case .tlsFailure = verified else { return #expect(Bool(false), "got \(String(describing: verified))") }
        #expect(again.status == 200)
        #expect(transport.easyHandlesCreated == 1)
    }
}
