import Foundation

/// A real gRPC server for tests: `Tests/Peers/grpc_peer.py` (grpcio and grpcio-reflection, pinned in
/// `scripts/requirements-grpc.txt`, installed into `.build/venv` by `scripts/install-deps.sh`) serving
/// `Tests/Peers/grpc/ferry_test.proto`'s `ferry.test.Echo` (unary) and `ferry.test.Streams` (the streaming kinds)
/// on a free loopback port, with v1alpha server reflection unless told otherwise, over TLS when given certificates.
/// What each method does is written in that file.
public final class GRPCPeerServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public var port: UInt16 { server.port }
    /// `127.0.0.1:PORT`.
    public var authority: String { "127.0.0.1:\(server.port)" }
    private let server: LoopbackServerProcess

    private init(server: LoopbackServerProcess) { self.server = server }

    deinit { stop() }

    /// The virtual environment's Python, when grpcio and its tools are installed in it.
    public static func python() -> URL? {
        let venv = TestServers.packageRoot.appendingPathComponent(".build/venv")
        let python = venv.appendingPathComponent("bin/python")
        guard FileManager.default.fileExists(atPath: venv.appendingPathComponent(".requirements-grpc").path),
            FileManager.default.isExecutableFile(atPath: python.path)
        else { return nil }
        return python
    }

    /// Starts the server (over TLS with `tls`'s certificate; without reflection when `reflection` is false; its
    /// response messages gzip-compressed when `gzip`, to a client that accepts gzip) and
    /// returns once it listens. Returns `nil` when grpcio is not installed outside `make test`; under
    /// `make test` it throws.
    public static func start(
        tls: TestCertificates? = nil, reflection: Bool = true, gzip: Bool = false, timeout: Duration = .seconds(60)
    ) async throws -> GRPCPeerServer? {
        guard let python = python() else { return try TestServers.skipOrFail(missing: "grpcio (.build/venv)") }
        let server = try await LoopbackServerProcess.start(
            python, in: TestServers.packageRoot.appendingPathComponent("Tests/Peers"),
            environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: timeout
        ) { port in
            var arguments = ["grpc_peer.py", String(port)]
            if let tls { arguments += ["--tls", tls.certificateFile.path, tls.keyFile.path] }
            if !reflection { arguments.append("--no-reflection") }
            if gzip { arguments.append("--gzip") }
            return arguments
        }
        return GRPCPeerServer(server: server)
    }

    /// The peer's `FileDescriptorSet` (imports included), as protoc writes it, at `file`; `false` when grpcio
    /// is not installed outside `make test`.
    public static func writeDescriptorSet(to file: URL) async throws -> Bool {
        guard let python = python() else { return try TestServers.skipOrFail(missing: "grpcio (.build/venv)") ?? false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["grpc_peer.py", "--descriptor-set", file.path]
        process.currentDirectoryURL = TestServers.packageRoot.appendingPathComponent("Tests/Peers")
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONDONTWRITEBYTECODE": "1"]) { $1 }
        let status = try await process.runToExit()
        guard status == 0 else {
            throw TestServers.Missing(description: "grpc_peer.py --descriptor-set exited \(status)")
        }
        return true
    }

    /// Compiles `file` with grpcio-tools' protoc (`-I` its folder, each of `importPaths`, then the well-known
    /// types' folder) into a `FileDescriptorSet` with its imports at `output`, for comparing Ferry's own `.proto`
    /// reader with protoc; `false` when grpcio is not installed outside `make test`.
    public static func compileDescriptorSet(_ file: URL, importPaths: [URL] = [], to output: URL) async throws -> Bool {
        guard let python = python() else { return try TestServers.skipOrFail(missing: "grpcio (.build/venv)") ?? false }
        let script = """
            import os, sys
            from grpc_tools import protoc
            include = os.path.join(os.path.dirname(protoc.__file__), "_proto")
            sys.exit(protoc.main(["protoc"] + sys.argv[1:-1] + ["-I" + include, sys.argv[-1]]))
            """
        let process = Process()
        process.executableURL = python
        process.arguments =
            ["-c", script, "-I" + file.deletingLastPathComponent().path] + importPaths.map { "-I" + $0.path } + [
                "--descriptor_set_out=" + output.path, "--include_imports", file.path,
            ]
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONDONTWRITEBYTECODE": "1"]) { $1 }
        let status = try await process.runToExit()
        guard status == 0 else {
            throw TestServers.Missing(description: "protoc \(file.lastPathComponent) exited \(status)")
        }
        return true
    }

    /// Stops the server; safe to call more than once.
    public func stop() { server.stop() }
}
