import FerryTestSupport
import Foundation

/// The real `ferry` binary in a 110×32 tmux pane on a workspace of its own, and the waits the tmux suites
/// share.
enum TmuxWorkbench {
    /// Starts the real binary on `folder` in a 110×32 pane, with the workspace as `HOME`.
    static func launch(_ folder: TemporaryWorkspace) throws -> TmuxSession {
        try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 110, height: 32,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
    }

    /// The sample workspace and an `api/users.http` beside it, its host a closed port.
    static func workspace() throws -> TemporaryWorkspace {
        try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: [
                "api/users.http":
                    "### list\n# @name list\nGET {{host}}/users\n\n### one\n# @name one\nGET {{host}}/users/1\n"
            ])
    }

    /// Polls the screen (and `condition`) until it holds, sleeping between looks without blocking a thread
    /// (``TmuxSession/waitUntil(_:timeout:_:)``, which throws with the screen when `timeout` passes).
    @discardableResult
    static func waitUntil(
        _ session: TmuxSession, _ what: String, timeout: Duration = FailureBound.event, colours: Bool = false,
        _ condition: (String) -> Bool
    ) async throws -> String {
        try await session.waitUntil(what, timeout: timeout, colours: colours, condition)
    }

    @discardableResult
    static func waitFor(_ session: TmuxSession, _ text: String, timeout: Duration = FailureBound.event) async throws
        -> String
    {
        try await waitUntil(session, "\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }
}
