import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// A JSON body with a deliberate error: Ctrl-R stops before sending and names Alt-R; Alt-R sends the bytes as
/// written and the status line says where the JSON is invalid.
@Suite("Send a body as written", .serialized)
final class SendAsWrittenAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    static let body = "{\n  \"a\": 1,\n  \"b\": ,\n}"

    init() throws {
        server = try TestHTTPServer()
        server.route("/items") { request in .text("got \(request.body.count) bytes", status: 201) }
        folder = try TemporaryWorkspace(
            requests: "### broken\nPOST {{host}}/items\nContent-Type: application/json\n\n\(Self.body)\n",
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func altRSendsAnInvalidJSONBodyAsWrittenAndSaysWhereItIsInvalid() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the refusal") { app.state.message?.text.contains("JSON body is invalid") == true }
        #expect(app.state.message?.text.contains("send it as written (Alt-R)") == true)
        #expect(server.requests.isEmpty, "nothing went out")
        try await app.press(.key(KeyEvent(.character("r"), modifiers: .alt)))
        try await app.waitFor("the response") { app.state.currentExchange?.response?.status == 201 }
        let sent = try #require(server.requests.last)
        #expect(String(decoding: sent.body, as: UTF8.self) == Self.body, "the bytes as written")
        #expect(sent.header("Content-Type") == "application/json")
        #expect(
            app.state.message?.text.hasPrefix("Sent as written: the JSON body is invalid at 3:8") == true,
            "\(app.state.message?.text ?? "no message")")
        try await app.quit()
    }
}
