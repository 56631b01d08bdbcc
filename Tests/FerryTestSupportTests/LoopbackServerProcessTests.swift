import Foundation
import Testing

@testable import FerryTestSupport

/// A server program counts as started only when the listening socket on its port is its own: another
/// test's server can take a port that was free a moment before.
@Suite struct LoopbackServerProcessTests {
    @Test func aPortCountsAsListeningOnlyForTheProcessThatHoldsTheSocket() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let port = server.port
        #expect(LoopbackServerProcess.isListening(on: port, by: getpid()))

        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sleep")
        other.arguments = ["5"]
        try other.run()
        defer { other.terminate() }
        #expect(!LoopbackServerProcess.isListening(on: port, by: other.processIdentifier))
        #expect(!LoopbackServerProcess.isListening(on: try LoopbackPort.free(), by: getpid()))
    }

    @Test func aListenerIsFoundAmongHundredsOfSockets() async throws {
        // /proc/net/tcp grows past its first page (where a short read would stop) with these.
        let servers = try (0..<40).map { _ in try TestHTTPServer() }
        defer { servers.forEach { $0.stop() } }
        for server in servers { #expect(LoopbackServerProcess.isListening(on: server.port, by: getpid())) }
    }

    @Test func aProgramListeningOnItsPortIsStartedAndStopped() async throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return }
        let server = try await LoopbackServerProcess.start(python) { port in
            ["-m", "http.server", "--bind", "127.0.0.1", String(port)]
        }
        #expect(LoopbackServerProcess.isListening(on: server.port, by: server.processIdentifier))
        server.stop()
        #expect(!LoopbackServerProcess.isListening(on: server.port, by: server.processIdentifier))
    }
}
