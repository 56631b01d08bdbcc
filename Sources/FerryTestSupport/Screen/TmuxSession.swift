import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A detached tmux session running a command on a real terminal, for end-to-end tests of full-screen
/// programs: send keys, read the screen, wait for text (polling with a deadline, without blocking a thread).
/// The session is killed by `kill()` and, in any case, when the value is released.
///
/// ```swift
/// let session = try TmuxSession(command: [ferry.path, workspace.path], width: 100, height: 30)
/// defer { session.kill() }
/// try await session.waitFor("Requests")
/// try await session.send("C-r")
/// ```
public final class TmuxSession: @unchecked Sendable {
    /// The session's name.
    public let name: String
    /// Where the pane's shell writes the program's exit status.
    private let statusFile: URL
    private var isKilled = false

    /// Whether tmux is installed (asked once).
    public static let isAvailable: Bool = (try? run(["-V"]))?.status == 0

    /// Starts `command` in a new detached session of `width` × `height` cells.
    public init(command: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        name = "ferry-test-\(UUID().uuidString.prefix(8))"
        let exports = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).status")
        // The pane's shell records the exit status: tmux does not always reap the program under a test runner.
        // `NO_COLOR` is the test runner's (scripts/test.sh sets it for its own output): the tmux server hands
        // its environment to the pane, and the program there would draw without colours; only `environment`
        // sets it for the pane.
        let line =
            "env -u NO_COLOR " + (exports.isEmpty ? "" : "\(exports) ")
            + command.map(Self.quoted).joined(separator: " ")
            + "; echo $? > \(Self.quoted(statusFile.path))"
        // The server reads `remain-on-exit on` before the command starts: set afterwards, a command that exits
        // at once (`ferry keys` on a busy machine) took its session and its screen with it.
        let result = try Self.run([
            "-L", name, "-f", try Self.configuration().path, "new-session", "-d", "-s", name, "-x", String(width),
            "-y", String(height), line,
        ])
        guard result.status == 0 else { throw TmuxError("tmux new-session failed: \(result.output)") }
    }

    /// The server configuration every session starts with (written once per process).
    private static func configuration() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ferry-tmux-\(ProcessInfo.processInfo.processIdentifier).conf")
        if !FileManager.default.fileExists(atPath: url.path) {
            try Data("set-option -g remain-on-exit on\n".utf8).write(to: url, options: .atomic)
        }
        return url
    }

    deinit { kill() }

    // MARK: - Driving

    /// Sends tmux key names (`C-r`, `Enter`, `Escape`, `F5`, `Down`) or literal text with `literal`.
    public func send(_ keys: String..., literal: Bool = false) async throws {
        let result = try await Self.run(["-L", name, "send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
        guard result.status == 0 else { throw TmuxError("tmux send-keys failed: \(result.output)") }
    }

    /// The visible screen as text; with `colours`, with the SGR escapes of the cells' colours and attributes
    /// as tmux holds them (`capture-pane -e`), which is what the terminal was last told to show.
    public func screen(colours: Bool = false) async throws -> String {
        try await Self.run(["-L", name, "capture-pane", "-p"] + (colours ? ["-e"] : []) + ["-t", name]).output
    }

    /// Waits until the screen shows `text` (or `timeout` passes, which throws with the screen).
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = FailureBound.event) async throws -> String {
        try await waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for one whole capture of the screen (with its colour escapes when
    /// `colours`; or `timeout` passes, which throws with the last capture) and returns that capture; polls with ``pollScreen(timeout:every:capture:until:)``,
    /// so it does not block a thread. Check everything on the returned capture (or in `condition`), never on
    /// a later `screen()`: see ``ScreenExpectation`` on half-drawn frames.
    @discardableResult
    public func waitUntil(
        _ what: String, timeout: Duration = FailureBound.event, colours: Bool = false, _ condition: (String) -> Bool
    ) async throws -> String {
        let (held, current) = try await pollScreen(
            timeout: timeout, capture: { try await screen(colours: colours) }, until: condition)
        guard held else { throw TmuxError("timed out waiting for \(what); screen:\n\(current)") }
        return current
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
        _ = try? Self.run(["-L", name, "kill-server"])
        try? FileManager.default.removeItem(at: statusFile)
    }

    // MARK: - Internals

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `tmux ARGUMENTS` and returns its exit status and output (standard error included), blocking
    /// the calling thread until tmux exits: for setup and cleanup (`deinit` cannot await).
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let spawned = try spawn(arguments)
        defer { try? FileManager.default.removeItem(at: spawned.output) }
        var status: Int32 = 0
        while waitpid(spawned.pid, &status, 0) < 0 && errno == EINTR {}
        return (exitStatus(status), (try? String(contentsOf: spawned.output, encoding: .utf8)) ?? "")
    }

    /// Runs `tmux ARGUMENTS` and returns its exit status and output (standard error included); the blocking
    /// `waitpid` happens on a thread of its own, so the awaiting test holds no cooperative thread meanwhile.
    public static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await DedicatedThread.run { () throws -> (status: Int32, output: String) in try run(arguments) }
    }

    /// Starts `tmux ARGUMENTS` with its output going to a new temporary file.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, not `Process`: the tmux server forks from the
    /// first client and inherits what `Process` watches for the child's exit, so `Process` would wait for
    /// the server too. Test threads block most signals and children inherit the mask, so tmux (and the
    /// program in its pane) get an empty mask and default handlers, as on a real terminal.
    ///
    /// Every descriptor above standard error is closed in the child: the tmux server outlives the test and
    /// would otherwise keep whatever sockets the test process had open at that moment (other tests' client
    /// connections and listening servers, which then never see an end of file or a close).
    private static func spawn(_ arguments: [String]) throws -> (pid: pid_t, output: URL) {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ferry-tmux-\(UUID().uuidString).out")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeDescriptors(from: 3, in: &actions)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            try? FileManager.default.removeItem(at: outputURL)
            throw TmuxError("cannot start tmux (error \(spawned))")
        }
        return (pid, outputURL)
    }

    /// The shell's view of a `waitpid` status: the exit code, or 128 + the signal that ended it.
    private static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// A tmux command that failed, with what it printed.
public struct TmuxError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}
