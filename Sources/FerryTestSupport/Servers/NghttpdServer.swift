import Foundation

/// A real HTTP/2 server for tests: `nghttpd` (Debian's `nghttp2-server`) on a free loopback port, serving
/// the files of a folder over h2c with prior knowledge, or over TLS with ALPN `h2` when given certificates.
///
/// ```swift
/// guard let server = try await NghttpdServer.start(serving: folder) else { return }  // skipped: no nghttpd
/// defer { server.stop() }
/// let url = server.baseURL + "/file.txt"
/// ```
public final class NghttpdServer: Sendable {
    /// The port nghttpd listens on, on 127.0.0.1.
    public var port: UInt16 { server.port }
    /// `http://127.0.0.1:PORT`, or `https://…` over TLS.
    public let baseURL: String
    private let server: LoopbackServerProcess

    private init(server: LoopbackServerProcess, scheme: String) {
        self.server = server
        baseURL = "\(scheme)://127.0.0.1:\(server.port)"
    }

    /// The `nghttpd` binary: on `PATH`, else in the `sbin` folders Debian installs it to.
    public static func binary() -> URL? { TestServers.executable(named: "nghttpd") }

    /// Starts nghttpd serving `folder` and returns once it accepts connections: over TLS with `tls`'s
    /// server certificate (HTTP/2 only, negotiated with ALPN), else over cleartext h2c with prior knowledge.
    /// With `frameLog`, nghttpd writes every frame it sends and receives there (its `-v`), such as the
    /// `HEADERS` frames' priority fields.
    ///
    /// Returns `nil` when nghttpd is not installed outside `make test`; under `make test`
    /// (`FERRY_REQUIRE_SERVERS=1`) a missing binary throws, so the test fails instead of skipping.
    public static func start(
        serving folder: URL, tls: TestCertificates? = nil, frameLog: URL? = nil, timeout: Duration = .seconds(10)
    ) async throws -> NghttpdServer? {
        guard let binary = binary() else { return try TestServers.skipOrFail(missing: "nghttpd") }
        let server = try await LoopbackServerProcess.start(binary, timeout: timeout, output: frameLog) { port in
            let common = (frameLog == nil ? [] : ["-v"]) + ["-a", "127.0.0.1", "-d", folder.path, String(port)]
            guard let tls else { return ["--no-tls"] + common }
            return common + [tls.keyFile.path, tls.certificateFile.path]
        }
        return NghttpdServer(server: server, scheme: tls == nil ? "http" : "https")
    }

    /// Stops nghttpd and waits for it to exit; safe to call more than once.
    public func stop() { server.stop() }
}
