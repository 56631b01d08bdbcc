import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// What a hostile server sends is stopped with a reason that names the limit it hit, over ``CurlTransport``
/// against the loopback server: a giant header line, endless header fields, a redirect to another scheme, a
/// compression bomb streamed to a file. None of them says "out of memory" or "the server reset the connection".
@Suite struct CurlHostileResponseTests {
    let server: TestHTTPServer
    let client = HTTPClient(transport: CurlTransport())

    init() throws {
        server = try TestHTTPServer()
    }

    func request(_ path: String) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: server.baseURL + path)))
    }

    @Test func aHeaderLineOfOneMebibyteNamesLibcurlsLineLimit() async throws {
        defer { server.stop() }
        let value = String(repeating: "a", count: 1 << 20)
        server.route("/big-header", responding: TestResponse(headers: [("X-Big", value)], body: Data("x".utf8)))
        let reason = await failureReason { _ = try await client.send(try request("/big-header")) }
        guard case .malformedResponse(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.contains("a header line is longer than 100 KiB"), "\(why)")
    }

    @Test func endlessHeaderFieldsStopAtTheHeadLimit() async throws {
        defer { server.stop() }
        let fields = (0..<100_000).map { (name: "X-Field-\($0)", value: "v") }
        server.route("/many-headers", responding: TestResponse(headers: fields, body: Data("x".utf8)))
        let reason = await failureReason { _ = try await client.send(try request("/many-headers")) }
        guard case .malformedResponse(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.contains("its head is larger than \(CurlTransfer.headLimit / 1024) KiB"), "\(why)")
        #expect(HTTPClientError(reason ?? .canceled, request: try request("/")).message.contains("malformed"))
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/secret", "gopher://127.0.0.1:70/x"])
    func aRedirectToAnotherSchemeNamesTheRedirectTarget(target: String) async throws {
        defer { server.stop() }
        server.route("/away", responding: .redirect(to: target))
        let reason = await failureReason { _ = try await client.send(try request("/away")) }
        guard case .rejected(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.contains("redirected to \"\(target)\""), "\(why)")
        #expect(why.contains("only http and https"))
        #expect(!why.contains(server.baseURL))
    }

    @Test func aCompressionBombWrittenToAFileNamesTheDecodedLimit() async throws {
        defer { server.stop() }
        let body = try Self.zlibZeros(megabytes: 320)
        #expect(body.count < 1 << 20)
        server.route(
            "/bomb",
            responding: TestResponse(
                headers: [("Content-Type", "application/octet-stream"), ("Content-Encoding", "deflate")],
                body: Data(body)))
        let folder = try TemporaryFolder()
        var bomb = try request("/bomb")
        bomb.responseBody = .file(folder.url.appendingPathComponent("bomb.bin"))
        // As `ferry send -o` reads it: the body flows out as events (libcurl pauses while the reader is behind).
        var reason: HTTPClientError.Reason?
        for await event in client.transfer(bomb).events {
            if case .ended(let end) = event { reason = end.error?.reason }
        }
        guard case .rejected(let why) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(why.contains("Content-Encoding: \"deflate\""), "\(why)")
        #expect(why.contains("more than \(CurlFailure.pausedBodyLimit >> 20) MiB"), "\(why)")
    }

    /// `megabytes` MiB of zero bytes as a zlib stream (`Content-Encoding: deflate`): a header, the deflated
    /// data ending in a final empty block, and the Adler-32 of the zeros.
    static func zlibZeros(megabytes: Int) throws -> [UInt8] {
        let deflater = try #require(WebSocketDeflater(PerMessageDeflate()))
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        var stream: [UInt8] = [0x78, 0x9C]
        for _ in 0..<megabytes { stream += deflater.compress(zeros) + [0x00, 0x00, 0xFF, 0xFF] }
        stream += [0x03, 0x00]
        // Adler-32 of n zeros: a = 1, b = n mod 65521.
        let count = UInt32((megabytes << 20) % 65521)
        let adler = count << 16 | 1
        stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return stream
    }
}
