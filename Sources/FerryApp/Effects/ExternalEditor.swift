import FerrySystem
import Foundation

/// Opens text in the user's editor: writes it to a private temporary file, runs `$VISUAL`, `$EDITOR`
/// or `vi` on it through the shell (so `EDITOR="code --wait"` works), waits, and reads the file back.
///
/// The command runs as `sh -c '<editor> "$1"' sh <file>`: the shell splits the editor command the usual
/// way and the file name is passed as an argument, never pasted into the command. The temporary file is
/// removed afterwards, whatever happened. Call it with the terminal suspended.
///
/// ```swift
/// let editor = ExternalEditor(environment: ProcessInfo.processInfo.environment)
/// let body = try editor.edit("{\"a\": 1}", fileExtension: "json")
/// ```
public struct ExternalEditor: Sendable {
    /// The editor command as the shell will read it.
    public var command: String
    /// Where the temporary file goes.
    public var temporaryFolder: URL

    /// The editor named by `VISUAL`, else `EDITOR`, else `vi`; temporary files in `TMPDIR` or `/tmp`.
    public init(environment: [String: String]) {
        let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        command = named ?? "vi"
        temporaryFolder = URL(fileURLWithPath: environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
    }

    /// The pager named by `PAGER`, else `less`, run the same way (`PAGER="less -R"` works); temporary files
    /// in `TMPDIR` or `/tmp`.
    public static func pager(environment: [String: String]) -> ExternalEditor {
        var pager = ExternalEditor(environment: environment)
        let named = environment["PAGER"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        pager.command = named ?? "less"
        return pager
    }

    // MARK: - Editing

    /// Opens `text` in the editor as a file ending in `.fileExtension` and returns the file's text after the
    /// editor exits; throws ``ExternalEditorError`` (a missing editor, a failure status, a file problem).
    public func edit(_ text: String, fileExtension: String) throws -> String {
        let file = temporaryFolder.appendingPathComponent("ferry-body-\(UUID().uuidString.prefix(8)).\(fileExtension)")
        // The body may hold secrets: the file is created for the user only, and never left behind.
        try Self.writePrivateFile(text, to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let status = try run(["/bin/sh", "-c", command + " \"$1\"", "sh", file.path])
        if status.exitCode == 127 { throw ExternalEditorError.notFound(command: command) }
        if let signal = status.signal { throw ExternalEditorError.killed(command: command, signal: signal) }
        guard status.exitCode == 0 else { throw ExternalEditorError.failed(command: command, status: status.exitCode) }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ExternalEditorError.fileProblem("\(file.path) was removed by the editor")
        }
        guard let edited = String(data: data, encoding: .utf8) else {
            throw ExternalEditorError.fileProblem("the edited file is not UTF-8 text")
        }
        return edited
    }

    /// Opens the file `file` itself in the editor at the 1-based `line` (`editor +line file`, which vi, vim,
    /// nano, emacs and micro read) and returns when the editor exits; throws ``ExternalEditorError`` as
    /// ``edit(_:fileExtension:)`` does.
    public func edit(_ file: URL, atLine line: Int) throws {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ExternalEditorError.fileProblem("\(file.path) does not exist")
        }
        let status = try run(["/bin/sh", "-c", command + " \"+$2\" \"$1\"", "sh", file.path, String(max(1, line))])
        if status.exitCode == 127 { throw ExternalEditorError.notFound(command: command) }
        if let signal = status.signal { throw ExternalEditorError.killed(command: command, signal: signal) }
        guard status.exitCode == 0 else { throw ExternalEditorError.failed(command: command, status: status.exitCode) }
    }

    /// Opens the file `file` in the command and returns when it exits (a response body shown in the pager or
    /// the editor; nothing is read back); throws ``ExternalEditorError`` as ``edit(_:fileExtension:)`` does.
    public func show(_ file: URL) throws {
        let status = try run(["/bin/sh", "-c", command + " \"$1\"", "sh", file.path])
        if status.exitCode == 127 { throw ExternalEditorError.notFound(command: command) }
        if let signal = status.signal { throw ExternalEditorError.killed(command: command, signal: signal) }
        guard status.exitCode == 0 else { throw ExternalEditorError.failed(command: command, status: status.exitCode) }
    }

    // MARK: - Internals

    /// Runs `arguments` with this process's environment and terminal, and waits for it (FerrySystem's
    /// ``ForegroundProcess``: Ctrl-C and Ctrl-\ are the child's meanwhile, Ctrl-Z has its default action).
    func run(_ arguments: [String]) throws -> ForegroundProcess.Termination {
        do throws(SystemError) {
            return try ForegroundProcess.run(arguments)
        } catch  where error.call == "posix_spawn" {
            throw ExternalEditorError.fileProblem("cannot start \(arguments[0]): \(error.reason)")
        } catch {
            throw ExternalEditorError.fileProblem("cannot wait for the editor: \(error.reason)")
        }
    }
}
