import FerryWorkbench
import Foundation

/// What the app needs from the world outside the terminal, injected at `main` (tests pass recorders).
///
/// Copying goes through the terminal backend (``TerminalBackend/copyToClipboard(_:)``), between frames.
public struct AppServices: Sendable {
    /// Opens text in the user's editor and returns what was saved, or throws with the reason; the second
    /// argument is the file extension to use (`json`, `txt`, …). It runs on the loop's thread, inside the
    /// backend's ``TerminalBackend/suspend(_:)``, so it owns the terminal while it runs.
    public var editText: @Sendable (String, String) throws -> String
    /// Stops the whole process until the shell continues it (Ctrl-Z); runs inside the backend's
    /// ``TerminalBackend/suspend(_:)``. The default does nothing (tests must not stop the test runner).
    public var stopProcess: @Sendable () -> Void
    /// Opens a file itself in the user's editor at a 1-based line (a script: the `.http` file at its
    /// `{% %}` block, or its `.js` file) and returns when the editor exits, or throws with the reason; it runs
    /// like ``editText``, inside the backend's ``TerminalBackend/suspend(_:)``.
    public var editFile: @Sendable (URL, Int) throws -> Void
    /// Shows a file (a response body, written to a private temporary folder) in the user's pager or editor
    /// and returns when it exits, or throws with the reason; it runs like ``editText``.
    public var showFile: @Sendable (URL, ExternalViewer) throws -> Void
    /// The workspaces the user trusts (`trusted-workspaces.json` in the user's config); a workspace it does
    /// not list is confined. The default keeps no file, so every workspace is confined and none can be trusted
    /// for good.
    public var trustStore: TrustStore
    /// Opens a sign-in's address in the user's browser without waiting (`$BROWSER`, else `xdg-open` with a
    /// display; without either, nothing: the workbench's dialog shows the address).
    public var openBrowser: @Sendable (URL) -> Void
    /// How much CPU time a script may use before it is stopped (5 s unless `FERRY_SCRIPT_SECONDS` says more).
    public var scriptTimeLimit: Duration
    /// The wall clock the effects stamp what they report with (an event's arrival, a schema's fetch): the
    /// system's by default, a fixed one in a test. Reducers never read a clock; the time comes in an action.
    public var now: @Sendable () -> Date

    /// Services with the given implementations; by default editing fails and stopping does nothing.
    public init(
        editText: @escaping @Sendable (String, String) throws -> String = { _, _ in
            throw ExternalEditorError.unavailable
        },
        editFile: @escaping @Sendable (URL, Int) throws -> Void = { _, _ in throw ExternalEditorError.unavailable },
        showFile: @escaping @Sendable (URL, ExternalViewer) throws -> Void = { _, _ in
            throw ExternalEditorError.unavailable
        },
        stopProcess: @escaping @Sendable () -> Void = {}, trustStore: TrustStore = TrustStore(file: nil),
        scriptTimeLimit: Duration = .seconds(5),
        openBrowser: @escaping @Sendable (URL) -> Void = SignInInteraction.standard().openBrowser,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.now = now
        self.openBrowser = openBrowser
        self.trustStore = trustStore
        self.scriptTimeLimit = scriptTimeLimit
        self.editText = editText
        self.editFile = editFile
        self.showFile = showFile
        self.stopProcess = stopProcess
    }
}

/// Where a response body is shown outside the workbench.
public enum ExternalViewer: Sendable, Equatable {
    /// `$PAGER` (else `less`).
    case pager
    /// `$VISUAL` or `$EDITOR` (else `vi`); what is changed there is not read back.
    case editor
}
