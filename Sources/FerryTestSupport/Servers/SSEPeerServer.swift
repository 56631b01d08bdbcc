import Foundation

/// The server-sent events test peer: `Tests/Peers/sse_peer.py` (sse-starlette, pinned in
/// `scripts/requirements-sse.txt`) run by the venv's Hypercorn on a free loopback port. Its routes are
/// listed in that file.
public final class SSEPeerServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    private let server: LoopbackServerProcess

    private init(server: LoopbackServerProcess) {
        self.server = server
        baseURL = "http://127.0.0.1:\(server.port)"
    }

    deinit { stop() }

    /// Starts the peer and returns once it accepts connections; `nil` when Hypercorn or sse-starlette is
    /// not installed outside `make test` (under `make test` that throws, so the test fails instead).
    public static func start(timeout: Duration = .seconds(20)) async throws -> SSEPeerServer? {
        let root = TestServers.packageRoot
        let venv = root.appendingPathComponent(".build/venv")
        guard let binary = HypercornServer.binary(), hasSSEStarlette(in: venv) else {
            return try TestServers.skipOrFail(missing: "hypercorn and sse-starlette (.build/venv)")
        }
        let folder = root.appendingPathComponent("Tests/Peers")
        let server = try await LoopbackServerProcess.start(
            binary, in: folder, environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: timeout
        ) { port in
            HypercornServer.loopbackArguments(port: port) + ["sse_peer:app"]
        }
        return SSEPeerServer(server: server)
    }

    /// Stops the peer and waits for it to exit; safe to call more than once.
    public func stop() { server.stop() }

    private static func hasSSEStarlette(in venv: URL) -> Bool {
        let lib = venv.appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.contains { version in
            FileManager.default.fileExists(
                atPath: lib.appendingPathComponent("\(version)/site-packages/sse_starlette").path)
        }
    }
}
