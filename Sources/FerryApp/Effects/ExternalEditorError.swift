/// Why the external editor could not be used; every case leaves the body as it was.
public enum ExternalEditorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No editor is available in this build or terminal.
    case unavailable
    /// The shell could not find the editor command (exit status 127).
    case notFound(command: String)
    /// The editor exited with a failure status.
    case failed(command: String, status: Int32)
    /// The editor was killed by a signal.
    case killed(command: String, signal: Int32)
    /// The temporary file could not be written, read back or the editor could not be started.
    case fileProblem(String)

    /// The reason in words, with what to do.
    public var description: String {
        switch self {
        case .unavailable:
            "Editing in $EDITOR is not available here; edit the body in place instead (↓ on the Body tab)."
        case .notFound(let command):
            "The editor '\(command)' was not found; set $VISUAL or $EDITOR to an installed editor. "
                + "The body was left unchanged."
        case .failed(let command, let status):
            "The editor '\(command)' exited with status \(status); the body was left unchanged."
        case .killed(let command, let signal):
            "The editor '\(command)' was stopped by signal \(signal); the body was left unchanged."
        case .fileProblem(let why):
            "Could not edit the body in $EDITOR: \(why). The body was left unchanged."
        }
    }
}
