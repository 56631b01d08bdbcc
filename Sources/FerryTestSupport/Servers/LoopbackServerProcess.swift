import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server program run by a test on a free loopback port: started, waited for until it accepts
/// connections, and killed when the test is done. ``NghttpdServer`` and ``HypercornServer`` build on it.
final class LoopbackServerProcess: @unchecked Sendable {
    /// The port the server listens on, on 127.0.0.1.
    let port: UInt16
    private let process: Process

    private init(port: UInt16, process: Process) {
        self.port = port
        self.process = process
    }

    deinit { stop() }

    /// Runs `executable` with the arguments `arguments(port)` for a free port and returns once it listens
    /// there; throws when it never does within `timeout`. With `output`, its standard output goes to that file
    /// (created or emptied), else nowhere.
    ///
    /// The port counts as the program's only when the listening socket is one of its own descriptors: a
    /// port free a moment ago can be taken by another test's server before the program binds it, and then a
    /// connection would reach that server (seen as TLS handshakes failing in whole-suite runs). A program
    /// that exits (it could not bind) is started again on another port.
    ///
    /// Async, and waits with `Task.sleep`: a test blocked here would hold one of the few cooperative
    /// threads (two on this machine) for the seconds a Python server takes to start, starving other tests.
    static func start(
        _ executable: URL, in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(15), output: URL? = nil, arguments: (UInt16) -> [String]
    ) async throws -> LoopbackServerProcess {
        var lastPort: UInt16 = 0
        for _ in 0..<3 {
            let port = try LoopbackPort.free()
            lastPort = port
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments(port)
            if let directory { process.currentDirectoryURL = directory }
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            if let output, FileManager.default.createFile(atPath: output.path, contents: nil),
                let handle = try? FileHandle(forWritingTo: output)
            {
                process.standardOutput = handle
            } else {
                process.standardOutput = FileHandle.nullDevice
            }
            process.standardError = FileHandle.nullDevice
            try process.run()
            let server = LoopbackServerProcess(port: port, process: process)
            let pid = process.processIdentifier
            // Polled off the cooperative pool, every 50 ms: reading /proc/net/tcp, with the hundreds of sockets of a
            // whole test run, is work, and two servers starting at once held both pool threads with it.
            // `nil`: neither happened within `timeout`.
            let listening = await offThePool { () async -> Bool? in
                let settled = await eventually(timeout: timeout, every: .milliseconds(50)) {
                    isListening(on: port, by: pid) || !process.isRunning
                }
                return settled ? isListening(on: port, by: pid) : nil
            }
            if listening == true { return server }
            server.stop()
            if listening == false { continue }  // it exited: most likely the port was taken meanwhile
            break
        }
        throw TestServers.Missing(
            description: "\(executable.lastPathComponent) did not start listening on port \(lastPort)")
    }

    /// The server's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Stops the server and waits for it to exit; safe to call more than once.
    ///
    /// SIGKILL, not `terminate()`: a child spawned from a test thread can inherit a signal mask that
    /// blocks SIGTERM, and then waiting would never end.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    // MARK: - Sockets

    /// Whether process `pid` holds a socket listening on 127.0.0.1:`port` (from `/proc/net/tcp` and the
    /// process's descriptors).
    static func isListening(on port: UInt16, by pid: Int32) -> Bool {
        let inodes = listeningInodes(port: port)
        guard !inodes.isEmpty,
            let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        else { return false }
        return descriptors.contains { descriptor in
            guard
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")
            else { return false }
            return inodes.contains(target)
        }
    }

    /// `socket:[INODE]` for each socket listening on 127.0.0.1:`port`: IPv4 sockets, and IPv6 ones bound to the
    /// v4-mapped `::ffff:127.0.0.1` (as grpcio binds `127.0.0.1`).
    private static func listeningInodes(port: UInt16) -> Set<String> {
        let hexPort = String(format: "%04X", port)
        return listeningInodes(in: "/proc/net/tcp", local: "0100007F:" + hexPort).union(
            listeningInodes(in: "/proc/net/tcp6", local: "0000000000000000FFFF00000100007F:" + hexPort))
    }

    private static func listeningInodes(in path: String, local: String) -> Set<String> {
        // Read to the end: `String(contentsOfFile:)` stops after the first page of a /proc file (about 4 KB,
        // some 27 sockets), and a whole test suite has hundreds.
        guard let file = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        // Columns: sl, local address (hex IP:port, the IP in host byte order), remote, state (0A is
        // LISTEN), queues, timer, retransmits, uid, timeout, inode.
        var inodes: Set<String> = []
        for line in table.split(separator: "\n").dropFirst() where line.contains(local) {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count > 9, columns[1] == local, columns[3] == "0A" else { continue }
            inodes.insert("socket:[\(columns[9])]")
        }
        return inodes
    }
}
