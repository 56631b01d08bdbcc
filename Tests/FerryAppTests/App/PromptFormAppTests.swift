import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// `# @prompt` variables in the workbench: Ctrl-R on such a request opens a form (the request's own value as the
/// default, a secret masked), Enter sends with the answers, the history keeps the secret masked, the next send
/// offers this session's answers, and Esc closes the form without sending.
@Suite("The # @prompt form", .serialized)
final class PromptFormAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    static let secret = "s3cret-Pass"

    init() throws {
        server = try TestHTTPServer()
        server.route("/login") { request in .text("got \(request.body.count) bytes") }
        folder = try TemporaryWorkspace(
            requests: """
                @user = from-the-file

                ### login
                # @prompt user "Your user name"
                # @prompt password
                POST {{host}}/login
                Content-Type: application/json

                {"user": "{{user}}", "password": "{{password}}"}

                """,
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func theFormAsksSendsWithTheAnswersAndKeepsTheSecretOutOfTheHistory() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the form") { app.state.prompts.form != nil }
        #expect(server.requests.isEmpty, "nothing is sent before the answers")
        #expect(app.shows("Your user name ({{user}})"))
        #expect(app.shows("▸ from-the-file"), "the file's value is the default")
        try await app.press(.key(KeyEvent(.backspace)))
        for _ in 0..<12 { try await app.press(.key(KeyEvent(.backspace))) }
        try await app.type("ann")
        try await app.press(.key(KeyEvent(.tab)))
        try await app.type(Self.secret)
        #expect(app.shows("▸ " + String(repeating: "•", count: Self.secret.count)), "the secret is masked")
        #expect(!app.screen.contains(Self.secret))
        try await app.press(.key(KeyEvent(.enter)))
        try await app.waitFor("the response") { app.state.currentExchange?.response?.status == 200 }
        let sent = try #require(server.requests.last)
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"user": "ann", "password": "\#(Self.secret)"}"#)
        let history = try folder.read(".ferry/history.jsonl")
        #expect(history.contains("ann"), "the history line is written")
        #expect(!history.contains(Self.secret), "a secret answer is never in the history in clear")

        try await app.press(.control("r"))
        try await app.waitFor("the form again") { app.state.prompts.form != nil }
        #expect(app.state.prompts.form?.fields.map(\.text) == ["ann", Self.secret], "this session's answers")
        try await app.press(.key(KeyEvent(.escape)))
        #expect(app.state.overlay == nil)
        #expect(app.state.message?.text == "Not sent: the # @prompt form was canceled.")
        #expect(server.requests.count == 1, "Esc sent nothing")
        try await app.quit()
    }
}
