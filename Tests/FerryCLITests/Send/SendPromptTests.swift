import FerryTestSupport
import Foundation
import Testing

/// `# @prompt name "description"` in `ferry send` and `ferry run`: asked at the terminal (a secret without
/// echo), answered by `--var` without a question, and with no terminal (CI) an error naming the variable and
/// `--var`.
@Suite(.serialized) final class SendPromptTests {
    let server: TestHTTPServer
    let fixture: SendCommandTests.Fixture

    init() throws {
        server = try TestHTTPServer()
        server.route("/who") { _ in .text("ok") }
        fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": """
                # @prompt user "Your user name"
                # @prompt password
                GET {{host}}/who?user={{user}}
                Authorization: Bearer {{password}}

                """
            ])
    }

    deinit { server.stop() }

    /// Runs `ferry` in the fixture's folder in a new session (`setsid`): no controlling terminal, as in CI.
    private func runWithoutTerminal(_ arguments: [String]) async throws -> ChildProcessResult {
        let ferry = FerryProcess.executableURL.path
        let command = "cd \"$1\" && shift && exec setsid -w \"$@\" 2>&1"
        return try await Process.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command, "sh", fixture.root.path, ferry] + arguments,
            mergingErrors: true)
    }

    @Test func withoutATerminalTheErrorNamesTheVariableAndVar() async throws {
        let send = try await runWithoutTerminal(["send", "a.http#1", "--env", "test"])
        #expect(send.status == 2, "\(send.text)")
        #expect(send.text.contains("{{user}} is asked for (# @prompt user)"), "\(send.text)")
        #expect(send.text.contains("--var user=VALUE"), "\(send.text)")
        let run = try await runWithoutTerminal(["run", "a.http", "--env", "test", "--var", "user=ada"])
        #expect(run.status == 2, "\(run.text)")
        #expect(run.text.contains("--var password=VALUE"), "--var answered user; password is still asked: \(run.text)")
        #expect(server.requests.isEmpty, "nothing was sent")
    }

    @Test func varAnswersEveryPromptWithoutAQuestionAndTheSecretIsMasked() async throws {
        let send = try await runWithoutTerminal(
            ["send", "a.http#1", "--env", "test", "--var", "user=ada", "-V", "password=pw-SECRET-1", "-v"])
        #expect(send.status == 0, "\(send.text)")
        #expect(server.requests.last?.target == "/who?user=ada")
        #expect(server.requests.last?.header("Authorization") == "Bearer pw-SECRET-1")
        #expect(send.text.contains("> Authorization: Bearer ••••••"), "\(send.text)")
        #expect(!send.text.contains("> Authorization: Bearer pw-SECRET-1"), "\(send.text)")
        let run = try await runWithoutTerminal(
            ["run", "a.http", "--env", "test", "--var", "user=bob", "--var", "password=pw-2"])
        #expect(run.status == 0, "\(run.text)")
        #expect(server.requests.last?.target == "/who?user=bob")
    }

    @Test func theTerminalAsksEachPromptAndASecretIsNotEchoed() async throws {
        guard TmuxSession.isAvailable else { return }
        let session = try TmuxSession(
            command: [
                "sh", "-c", "cd \"$1\" && \"$2\" send a.http#1 --env test", "sh", fixture.root.path,
                FerryProcess.executableURL.path,
            ], width: 100, height: 20, environment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { session.kill() }
        _ = try await session.waitFor("Your user name:")
        try await session.send("ada-l", literal: true)
        try await session.send("Enter")
        let asked = try await session.waitFor("password:")
        #expect(asked.contains("Your user name: ada-l"), "the name is echoed: \(asked)")
        try await session.send("pw-SECRET-9", literal: true)
        try await session.send("Enter")
        let screen = try await session.waitUntil("the response") { _ in session.hasExited }
        #expect(session.exitStatus == 0, "\(screen)")
        #expect(!screen.contains("pw-SECRET-9"), "the secret is not echoed: \(screen)")
        #expect(server.requests.last?.target == "/who?user=ada-l")
        #expect(server.requests.last?.header("Authorization") == "Bearer pw-SECRET-9")
    }
}
