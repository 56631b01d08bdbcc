import FerryGRPC
import FerryHTTP
import FerryProtobuf
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// A `GRPC` send by keys on ``ReducerTester``, every change stated, its effects run for real against the grpcio
/// peer: Ctrl-R starts the call (``Effect/sendGRPC(id:_:)``), what was prepared, the status and the end come
/// back, and the body is prepared as a JSON tree; Esc cancels a call under way, which ends `CANCELLED`.
@Suite("Reducer: gRPC sends", .serialized)
struct GRPCReducerTests {
    /// The state of a workspace whose open request is `request` against `server`, the endpoint's descriptors
    /// known (read from the peer's `.proto` by Ferry's reader), so a send fetches none.
    func state(_ request: String, server: GRPCPeerServer) throws -> (TemporaryWorkspace, AppState) {
        let folder = try TemporaryWorkspace(
            requests: "### call\n" + request + "\n", environments: ["local": server.authority])
        var state = try folder.loadState(size: Size(width: 80, height: 24))
        let proto = TestServers.packageRoot.appendingPathComponent("Tests/Peers/grpc/ferry_test.proto")
        state.grpc.descriptors[server.authority] = .loaded(
            try ProtoSourceLoader().pool(loading: proto.path), source: proto.path)
        return (folder, state)
    }

    @Test func ctrlRMakesTheCallAndItsStatusAndMessageArrive() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let (folder, state) = try state("GRPC {{host}}/ferry.test.Echo/Echo\n\n{\"name\": \"Ferry\"}", server: server)
        defer { withExtendedLifetime(folder) {} }
        let tester = ReducerTester(state)
        let id = try #require(state.openRequest)
        let effects = tester.press(.control("r")) {
            var exchange = Exchange(id: .first, requestID: id)
            exchange.grpc = GRPCCallState()
            $0.response.exchanges[id] = exchange
            $0.response.nextSendID = SendID(number: 2)
            $0.message = nil
        }
        guard case .sendGRPC(.first, _) = effects.first else {
            Issue.record("expected a gRPC send, got \(effects)")
            return
        }
        await tester.receivePrepared(.first, of: id)
        await tester.receiveGRPCAnswer(.first, of: id) { call in
            #expect(call.status == GRPCStatus(.ok))
            #expect(call.method == "ferry.test.Echo/Echo")
            #expect(call.messageCount == 1)
        }
        let end = await tester.receiveEnd(.first, of: id)
        #expect(end?.response?.headers["grpc-status"] == "0")
        #expect(String(decoding: end?.response?.body ?? Data(), as: UTF8.self) == "{\n  \"name\": \"Ferry\"\n}")
        await tester.receive({ action -> ResponseBody? in
            guard case .transfer(.first, .bodyPrepared(let body)) = action else { return nil }
            return body
        }) { state, body in
            state.response.exchanges[id]?.body = body
            if case .received(var response)? = state.response.exchanges[id]?.phase {
                response.body = Data()
                state.response.exchanges[id]?.phase = .received(response)
            }
        }
        guard case .json? = tester.state.response.exchanges[id]?.body else {
            Issue.record(
                "the body is not a JSON tree: \(String(describing: tester.state.response.exchanges[id]?.body))")
            return
        }
        await tester.finish()
    }

    @Test func escCancelsACallUnderWay() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        // Slow answers after 60 s; the descriptors are cached first, so the call itself is what Esc cancels.
        let (folder, state) = try state(
            "GRPC {{host}}/ferry.test.Echo/Slow\n\n{\"text\": \"late\", \"count\": 60}", server: server)
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let target = try #require(GRPCTarget(parsing: server.authority + "/ferry.test.Echo/Slow"))
        let files = try await ServerReflection(client: HTTPClient(transport: transport), endpoint: target)
            .serializedFiles(containing: ["ferry.test.Echo"])
        try GRPCDescriptorCache(stateFolder: folder.url.appendingPathComponent(".ferry")).write(
            files, for: server.authority)
        let tester = ReducerTester(state)
        let id = try #require(state.openRequest)
        tester.press(.control("r")) {
            var exchange = Exchange(id: .first, requestID: id)
            exchange.grpc = GRPCCallState()
            $0.response.exchanges[id] = exchange
            $0.response.nextSendID = SendID(number: 2)
            $0.message = nil
        }
        await tester.receivePrepared(.first, of: id)
        tester.press(.key(.escape)) {
            $0.response.exchanges[id]?.phase = .canceled
            $0.report(.info("Canceled."))
        }
        await tester.receiveGRPCAnswer(.first, of: id) { call in
            #expect(call.status?.code == .cancelled)
            #expect(call.messageCount == 0)
        }
        let end = await tester.receiveEnd(.first, of: id)
        #expect(end?.body.count == 0)
        await tester.finish()
    }

    @Test func descriptorsAreFetchedOncePerEndpoint() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryWorkspace(
            requests: "### call\nGRPC {{host}}/ferry.test.Echo/Echo\n\n{}\n", environments: ["local": server.authority])
        let tester = ReducerTester(try folder.loadState(size: Size(width: 80, height: 24)))
        let endpoint = server.authority
        tester.send(.grpc(.descriptorsNeeded)) { $0.grpc.descriptors[endpoint] = .fetching(isAsked: false) }
        // Asked again while they come, nothing more happens.
        tester.send(.grpc(.descriptorsNeeded)) { _ in }
        tester.send(.grpc(.descriptorsRequested)) { _ in }
        await tester.receive({ action -> GRPCLoadedDescriptors? in
            guard case .grpc(.descriptorsLoaded(endpoint, .success(let loaded))) = action else { return nil }
            return loaded
        }) { state, loaded in
            #expect(loaded.source == "server reflection")
            #expect(loaded.pool.service("ferry.test.Streams") != nil)
            state.grpc.descriptors[endpoint] = .loaded(loaded.pool, source: loaded.source)
            state.grpc.loads += 1
        }
        // Known: a send asks for nothing; Ctrl-L fetches them again, through the cache reflection filled.
        tester.send(.grpc(.descriptorsNeeded)) { _ in }
        tester.send(.grpc(.descriptorsRequested)) {
            $0.grpc.descriptors[endpoint] = .fetching(isAsked: true)
            $0.report(.info("Fetching the descriptors of \(endpoint)…"))
        }
        await tester.receive({ action -> GRPCLoadedDescriptors? in
            guard case .grpc(.descriptorsLoaded(endpoint, .success(let loaded))) = action else { return nil }
            return loaded
        }) { state, loaded in
            #expect(loaded.source == "the cached reflection (.ferry/grpc)")
            state.grpc.descriptors[endpoint] = .loaded(loaded.pool, source: loaded.source)
            state.grpc.loads += 1
            state.report(.info("Descriptors of \(endpoint): 2 services (the cached reflection (.ferry/grpc))."))
        }
        await tester.finish()
    }
}

extension ReducerTester {
    /// Receives the status of gRPC send `send` and states the change: request `id`'s exchange holds the call;
    /// `check` looks into it.
    fileprivate func receiveGRPCAnswer(
        _ send: SendID, of id: RequestID, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ check: (GRPCCallState) -> Void
    ) async {
        await receive(
            sourceLocation: sourceLocation,
            { action -> GRPCCallState? in
                guard case .transfer(send, .grpcAnswered(let call)) = action else { return nil }
                return call
            }
        ) { state, call in
            check(call)
            state.response.exchanges[id]?.grpc = call
        }
    }
}
