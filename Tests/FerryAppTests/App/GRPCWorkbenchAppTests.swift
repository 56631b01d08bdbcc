import FerryGRPC
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// On the real loop against the real grpcio peer (`Tests/Peers/grpc_peer.py`, descriptors by server reflection):
/// Ctrl-R on a `GRPC` request makes the call through ``RequestSender/sendGRPC(_:onMessage:)``; the Body tab shows
/// the message as a JSON tree, a server stream's messages arrive live one entry each, Esc cancels the call, the
/// status and trailers are on the Headers tab, a status other than OK is named with its message, and the history
/// records the exchange as `ferry send` does. Skips when grpcio is missing (see ``GRPCPeerServer``).
@Suite("gRPC in the workbench", .serialized)
struct GRPCWorkbenchAppTests {
    /// A workspace whose one request is `request` (`{{host}}` is the peer's `127.0.0.1:PORT`).
    func workspace(_ request: String, server: GRPCPeerServer) throws -> TemporaryWorkspace {
        try TemporaryWorkspace(requests: "### call\n" + request + "\n", environments: ["local": server.authority])
    }

    @Test func unaryCallShowsTheMessageAsATreeAndTheTrailersOnTheHeadersTab() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace(
            "GRPC {{host}}/ferry.test.Echo/Echo\nx-ferry-test: workbench\n\n{\"name\": \"Ferry\", \"numbers\": [1, 2]}",
            server: server)
        let app = try AppHarness(workspace: folder.url, width: 100, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let answered = try await app.moment("the message as a tree") {
            if case .json = $0.state.currentExchange?.body { return true }
            return false
        }
        let exchange = try #require(answered.state.currentExchange)
        #expect(exchange.grpc?.status == GRPCStatus(.ok))
        #expect(exchange.grpc?.method == "ferry.test.Echo/Echo")
        #expect(exchange.grpc?.kind == "unary")
        #expect(answered.screen.contains(" OK  gRPC ferry.test.Echo/Echo  · 1 message"), "\(answered.screen)")
        #expect(answered.screen.contains(#"name: "Ferry""#), "\(answered.screen)")
        // The metadata went out as headers (the peer echoes it in its initial metadata).
        try await app.press(.control("t"))
        #expect(app.state.response.tab == .headers)
        #expect(app.shows("gRPC status: OK (0)"), "\(app.screen)")
        // The trailers under a title of their own, after the headers.
        let tab = app.screen
        let (echo, title) = (tab.range(of: "x-ferry-echo: workbench"), tab.range(of: "Trailers"))
        let (status, trailer) = (tab.range(of: "grpc-status: 0"), tab.range(of: "x-ferry-trailer: workbench"))
        #expect(echo != nil && title != nil && status != nil && trailer != nil, "\(tab)")
        if let echo, let title, let status, let trailer {
            #expect(echo.upperBound < title.lowerBound && title.upperBound < status.lowerBound, "\(tab)")
            #expect(title.upperBound < trailer.lowerBound, "\(tab)")
        }
        // The history has the exchange as `ferry send` writes it: method GRPC, the message as the body.
        let history = try String(contentsOf: folder.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        #expect(history.contains(#""method":"GRPC""#), "\(history)")
        #expect(history.contains("Ferry"), "\(history)")
        try await app.quit()
    }

    @Test func streamMessagesArriveLiveAndEscCancelsTheCall() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        // Three replies, then the peer holds the stream open until the client goes away.
        let folder = try workspace(
            "GRPC {{host}}/ferry.test.Streams/Count\n\n{\"text\": \"hold\", \"count\": 3}", server: server)
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let live = try await app.moment("three messages live") {
            ($0.state.currentExchange?.events?.count ?? 0) >= 3 && $0.state.currentExchange?.isInFlight == true
        }
        #expect(live.screen.contains("gRPC stream: 3 messages so far (Esc cancels the call)."), "\(live.screen)")
        #expect(live.screen.contains(#""text": "hold 2""#), "\(live.screen)")
        #expect(live.screen.contains(" Sending GRPC"), "\(live.screen)")
        app.enqueue(.key(.escape))
        let canceled = try await app.moment("the call canceled, its messages shown") {
            if case .json = $0.state.currentExchange?.body, $0.state.currentExchange?.grpc?.status != nil {
                return true
            }
            return false
        }
        let exchange = try #require(canceled.state.currentExchange)
        #expect(!exchange.isInFlight)
        #expect(exchange.grpc?.status?.code == .cancelled)
        #expect(exchange.grpc?.messageCount == 3)
        #expect(canceled.screen.contains("Canceled"), "\(canceled.screen)")
        #expect(canceled.screen.contains(#"text: "hold 0""#), "\(canceled.screen)")
        try await app.quit()
    }

