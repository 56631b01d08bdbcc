import Foundation

/// A second real HTTP/2 server for tests: Hypercorn (pinned in `scripts/requirements-hypercorn.txt`,
/// installed into `.build/venv` by `scripts/install-deps.sh`) on a free loopback port, running a small
/// ASGI app (``HypercornServer/appSource``) that reports which connection each request arrived on.
///
/// Over TLS it negotiates `h2` with ALPN; over cleartext it speaks h2c both ways, with prior knowledge and
/// with an HTTP/1.1 `Upgrade: h2c`. Routes:
/// - `GET /bytes/N?seed=S`: `N` bytes of ``HypercornServer/pattern(count:seed:)``.
/// - `GET /barrier/N?group=G`: answers once `N` requests of group `G` are in flight at the same time (or
///   after 5 s), with the number that arrived as the body: `N` proves they were served concurrently.
///
/// Every response carries `x-client-port` (the client's source port, which names the connection) and
/// `x-http-version` (what Hypercorn spoke).
public final class HypercornServer: Sendable {
    /// The port Hypercorn listens on, on 127.0.0.1.
    public var port: UInt16 { server.port }
    /// `http://127.0.0.1:PORT`, or `https://…` over TLS.
    public let baseURL: String
    private let server: LoopbackServerProcess
    private let folder: URL

    private init(server: LoopbackServerProcess, folder: URL, scheme: String) {
        self.server = server
        self.folder = folder
        baseURL = "\(scheme)://127.0.0.1:\(server.port)"
    }

    deinit { stop() }

    /// The `hypercorn` script in the package's virtual environment, if installed.
    public static func binary() -> URL? {
        let script = TestServers.packageRoot.appendingPathComponent(".build/venv/bin/hypercorn")
        return FileManager.default.isExecutableFile(atPath: script.path) ? script : nil
    }

    /// The arguments every loopback Hypercorn starts with: one process, bound to `port` on 127.0.0.1, keeping
    /// an idle connection for an hour. Hypercorn's default closes a connection idle for 5 s, which a starved
    /// test can exceed between two requests, and a test that checks reuse would then race the server's timer
    /// (a new stream sent as the connection closes ends "not closed cleanly").
    public static func loopbackArguments(port: UInt16) -> [String] {
        ["--workers", "0", "--bind", "127.0.0.1:\(port)", "--keep-alive", "3600"]
    }

    /// Starts Hypercorn in one process (`--workers 0`), over TLS with `tls`'s server certificate, else over
    /// cleartext, and returns once it accepts connections.
    ///
    /// Returns `nil` when Hypercorn is not installed outside `make test`; under `make test`
    /// (`FERRY_REQUIRE_SERVERS=1`) a missing script throws, so the test fails instead of skipping.
    public static func start(tls: TestCertificates? = nil, timeout: Duration = .seconds(20)) async throws
        -> HypercornServer?
    {
        guard let binary = binary() else {
            return try TestServers.skipOrFail(missing: "hypercorn (.build/venv)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-hypercorn-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try Data(appSource.utf8).write(to: folder.appendingPathComponent("ferry_h2_peer.py"))
            let server = try await LoopbackServerProcess.start(
                binary, in: folder, environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: timeout
            ) { port in
                var arguments = loopbackArguments(port: port)
                if let tls { arguments += ["--certfile", tls.certificateFile.path, "--keyfile", tls.keyFile.path] }
                return arguments + ["ferry_h2_peer:app"]
            }
            return HypercornServer(server: server, folder: folder, scheme: tls == nil ? "http" : "https")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Stops Hypercorn, waits for it to exit and removes its folder; safe to call more than once.
    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The bytes `GET /bytes/N?seed=S` answers: byte `i` is `i × (S + 7)` modulo 256.
    public static func pattern(count: Int, seed: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* (seed + 7)) })
    }
}
