import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Opening a WebSocket through ``HTTPClient/webSocket(_:options:)``: the handshake carries the jar's cookies
/// (with the request's own `Cookie` header, its names winning) and the `101`'s `Set-Cookie` lands in the jar,
/// against the `websockets` peer's `/cookies` path.
@Suite struct WebSocketCookieTests {
    @Test func cookieSetByAnHTTPResponseGoesOnTheHandshake() async throws {
        guard let peer = try await WebSocketEchoServer.start() else { return }
        defer { peer.stop() }
        let http = try TestHTTPServer()
        defer { http.stop() }
        http.route("/login", responding: TestResponse(headers: [("Set-Cookie", "sid=abc; Path=/")]))
        let client = HTTPClient(transport: CurlTransport(), cookieJar: CookieJar())
        _ = try await client.send(HTTPRequest(url: try #require(URL(string: http.baseURL + "/login"))))
        // Cookies know no port: the jar's cookie for 127.0.0.1 goes to the peer's port too.
        let socket = try await client.webSocket(try WebSocketEchoTests.request(peer.baseURL + "/cookies"))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("sid=abc"))
        _ = try await socket.close()
    }

    @Test func jarCookiesJoinTheRequestsOwnAndTheUpgradesCookieIsStored() async throws {
        guard let peer = try await WebSocketEchoServer.start() else { return }
        defer { peer.stop() }
        let jar = CookieJar(cookies: [
            Cookie(name: "shared", value: "jar", domain: "127.0.0.1"),
            Cookie(name: "fromJar", value: "2", domain: "127.0.0.1"),
        ])
        let client = HTTPClient(transport: CurlTransport(), cookieJar: jar)
        var request = try WebSocketEchoTests.request(peer.baseURL + "/cookies")
        request.headers.add("Cookie", "own=1; shared=mine")
        let socket = try await client.webSocket(request)
        var iterator = socket.messages.makeAsyncIterator()
        let seen = try await iterator.next()
        _ = try await socket.close()
        #expect(seen == .text("own=1; shared=mine; fromJar=2"))
        let url = try #require(URL(string: "http://127.0.0.1/"))
        #expect(jar.cookieHeader(for: url)?.contains("ws_session=from-101") == true)
    }

    @Test func requestWithoutTheJarNeitherSendsNorStores() async throws {
        guard let peer = try await WebSocketEchoServer.start() else { return }
        defer { peer.stop() }
        let jar = CookieJar(cookies: [Cookie(name: "sid", value: "abc", domain: "127.0.0.1")])
        let client = HTTPClient(transport: CurlTransport(), cookieJar: jar)
        var request = try WebSocketEchoTests.request(peer.baseURL + "/cookies")
        request.usesCookieJar = false
        let socket = try await client.webSocket(request)
        var iterator = socket.messages.makeAsyncIterator()
        let seen = try await iterator.next()
        _ = try await socket.close()
        #expect(seen == .text("(none)"))
        #expect(jar.cookies().map(\.name) == ["sid"])
    }

    @Test func secureCookieGoesToWSSOnly() async throws {
        let jar = CookieJar(cookies: [Cookie(name: "s", value: "1", domain: "127.0.0.1", isSecure: true)])
        guard let peer = try await WebSocketEchoServer.start() else { return }
        defer { peer.stop() }
        let client = HTTPClient(transport: CurlTransport(), cookieJar: jar)
        let plain = try await client.webSocket(try WebSocketEchoTests.request(peer.baseURL + "/cookies"))
        var iterator = plain.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("(none)"))
        _ = try await plain.close()

        let folder = try TemporaryFolder(prefix: "ferry-wss-cookies")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        guard let tlsPeer = try await WebSocketEchoServer.start(tls: certificates) else { return }
        defer { tlsPeer.stop() }
        var request = try WebSocketEchoTests.request(tlsPeer.baseURL + "/cookies")
        request.certificateAuthorityBundle = certificates.authorityFile
        let secure = try await client.webSocket(request)
        var secureMessages = secure.messages.makeAsyncIterator()
        // The plain handshake's `101` set `ws_session`, which is not `Secure`: it goes along.
        #expect(try await secureMessages.next() == .text("s=1; ws_session=from-101"))
        _ = try await secure.close()
    }
}