    @Test func aStatusOtherThanOKIsNamedWithItsMessage() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace(
            "GRPC {{host}}/ferry.test.Echo/Fail\n\n{\"text\": \"no member 8\", \"count\": 5}", server: server)
        let app = try AppHarness(workspace: folder.url, width: 100, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let failed = try await app.moment("the status") { $0.state.currentExchange?.grpc?.status != nil }
        #expect(failed.state.currentExchange?.grpc?.status == GRPCStatus(.notFound, message: "no member 8"))
        try await app.settle()
        #expect(app.shows(" NOT_FOUND  gRPC ferry.test.Echo/Fail  · 0 messages"), "\(app.screen)")
        #expect(app.shows("NOT_FOUND (5): no member 8"), "\(app.screen)")
        try await app.press(.control("t"))
        #expect(app.shows("grpc-message: no member 8"), "\(app.screen)")
        try await app.quit()
    }

    @Test func aCallThatCannotBeMadeSaysWhy() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace("GRPC {{host}}/ferry.test.Echo/Ech\n\n{}", server: server)
        let app = try AppHarness(workspace: folder.url, width: 100, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the failure") {
            if case .failed = app.state.currentExchange?.phase { return true }
            return false
        }
        try await app.settle()
        #expect(app.shows("ferry.test.Echo has no method Ech (methods:"), "\(app.screen)")
        try await app.quit()
    }
    @Test func ctrlLFetchesTheDescriptorsTabCompletesFieldsAndMismatchesAreMarked() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace("GRPC {{host}}/ferry.test.Echo/Echo\n\n{\"name\": \"x\"}", server: server)
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab))
        try await app.press(.control("l"))
        try await app.waitFor("the descriptors") { app.shows("Descriptors of \(server.authority): 2 services") }
        #expect(app.state.grpc.descriptors[server.authority]?.pool?.service("ferry.test.Echo") != nil)
        // The body editor, the cursor before the closing brace.
        try await app.press(.control("t"), .control("t"), .key(.down), .key(.left))
        #expect(app.shows("✓ ferry.test.Everything · Tab completes"), "\(app.screen)")
        try await app.type(", \"sca")
        #expect(app.shows(" scalars Scalars"), "the completion list under the cursor\n\(app.screen)")
        try await app.press(.key(.tab))
        try await app.type("\": {\"anInt32\": \"many\"}")
        #expect(app.state.bodyEditor?.text == #"{"name": "x", "scalars": {"anInt32": "many"}}"#)
        // The value of the wrong type: in words above the body, its key underlined where it is.
        #expect(app.shows("✗ line 1, column 27: "), "\(app.screen)")
        let lines = app.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains(#""anInt32": "many""#) })
        let column = lines[row].distance(
            from: lines[row].startIndex, to: try #require(lines[row].range(of: #""anInt32""#)).lowerBound)
        #expect(app.backend.grid[column, row].style.modifiers.contains(.underline))
        #expect(app.backend.grid[column + 8, row].style.modifiers.contains(.underline))
        #expect(!app.backend.grid[column + 9, row].style.modifiers.contains(.underline))
        try await app.quit()
    }

    @Test func aSendFetchesTheEndpointsDescriptorsOnce() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace("GRPC {{host}}/ferry.test.Echo/Echo\n\n{\"name\": \"x\"}", server: server)
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the descriptors and the answer") {
            app.state.grpc.descriptors[server.authority]?.pool != nil && app.state.currentExchange?.grpc?.status != nil
        }
        // Fetched for the send, they arrive without a word; a second send finds them known.
        app.enqueue(.control("r"))
        try await app.waitFor("the second answer") {
            app.state.currentExchange?.id == SendID(number: 2) && app.state.currentExchange?.grpc?.status != nil
        }
        try await app.settle()
        #expect(!app.shows("Descriptors of"), "\(app.screen)")
        try await app.quit()
    }

    @Test func tabCompletesTheServiceAndMethodOnTheGRPCLine() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace("GRPC {{host}}/ferry.test.Echo/Echo\n\n{}", server: server)
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab))
        try await app.press(.control("l"))
        try await app.waitFor("the descriptors") { app.state.grpc.descriptors[server.authority]?.pool != nil }
        // Erase `Echo/Echo` (the cursor is at the end of the URL), then complete the service and the method.
        for _ in 0..<"Echo/Echo".count { try await app.press(.key(.backspace)) }
        try await app.type("S")
        #expect(app.shows("Tab completes: ferry.test.Streams"), "\(app.screen)")
        try await app.press(.key(.tab))
        try await app.type("/Co")
        #expect(app.shows("Tab completes: Collect  Count"), "\(app.screen)")
        try await app.press(.key(.tab))
        #expect(app.state.currentRequest?.fullURL == "{{host}}/ferry.test.Streams/Collect")
        try await app.quit()
    }
}
