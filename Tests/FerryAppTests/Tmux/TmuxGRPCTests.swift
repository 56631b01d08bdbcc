import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against the grpcio peer: Ctrl-R on a server-streaming `GRPC` request shows its
/// messages as they arrive while the peer holds the stream open, and Esc cancels the call keeping them; a unary
/// call's Headers tab shows its trailers apart, under their own title.
@Suite("ferry in tmux: gRPC calls", .serialized)
struct TmuxGRPCTests {
    @Test func streamMessagesShowLiveAndEscCancelsTheCall() async throws {
        guard TmuxSession.isAvailable, let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryWorkspace(
            requests: "### count\nGRPC {{host}}/ferry.test.Streams/Count\n\n{\"text\": \"hold\", \"count\": 3}\n",
            environments: ["local": server.authority])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 40,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await session.waitFor("requests.http#count")
        try await session.send("C-r")
        try await session.waitForScreen(
            showing: ["gRPC stream: 3 messages so far (Esc cancels the call).", "hold 2"], hiding: [])
        try await session.send("Escape")
        try await session.waitForScreen(showing: ["Canceled", "text: \"hold 0\""], hiding: ["gRPC stream:"])
    }

    @Test func theHeadersTabShowsTheTrailersApart() async throws {
        guard TmuxSession.isAvailable, let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryWorkspace(
            requests: "### echo\nGRPC {{host}}/ferry.test.Echo/Echo\nx-ferry-test: tmux\n\n{\"name\": \"Ferry\"}\n",
            environments: ["local": server.authority])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 40,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await session.waitFor("requests.http#echo")
        try await session.send("C-r")
        try await session.waitForScreen(showing: ["OK  gRPC ferry.test.Echo/Echo"], hiding: [])
        try await session.send("C-t")
        try await session.waitForScreen(
            showing: [
                "gRPC status: OK (0)", "x-ferry-echo: tmux", "Trailers", "grpc-status: 0", "x-ferry-trailer: tmux",
            ],
            hiding: [])
    }
}
