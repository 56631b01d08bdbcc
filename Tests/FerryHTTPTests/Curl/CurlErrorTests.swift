import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Every transport failure maps to a clear reason with the request and a message, never a bare code.
@Suite struct CurlErrorTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    @Test func closedPortIsConnectionRefused() async throws {
        let port = try closedPort()
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/x")!)
        do {
            _ = try await client.send(request)
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason == .connectionRefused(host: "127.0.0.1", port: Int(port)))
            #expect(error.request.url == request.url)
            #expect(error.message.contains("Connection refused by 127.0.0.1:\(port)"))
        }
    }

    @Test func invalidHostCannotBeResolved() async {
        let reason = await failureReason {
            _ = try await client.send(HTTPRequest(url: URL(string: "http://ferry-test.invalid/x")!))
        }
        #expect(reason == .cannotResolveHost("ferry-test.invalid"))
    }

    @Test func resetBeforeAnswerIsConnectionReset() async {
        server.route("/reset", responding: TestResponse().aborted(.resetImmediately))
        let reason = await failureReason { _ = try await client.send(HTTPRequest(path: "/reset")) }
        #expect(reason == .connectionReset)
    }

    @Test func resetMidBodyIsConnectionReset() async {
        server.route(
            "/reset-mid", responding: TestResponse(body: Data(count: 100_000)).aborted(.resetAfter(bodyBytes: 10)))
        let reason = await failureReason { _ = try await client.send(HTTPRequest(path: "/reset-mid")) }
        #expect(reason == .connectionReset)
    }

    @Test func shortBodyWithWrongContentLengthIsTruncated() async {
        server.route(
            "/short",
            responding: TestResponse(body: Data("12345".utf8), framing: .contentLength(declared: 10))
                .aborted(.closeAfter(bodyBytes: 5)))
        let reason = await failureReason { _ = try await client.send(HTTPRequest(path: "/short")) }
        guard case .bodyTruncated(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.contains("5 bytes remaining") || why.contains("Content-Length"))
    }

    @Test func brokenChunkedFramingIsTruncated() async {
        server.route(
            "/bad-chunks",
            responding: TestResponse(
                headers: [("Transfer-Encoding", "chunked")], body: Data("5\r\nhello\r\nzz\r\nbroken\r\n".utf8),
                framing: .raw, keepAlive: false))
        let reason = await failureReason { _ = try await client.send(HTTPRequest(path: "/bad-chunks")) }
        guard case .bodyTruncated = reason else { return #expect(Bool(false), "got \(String(describing: reason))") }
    }

    /// RFC 9110 §8.6: conflicting, non-numeric or overflowing lengths leave the body's end unknown, so the
    /// response is refused with the reason, never cut at one of them with a success.
    @Test(arguments: [
        (["7", "3"], "conflicting lengths (Content-Length 3 and 7)"),
        (["7, 3"], "conflicting lengths (Content-Length 3 and 7)"),
        (["99999999999999999999999"], "is too large"),
        (["7x"], "is not a number"),
    ])
    func anUnreadableContentLengthIsRefused(lengths: [String], problem: String) async {
        server.route(
            "/lengths",
            responding: TestResponse(
                headers: lengths.map { ("Content-Length", $0) }, body: Data("1234567".utf8), framing: .raw,
                keepAlive: false))
        let reason = await failureReason { _ = try await client.send(HTTPRequest(path: "/lengths")) }
        guard case .malformedResponse(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.contains(problem), "\(why)")
    }

    /// The head's `Content-Length` fields are found by name in any case, as ``HTTPHeaders`` finds them.
    @Test func lengthsNamedInAnyCaseAreCompared() async {
        server.route(
            "/cased",
            responding: TestResponse(
                headers: [("content-length", "7"), ("CONTENT-LENGTH", "3")], body: Data("1234567".utf8),
                framing: .raw, keepAlive: false))
        let reason = await failureReason { _ = try await client.send(HTTPRequest(path: "/cased")) }
        #expect(reason == .malformedResponse("it declares conflicting lengths (Content-Length 3 and 7)"))
    }

    @Test func repeatedEqualLengthsAreOneLength() async throws {
        server.route(
            "/same",
            responding: TestResponse(
                headers: [("Content-Length", "7"), ("Content-Length", "7")], body: Data("1234567".utf8),
                framing: .raw, keepAlive: false))
        #expect(try await client.send(HTTPRequest(path: "/same")).text == "1234567")
    }

    @Test func slowHeadersTimeOutWhileWaiting() async {
        // The answer would come after 5 s; a timeout (not a response) proves the 200 ms limit held. Elapsed
        // time is not asserted: other suites can hold the test threads for seconds on a busy machine.
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(5)))
        var request = HTTPRequest(path: "/slow")
        request.timeout = .milliseconds(200)
        let reason = await failureReason { _ = try await client.send(request) }
        #expect(reason == .timedOut(.waitingForResponse))
    }

    @Test func slowBodyTimesOutWhileReceiving() async {
        server.route("/drip", responding: TestResponse(body: Data(count: 1000)).dripping(10, every: .milliseconds(50)))
        var request = HTTPRequest(path: "/drip")
        request.timeout = .milliseconds(300)
        let reason = await failureReason { _ = try await client.send(request) }
        #expect(reason == .timedOut(.receivingBody))
    }

    @Test func redirectLoopStopsAtTheLimit() async {
        server.route("/loop", responding: .redirect(to: "/loop"))
        var request = HTTPRequest(path: "/loop")
        request.redirectPolicy = .follow(limit: 3)
        let reason = await failureReason { _ = try await client.send(request) }
        #expect(reason == .tooManyRedirects(limit: 3))
        #expect(server.requests.count == 4)
    }

    @Test func urlsLibcurlRejectsAreInvalid() async {
        let reason = await failureReason {
            _ = try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:99999/x")!))
        }
        guard case .invalidURL = reason else { return #expect(Bool(false), "got \(String(describing: reason))") }
        let relative = await failureReason { _ = try await HTTPClient().send(HTTPRequest(path: "no/environment")) }
        guard case .invalidURL = relative else { return #expect(Bool(false), "got \(String(describing: relative))") }
    }

    @Test func bodyOverTheMemoryLimitFails() async {
        server.route("/big", responding: TestResponse(body: Data(count: 50_000)))
        var request = HTTPRequest(path: "/big")
        request.responseBody = .memory(limit: 10_000)
        let reason = await failureReason { _ = try await client.send(request) }
        #expect(reason == .bodyTooLarge(limit: 10_000))
    }

    @Test func missingUploadFileFailsBeforeSending() async {
        let missing = URL(fileURLWithPath: "/nonexistent/ferry-\(UUID())")
        let reason = await failureReason {
            _ = try await client.send(HTTPRequest(.put, path: "/echo", body: .file(missing, contentType: nil)))
        }
        guard case .fileFailed(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.contains(missing.path))
        #expect(server.requests.isEmpty)
    }

    @Test func everyReasonHasAnActionableMessage() {
        let request = HTTPRequest(path: "/x")
        let reasons: [HTTPClientError.Reason] = [
            .failedStatus(code: 500, headers: [:], body: Data("boom".utf8)), .unauthorized(headers: [:], body: Data()),
            .unexpectedContentType(expected: "application/json", actual: "text/html"),
            .unexpectedNoContent(status: 204),
            .parseFailed(.init(ParseFailure("bad"), body: Data("{".utf8), request: request)), .cannotResolveHost("h"),
            .connectionRefused(host: "h", port: 1),
            .timedOut(.connecting), .tlsFailure("expired"), .connectionReset, .bodyTruncated("short"),
            .bodyTooLarge(limit: 1), .tooManyRedirects(limit: 2), .invalidURL("bad"),
            .unsendable(WireViolation(.headerValue("X"), .character("\n", column: 1))), .fileFailed("f"), .canceled,
            .transport(code: 56, detail: "Failure when receiving data from the peer"),
        ]
        let messages = reasons.map { HTTPClientError($0, request: request).message }
        #expect(Set(messages).count == reasons.count)
        #expect(messages.allSatisfy { $0.count > 15 && !$0.hasPrefix("error") })
        #expect(messages[0].contains("500") && messages[0].contains("boom"))
        #expect(HTTPClientError(.canceled, request: request).description == "GET /x: The request was canceled.")
    }
}

/// Proxies and TLS, as far as loopback allows.
@Suite struct CurlProxyAndTLSTests {
    let server: TestHTTPServer
    let client = HTTPClient()

    init() throws { server = try TestHTTPServer() }

    @Test func sendsAbsoluteTargetsThroughAnHTTPProxy() async throws {
        var request = HTTPRequest(url: URL(string: "http://upstream.invalid/thing?x=1")!)
        request.proxy = URL(string: server.baseURL)
        let response = try await client.send(request)
        #expect(response.status == 404)
        let recorded = try #require(server.requests.first)
        #expect(recorded.target == "http://upstream.invalid/thing?x=1")
        #expect(recorded.header("Host") == "upstream.invalid")
    }

    @Test func aTLSHandshakeWithAPlainHTTPServerIsATLSFailure() async throws {
        let plain = try ImmediateReplyServer(reply: "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        let reason = await failureReason {
            _ = try await client.send(HTTPRequest(url: URL(string: "https://127.0.0.1:\(plain.port)/")!))
        }
        guard case .tlsFailure(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.kind == .handshakeFailed)
        #expect(!why.detail.isEmpty)
    }

    @Test func turningVerificationOffIsReportedOnTheResponse() async throws {
        var request = HTTPRequest(url: URL(string: server.baseURL + "/echo")!)
        request.tlsVerification = .disabled
        let response = try await client.send(request)
        #expect(response.tlsVerification == .disabled)
    }
}
