/// What the app needs from the world outside the terminal, injected at `main` (tests pass recorders).
public struct AppServices: Sendable {
    /// Puts text on the clipboard (the ncurses build writes an OSC 52 sequence to the terminal).
    public var copyToClipboard: @Sendable (String) -> Void
    /// Opens text in the user's editor and returns what was saved, or throws with the reason. It runs on
    /// the loop's thread, with the terminal suspended around it by the caller's implementation.
    public var editText: @Sendable (String) throws -> String

    /// Services with the given implementations; by default copying does nothing and editing fails.
    public init(
        copyToClipboard: @escaping @Sendable (String) -> Void = { _ in },
        editText: @escaping @Sendable (String) throws -> String = { _ in throw ExternalEditorError.unavailable }
    ) {
        self.copyToClipboard = copyToClipboard
        self.editText = editText
    }
}

/// Why the external editor could not be used.
public enum ExternalEditorError: Error, Sendable, CustomStringConvertible {
    /// No editor is available in this build or terminal.
    case unavailable
    /// The editor exited with a failure status.
    case failed(command: String, status: Int32)

    /// The reason in words, with what to do.
    public var description: String {
        switch self {
        case .unavailable:
            "Editing in $EDITOR needs the terminal suspended, which this terminal backend cannot do yet; "
                + "edit the body in place instead (↓ on the Body tab)."
        case .failed(let command, let status):
            "The editor '\(command)' exited with status \(status); the body was left unchanged."
        }
    }
}
