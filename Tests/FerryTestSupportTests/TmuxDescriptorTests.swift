import FerryTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tmux server a test starts outlives the test and must hold none of the test process's descriptors: a
/// client socket it kept would never close for its server, a listening socket would keep a stopped server's
/// port accepting connections nobody answers.
@Suite struct TmuxDescriptorTests {
    @Test func theServerInheritsNoSocketOfTheTestProcess() async throws {
        guard TmuxSession.isAvailable else { return }
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)  // no close-on-exec, as libcurl's are
        try #require(listener >= 0)
        defer { close(listener) }
        let inode = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(listener)")
        let session = try TmuxSession(command: ["sleep", "30"], width: 20, height: 5)
        defer { session.kill() }
        let server = try await TmuxSession.run(["-L", session.name, "display-message", "-p", "#{pid}"])
        let pid = try #require(Int32(server.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let held = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
        }
        #expect(!held.isEmpty, "the server's descriptors are readable")
        #expect(!held.contains(inode), "the tmux server holds \(inode), a socket of the test process")
    }
}
