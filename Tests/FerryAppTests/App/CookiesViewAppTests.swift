import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The cookie jar's view (F11) on the real loop, 80×24 in memory, against a loopback server that sets three
/// cookies: listed with their domain and path, the selected one shown whole (a 300-character value wraps),
/// `d` deletes one from the jar and from `.ferry/cookies`, `D` clears them, and the next send sends none.
@Suite("Cookies view", .serialized)
final class CookiesViewAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    static let long = String(repeating: "v", count: 300)

    init() throws {
        server = try TestHTTPServer()
        server.route("/login") { request in
            var response = TestResponse.text(request.header("Cookie") ?? "(none)")
            response.headers.append((name: "Set-Cookie", value: "session=abc123; Path=/; HttpOnly"))
            response.headers.append((name: "Set-Cookie", value: "theme=dark; Path=/ui; Max-Age=86400"))
            response.headers.append((name: "Set-Cookie", value: "zlong=\(Self.long); Path=/"))
            return response
        }
        folder = try TemporaryWorkspace(
            requests: "### login\n# @name login\nGET {{host}}/login\n", environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func listInspectDeleteAndClear() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the response") { [server] in
            server.requests.count == 1 && app.state.currentExchange?.response != nil
        }
        try await app.press(.key(.function(11)))
        try await app.waitFor("three cookies") {
            guard case .cookies(let view) = app.state.overlay else { return false }
            return view.cookies.count == 3
        }
        #expect(app.shows("Cookies: 3 in .ferry/cookies"), "\(app.screen)")
        #expect(app.shows("session") && app.shows("127.0.0.1/ui"), "\(app.screen)")
        #expect(app.shows("session=abc123"), "the first cookie shown whole:\n\(app.screen)")
        #expect(app.shows("HttpOnly"), "\(app.screen)")

        // The long value wraps over several lines in the detail (not cut at the column).
        try await app.press(.key(.end))
        let wrapped = app.screen.split(separator: "\n").filter { $0.contains("vvvvvvvvvv") }
        #expect(wrapped.count >= 4, "\(app.screen)")

        // d asks, then y deletes the selected (last) cookie, from the jar's file too.
        try await app.press(.character("d"))
        #expect(app.shows("Delete the cookie zlong"), "\(app.screen)")
        try await app.press(.character("y"))
        try await app.waitFor("two left") {
            guard case .cookies(let view) = app.state.overlay else { return false }
            return view.cookies.count == 2
        }
        let file = folder.url.appendingPathComponent(".ferry/cookies")
        try await app.waitFor("the file without it") {
            (try? String(contentsOf: file, encoding: .utf8)).map { !$0.contains("zlong") && $0.contains("session") }
                ?? false
        }

        // D asks first: n keeps them, y clears the rest; the next send carries no cookie.
        try await app.press(.character("D"))
        #expect(app.shows("Clear the jar: delete all 2 cookies"), "\(app.screen)")
        try await app.press(.character("n"))
        guard case .cookies(let kept) = app.state.overlay, kept.question == nil else {
            Issue.record("n did not go back to the cookies\n\(app.screen)")
            return
        }
        #expect(kept.cookies.count == 2)
        #expect(
            (try? String(contentsOf: file, encoding: .utf8)).map { $0.contains("session") && $0.contains("theme") }
                == true)
        try await app.press(.character("D"), .character("y"))
        try await app.waitFor("none left") {
            guard case .cookies(let view) = app.state.overlay else { return false }
            return view.cookies.isEmpty
        }
        #expect(app.shows("No cookies"), "\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
        try await app.press(.control("r"))
        try await app.waitFor("the second response") { [server] in server.requests.count == 2 }
        #expect(server.requests[1].header("Cookie") == nil)
    }
}
