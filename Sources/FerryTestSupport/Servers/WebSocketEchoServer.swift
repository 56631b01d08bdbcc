import Foundation

/// A real WebSocket server for tests: the `websockets` package (pinned in
/// `scripts/requirements-websockets.txt`, installed into `.build/venv` by `scripts/install-deps.sh`) on a
/// free loopback port, running ``WebSocketEchoServer/scriptSource``. Paths:
/// - `/echo`: sends every message back as it came (text as text, binary as binary).
/// - `/delayed/MS`: sends every message back `MS` milliseconds after it came.
/// - `/close/CODE`: closes at once with `CODE` and the reason `bye`.
/// - `/flood/N`: sends `message 0` to `message N-1` as fast as it can, then closes with 1000 and `done`.
/// - `/fragments`: sends `Hello world` as three text fragments, then echoes.
/// - `/ping`: pings the client, then sends `pong received` once the pong came back, then echoes.
/// - `/headers`: sends the handshake's `X-Ferry-Test` header value, then echoes.
/// - `/cookies`: its `101` sets the cookie `ws_session=from-101` (path `/`); sends the handshake's `Cookie`
///   header (`(none)` without one), then echoes.
///
/// Without ``Compression`` the server agrees to no extension; with it, to permessage-deflate when offered.
public final class WebSocketEchoServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public var port: UInt16 { server.port }
    /// `ws://127.0.0.1:PORT`, or `wss://…` over TLS.
    public let baseURL: String
    private let server: LoopbackServerProcess
    private let folder: URL

    private init(server: LoopbackServerProcess, folder: URL, scheme: String) {
        self.server = server
        self.folder = folder
        baseURL = "\(scheme)://127.0.0.1:\(server.port)"
    }

    deinit { stop() }

    /// The virtual environment's Python, when `websockets` is installed in it.
    public static func python() -> URL? {
        let venv = TestServers.packageRoot.appendingPathComponent(".build/venv")
        let python = venv.appendingPathComponent("bin/python")
        guard FileManager.default.fileExists(atPath: venv.appendingPathComponent(".requirements-websockets").path),
            FileManager.default.isExecutableFile(atPath: python.path)
        else { return nil }
        return python
    }

    /// The permessage-deflate a server agrees to (RFC 7692).
    public enum Compression: String, Sendable {
        /// `websockets`' defaults: both sides keep their context; the client's window as it offered.
        case standard
        /// No context takeover either way and a client window of 2^10 bytes.
        case strict
    }

    /// Starts the server, over TLS with `tls`'s certificate when given, agreeing to `compression` when given,
    /// and returns once it listens. Returns `nil` when `websockets` is not installed outside `make test`;
    /// under `make test` it throws.
    public static func start(
        tls: TestCertificates? = nil, compression: Compression? = nil, timeout: Duration = .seconds(20)
    ) async throws -> WebSocketEchoServer? {
        guard let python = python() else { return try TestServers.skipOrFail(missing: "websockets (.build/venv)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-websockets-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let script = folder.appendingPathComponent("ferry_ws_peer.py")
            try Data(scriptSource.utf8).write(to: script)
            let server = try await LoopbackServerProcess.start(
                python, in: folder,
                environment: ["PYTHONDONTWRITEBYTECODE": "1", "FERRY_WS_COMPRESSION": compression?.rawValue ?? ""],
                timeout: timeout
            ) { port in
                var arguments = [script.path, "\(port)"]
                if let tls { arguments += [tls.certificateFile.path, tls.keyFile.path] }
                return arguments
            }
            return WebSocketEchoServer(server: server, folder: folder, scheme: tls == nil ? "ws" : "wss")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Stops the server and removes its folder; safe to call more than once.
    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The server program: `python ferry_ws_peer.py PORT [CERT KEY]`.
    public static let scriptSource = """
        import asyncio, os, ssl, sys
        from websockets.asyncio.server import serve
        from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

        async def echo(ws):
            async for message in ws:
                await ws.send(message)

        async def handler(ws):
            path = ws.request.path
            if path.startswith("/delayed/"):
                delay = int(path.split("/")[2]) / 1000
                async for message in ws:
                    await asyncio.sleep(delay)
                    await ws.send(message)
                return
            if path.startswith("/flood/"):
                for number in range(int(path.split("/")[2])):
                    await ws.send(f"message {number}")
                await ws.close(1000, "done")
                return
            if path.startswith("/close/"):
                await ws.close(int(path.split("/")[2]), "bye")
                return
            if path == "/fragments":
                await ws.send(["Hel", "lo ", "world"])
            elif path == "/ping":
                waiter = await ws.ping(b"ferry")
                await waiter
                await ws.send("pong received")
            elif path == "/headers":
                await ws.send(ws.request.headers.get("X-Ferry-Test", "(none)"))
            elif path == "/cookies":
                await ws.send(ws.request.headers.get("Cookie", "(none)"))
            await echo(ws)

        def process_response(connection, request, response):
            if request.path == "/cookies":
                response.headers["Set-Cookie"] = "ws_session=from-101; Path=/"
            return response

        async def main():
            context = None
            if len(sys.argv) > 3:
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(sys.argv[2], sys.argv[3])
            mode = os.environ.get("FERRY_WS_COMPRESSION", "")
            extensions = []
            if mode == "standard":
                extensions = [ServerPerMessageDeflateFactory()]
            elif mode == "strict":
                extensions = [ServerPerMessageDeflateFactory(
                    server_no_context_takeover=True, client_no_context_takeover=True, client_max_window_bits=10)]
            async with serve(handler, "127.0.0.1", int(sys.argv[1]), ssl=context, compression=None,
                             extensions=extensions, max_size=None, process_response=process_response) as server:
                await server.serve_forever()

        asyncio.run(main())
        """
}
