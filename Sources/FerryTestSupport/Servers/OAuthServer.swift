import Foundation

/// A real OAuth 2.0 authorization server for sign-in tests: `Tests/Peers/oauth_peer.py` (Authlib on Flask,
/// pinned in `scripts/requirements-oauth.txt`, installed into `.build/venv` by `scripts/install-deps.sh`) on a
/// free loopback port. Its clients, grants and routes (`/authorize`, `/token`, `/device_authorization`,
/// `/device`, `/api/me`, `/log`) are listed in that file.
public final class OAuthServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    private let server: LoopbackServerProcess

    private init(server: LoopbackServerProcess) {
        self.server = server
        baseURL = "http://127.0.0.1:\(server.port)"
    }

    deinit { stop() }

    /// Starts the server and returns once it accepts connections; `nil` when Authlib is not installed outside
    /// `make test` (under `make test` that throws, so the test fails instead of skipping).
    public static func start(timeout: Duration = .seconds(60)) async throws -> OAuthServer? {
        let root = TestServers.packageRoot
        let python = root.appendingPathComponent(".build/venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path), hasAuthlib(in: root) else {
            return try TestServers.skipOrFail(missing: "Authlib and Flask (.build/venv, scripts/install-deps.sh)")
        }
        let folder = root.appendingPathComponent("Tests/Peers")
        let server = try await LoopbackServerProcess.start(
            python, in: folder, environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: timeout
        ) { port in
            ["oauth_peer.py", String(port)]
        }
        return OAuthServer(server: server)
    }

    /// Stops the server and waits for it to exit; safe to call more than once.
    public func stop() { server.stop() }

    private static func hasAuthlib(in root: URL) -> Bool {
        let lib = root.appendingPathComponent(".build/venv/lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.contains { version in
            FileManager.default.fileExists(atPath: lib.appendingPathComponent("\(version)/site-packages/authlib").path)
        }
    }
}
