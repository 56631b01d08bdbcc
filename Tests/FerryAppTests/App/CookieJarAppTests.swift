import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The workbench's send effect uses the workspace's cookie jar (`.ferry/cookies`), unless `# @no-cookie-jar`.
@Suite("Workbench sends keep cookies", .serialized)
final class CookieJarAppTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
        // Sets a cookie and echoes the Cookie header it got.
        server.route("/visit") { request in
            var response = TestResponse.text(request.header("Cookie") ?? "(none)")
            response.headers.append((name: "Set-Cookie", value: "visited=yes; Path=/"))
            return response
        }
    }

    deinit { server.stop() }

    /// Sends the open request twice and returns the `Cookie` header of each request the server saw.
    private func sendTwice(_ requests: String) async throws -> (sent: [String?], folder: TemporaryWorkspace) {
        let folder = try TemporaryWorkspace(requests: requests, environments: ["local": server.baseURL])
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        for count in 1...2 {
            try await app.press(.control("r"))
            try await app.waitFor("response \(count)") { [server] in
                server.requests.count == count && app.state.currentExchange?.response != nil
            }
        }
        try await app.quit()
        return (server.requests.map { $0.header("Cookie") }, folder)
    }

    @Test func aCookieSetByOneSendGoesOutWithTheNext() async throws {
        let (sent, folder) = try await sendTwice("### Visit\n# @name visit\nGET {{host}}/visit\n")
        #expect(sent == [nil, "visited=yes"])
        #expect(try folder.read(".ferry/cookies").contains("\tvisited\tyes\n"))
    }

    @Test func noCookieJarKeepsTheRequestOutOfTheJar() async throws {
        let (sent, folder) = try await sendTwice("### Visit\n# @name visit\n# @no-cookie-jar\nGET {{host}}/visit\n")
        #expect(sent == [nil, nil])
        #expect(!folder.exists(".ferry/cookies"))
    }
}
