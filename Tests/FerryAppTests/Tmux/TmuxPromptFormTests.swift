import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux: Ctrl-R on a request with `# @prompt` variables opens the form, the secret
/// is typed masked, Enter sends with the answers (a loopback server sees them), the history keeps the secret
/// masked, and Esc on the next form sends nothing; Ctrl-G's run and `Y`'s copy ask in the same form.
@Suite("ferry in tmux: the # @prompt form", .serialized)
struct TmuxPromptFormTests {
    static let token = "tk-9Fq2-secret"

    /// A loopback server answering `/me` with the `X-Name` it got, a workspace whose one request prompts for a
    /// name and a token, and the workbench starting on it.
    static func start() throws -> (TestHTTPServer, TemporaryFolder, TmuxSession) {
        let server = try TestHTTPServer()
        server.route("/me") { request in .text("hello \(request.header("X-Name") ?? "nobody")") }
        let folder = try TemporaryFolder(prefix: "ferry-tmux-prompt")
        try folder.write("http-client.env.json", #"{ "dev": { "host": "\#(server.baseURL)" } }"#)
        try folder.write(
            "api.http",
            """
            ### me
            # @name me
            # @prompt name "Who is asking"
            # @prompt token
            GET {{host}}/me
            X-Name: {{name}}
            Authorization: Bearer {{token}}

            """)
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 120, height: 32,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        return (server, folder, session)
    }

    @Test func theFormIsFilledTheSecretMaskedAndTheSendGoesThrough() async throws {
        guard TmuxSession.isAvailable else { return }
        let (server, folder, session) = try Self.start()
        defer {
            session.kill()
            server.stop()
            withExtendedLifetime(folder) {}  // the workspace stays on disk while the workbench runs
        }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("C-r")
        try await TmuxWorkbench.waitFor(session, "Who is asking ({{name}})")
        try await session.send("ada", literal: true)
        try await session.send("Tab")
        try await session.send(Self.token, literal: true)
        let typed = try await TmuxWorkbench.waitFor(session, "▸ " + String(repeating: "•", count: Self.token.count))
        #expect(!typed.contains(Self.token))
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "hello ada")
        #expect(server.requests.last?.header("Authorization") == "Bearer \(Self.token)")
        let history = try folder.read(".ferry/history.jsonl")
        #expect(history.contains("/me") && !history.contains(Self.token), "the secret is masked in the history")
        try await session.send("C-r")
        try await TmuxWorkbench.waitFor(session, "▸ ada")
        try await session.send("Escape")
        try await TmuxWorkbench.waitFor(session, "Not sent: the # @prompt form was canceled.")
        #expect(server.requests.count == 1)
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }

    @Test func ctrlGAndYAskInTheFormTooAndUseTheAnswers() async throws {
        guard TmuxSession.isAvailable else { return }
        let (server, folder, session) = try Self.start()
        defer {
            session.kill()
            server.stop()
            withExtendedLifetime(folder) {}  // the workspace stays on disk while the workbench runs
        }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        // Ctrl-G: the run asks first, then runs with the answers.
        try await session.send("C-g")
        try await TmuxWorkbench.waitFor(session, "Run api.http with (Enter runs")
        try await session.send("ada", literal: true)
        try await session.send("Tab")
        try await session.send(Self.token, literal: true)
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "1 passed")
        #expect(server.requests.last?.header("X-Name") == "ada")
        #expect(server.requests.last?.header("Authorization") == "Bearer \(Self.token)")
        try await session.send("Escape")
        // Only once the run view closed: an Esc with a key right after it reads as Alt and that key.
        _ = try await TmuxWorkbench.waitUntil(session, "the run view to close") { !$0.contains("Esc closes") }
        // Y: the copy asks too, offering this session's answers; Esc copies nothing, Enter copies.
        try await session.send("Y")
        try await TmuxWorkbench.waitFor(session, "Copy me as curl with (Enter copies")
        try await TmuxWorkbench.waitFor(session, "▸ ada")
        try await session.send("Escape")
        try await TmuxWorkbench.waitFor(session, "Not copied: the # @prompt form was canceled.")
        try await session.send("Y")
        try await TmuxWorkbench.waitFor(session, "▸ ada")
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "as a curl command (secrets in clear)")
        #expect(server.requests.count == 1, "a copy sends nothing")
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }
}
