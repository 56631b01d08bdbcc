import Foundation

/// A detached tmux session running a command on a real terminal, for end-to-end tests of full-screen
/// programs: send keys, read the screen, wait for text (polling with a deadline). The session is killed
/// by `kill()` and, in any case, when the value is released.
///
/// ```swift
/// let session = try TmuxSession(command: [ferry.path, workspace.path], width: 100, height: 30)
/// defer { session.kill() }
/// try session.waitFor("Requests")
/// try session.send("C-r")
/// ```
public final class TmuxSession: @unchecked Sendable {
    /// The session's name.
    public let name: String
    /// Where the pane's shell writes the program's exit status.
    private let statusFile: URL
    private var isKilled = false

    /// Whether tmux is installed.
    public static var isAvailable: Bool { (try? run(["-V"]))?.status == 0 }

    /// Starts `command` in a new detached session of `width` × `height` cells.
    public init(command: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        name = "ferry-test-\(UUID().uuidString.prefix(8))"
        let exports = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).status")
        // The pane's shell records the exit status: tmux does not always reap the program under a test runner.
        let line =
            (exports.isEmpty ? "" : "env \(exports) ") + command.map(Self.quoted).joined(separator: " ")
            + "; echo $? > \(Self.quoted(statusFile.path))"
        let result = try Self.run([
            "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), line,
        ])
        guard result.status == 0 else { throw TmuxError("tmux new-session failed: \(result.output)") }
        _ = try? Self.run(["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit { kill() }

    // MARK: - Driving

    /// Sends tmux key names (`C-r`, `Enter`, `Escape`, `F5`, `Down`) or literal text with `literal`.
    public func send(_ keys: String..., literal: Bool = false) throws {
        let result = try Self.run(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
        guard result.status == 0 else { throw TmuxError("tmux send-keys failed: \(result.output)") }
    }

    /// The visible screen as text.
    public func screen() throws -> String {
        try Self.run(["capture-pane", "-p", "-t", name]).output
    }

    /// Waits until the screen shows `text` (or `timeout` passes, which throws with the screen).
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(15)) throws -> String {
        try waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen.
    @discardableResult
    public func waitUntil(_ what: String, timeout: Duration = .seconds(15), _ condition: (String) -> Bool) throws
        -> String
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            let current = try screen()
            if condition(current) { return current }
            if ContinuousClock.now > deadline { throw TmuxError("timed out waiting for \(what); screen:\n\(current)") }
            usleep(20_000)
        }
    }

    /// The command's exit status once it has exited, else `nil`.
    public var exitStatus: Int32? {
        guard let text = try? String(contentsOf: statusFile, encoding: .utf8), text.hasSuffix("\n") else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the command has exited.
    public var hasExited: Bool { exitStatus != nil }

    /// Kills the session (idempotent).
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? Self.run(["kill-session", "-t", name])
        try? FileManager.default.removeItem(at: statusFile)
    }

    // MARK: - Internals

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A tmux command that failed, with what it printed.
public struct TmuxError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}
