import Foundation
import Testing

@testable import FerryTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TestHTTPServerTests {
    let server: TestHTTPServer

    init() throws { server = try TestHTTPServer() }

    @Test func servesFixedResponseWithContentLength() throws {
        server.route("/hello", responding: .text("hi there"))
        let client = try WireClient(port: server.port)
        client.write("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let reply = client.readToEnd().bytes
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(reply.contains("Content-Length: 8\r\n"))
        #expect(reply.hasSuffix("\r\n\r\nhi there"))
    }

    @Test func recordsMethodTargetHeadersAndBody() throws {
        let client = try WireClient(port: server.port)
        client.write(
            "POST /echo?a=1 HTTP/1.1\r\nHost: x\r\nX-Test: yes\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        let reply = client.readToEnd().bytes
        #expect(reply.contains("\"method\":\"POST\""))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/echo")
        #expect(request.query == "a=1")
        #expect(request.header("x-test") == "yes")
        #expect(request.bodyText == "hello")
    }

    @Test func decodesChunkedRequestBodies() throws {
        let client = try WireClient(port: server.port)
        client.write(
            "PUT /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
        )
        _ = client.readToEnd()
        let request = try #require(server.requests.first)
        #expect(request.wasChunked)
        #expect(request.bodyText == "abcde")
    }

    @Test func sendsChunkedResponses() throws {
        server.route("/chunks", responding: TestResponse(body: Data("abcdefg".utf8), framing: .chunked(chunkSize: 3)))
        let client = try WireClient(port: server.port)
        client.write("GET /chunks HTTP/1.1\r\nConnection: close\r\n\r\n")
        let reply = client.readToEnd().bytes
        #expect(reply.contains("Transfer-Encoding: chunked\r\n"))
        #expect(reply.hasSuffix("\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n1\r\ng\r\n0\r\n\r\n"))
    }

    @Test func keepsConnectionAliveAcrossRequests() throws {
        server.route("/a", responding: .text("A"))
        let client = try WireClient(port: server.port)
        client.write("GET /a HTTP/1.1\r\n\r\nGET /a HTTP/1.1\r\n\r\n")
        let reply = client.read(until: "\r\n\r\nA", times: 2)
        #expect(reply.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        #expect(server.acceptedConnections == 1)
        #expect(server.requests.map(\.connectionNumber) == [1, 1])
    }

    @Test func injectsWrongContentLengthAndCloses() throws {
        server.route(
            "/short",
            responding: TestResponse(body: Data("12345".utf8), framing: .contentLength(declared: 10))
                .aborted(.closeAfter(bodyBytes: 5)))
        let client = try WireClient(port: server.port)
        client.write("GET /short HTTP/1.1\r\n\r\n")
        let reply = client.readToEnd().bytes
        #expect(reply.contains("Content-Length: 10\r\n"))
        #expect(reply.hasSuffix("12345"))
    }

    @Test func resetsMidBody() throws {
        server.route(
            "/reset",
            responding: TestResponse(body: Data(count: 100_000)).dripping(1_000, every: .milliseconds(5))
                .aborted(.resetAfter(bodyBytes: 3_000)))
        let client = try WireClient(port: server.port)
        client.write("GET /reset HTTP/1.1\r\n\r\n")
        let result = client.readToEnd()
        #expect(result.error == ECONNRESET)
        #expect(server.responseBodyBytesWritten == 3_000)
    }

    @Test func holdsAtTheEndOfABodyBeforeTheServerCloses() async throws {
        let gate = TestGate()
        defer { gate.open() }
        server.route(
            "/held",
            responding: TestResponse(body: Data("all of it".utf8), framing: .closeDelimited)
                .held(until: gate, afterBodyBytes: .max))
        let client = try WireClient(port: server.port)
        client.write("GET /held HTTP/1.1\r\n\r\n")
        #expect(client.read(until: "all of it").hasSuffix("all of it"))
        #expect(await eventually { gate.waiting == 1 })
        #expect(server.activeConnections == 1)
        gate.open()
        #expect(client.readToEnd().bytes.isEmpty)
    }

    @Test func delaysHeadersAndRedirects() throws {
        server.route("/later", responding: TestResponse.redirect(to: "/hello").delayed(by: .milliseconds(200)))
        let client = try WireClient(port: server.port)
        let start = ContinuousClock.now
        client.write("GET /later HTTP/1.1\r\nConnection: close\r\n\r\n")
        let reply = client.readToEnd().bytes
        #expect(ContinuousClock.now - start >= .milliseconds(200))
        #expect(reply.hasPrefix("HTTP/1.1 302 Found\r\n"))
        #expect(reply.contains("Location: /hello\r\n"))
    }

    @Test func holdsTheRestOfTheBodyUntilTheGateOpens() async throws {
        let gate = TestGate()
        defer { gate.open() }
        server.route("/held", responding: .text("first|second").held(until: gate, afterBodyBytes: 6))
        let client = try WireClient(port: server.port)
        client.write("GET /held HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(client.read(until: "\r\n\r\nfirst|").hasSuffix("\r\n\r\nfirst|"))
        #expect(await eventually { gate.waiting == 1 })
        #expect(server.responseBodyBytesWritten == 6)
        gate.open()
        #expect(client.readToEnd().bytes == "second")
        #expect(server.responseBodyBytesWritten == 12)
        #expect(gate.waiting == 0)
    }

    @Test func holdsTheStatusLineUntilTheGateOpensOrTheServerStops() async throws {
        let gate = TestGate()
        defer { gate.open() }
        server.route("/held", responding: TestResponse.text("x").held(until: gate))
        let client = try WireClient(port: server.port)
        client.write("GET /held HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(await eventually { gate.waiting == 1 })
        #expect(server.requests.map(\.path) == ["/held"])
        server.stop()
        // Stopping ends the wait without sending anything, long before the gate's safety timeout.
        #expect(client.readToEnd().bytes.isEmpty)
        #expect(await eventually { gate.waiting == 0 })
        #expect(!gate.isOpen)
    }

    @Test func answersUnknownPathsWith404() throws {
        let client = try WireClient(port: server.port)
        client.write("GET /nowhere HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(client.readToEnd().bytes.hasPrefix("HTTP/1.1 404 Not Found"))
    }

    @Test func stopClosesOpenConnections() throws {
        server.route("/slow", responding: TestResponse.text("x").delayed(by: .milliseconds(50)))
        let client = try WireClient(port: server.port)
        client.write("GET /slow HTTP/1.1\r\n\r\n")
        _ = client.read(until: "\r\n\r\nx")
        server.stop()
        #expect(client.readToEnd().bytes.isEmpty)
        #expect(throws: (any Error).self) { _ = try WireClient(port: server.port) }
    }
}

@Suite struct HTTPBinReachabilityTests {
    @Test func httpbinAnswersGet() throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let url = try #require(URL(string: base + "/get?probe=1"))
        let data = try Data(contentsOf: url)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"probe\": \"1\""))
    }
}
