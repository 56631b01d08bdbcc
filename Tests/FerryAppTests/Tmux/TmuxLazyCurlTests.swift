import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux opens libcurl only at its first send (decision 0098): the first screen is drawn
/// by a process that has not mapped libcurl or any of the libraries it pulls in (OpenSSL, GnuTLS, Kerberos, LDAP),
/// and a send then loads it and goes through (to a closed port, so no server is needed).
@Suite("ferry in tmux: libcurl opened at the first send", .serialized)
struct TmuxLazyCurlTests {
    @Test func theFirstScreenIsDrawnWithoutLibcurlAndTheFirstSendOpensIt() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "api/users.http#list")
        let pid = try #require(try await programPID(in: session))
        let before = try mappedFiles(of: pid)
        #expect(!before.contains("libcurl"), "libcurl is mapped before any send")
        #expect(!before.contains("libssl"), "OpenSSL is mapped before any send")
        try await session.send("C-r")
        try await TmuxWorkbench.waitFor(session, "refused")
        let after = try mappedFiles(of: pid)
        #expect(after.contains("libcurl"), "the send went through without mapping libcurl")
    }

    /// `/proc/PID/maps` read to its end (a file of size 0 to `stat`, which a one-read `String(contentsOfFile:)` cuts).
    private func mappedFiles(of pid: pid_t) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// The pid of the program in the pane (the pane's shell runs it as its child, `env` having exec'd it).
    private func programPID(in session: TmuxSession) async throws -> pid_t? {
        let panes = try await TmuxSession.run([
            "-L", session.name, "list-panes", "-t", session.name, "-F", "#{pane_pid}",
        ])
        guard let shell = Int32(panes.output.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }
}
