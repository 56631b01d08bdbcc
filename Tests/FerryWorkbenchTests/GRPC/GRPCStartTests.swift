import FerryHTTP
import FerryTestSupport
import Foundation
import Synchronization
import Testing

@testable import FerryWorkbench

/// A `GRPC` request started as any send (`RequestSender.start`, what the workbench and `ferry run` use) against
/// the grpcio peer: one `.ended` event with the message as JSON and the trailers, `>>` saving the JSON.
@Suite struct GRPCStartTests {
    @Test func aGRPCSendEndsWithTheMessageAsJSONAndSavesIt() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-grpc-start")
        try folder.write(
            "api.http",
            """
            ### echo
            # @name echo
            GRPC {{host}}/ferry.test.Echo/Echo

            {"name": "workbench", "numbers": [7]}

            >> echo.json

            """)
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first { $0.request.name == "echo" })
        let context = try workspace.context(
            for: found, environment: nil, overrides: ["host": server.authority], processEnvironment: [:])
        let plan = SendPlan(
            workspace: workspace, request: found, context: context, environment: nil, folder: folder.url)
        let sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        let send = try sender.prepare(plan)
        let saved = Mutex<[URL]>([])
        let transfer = sender.start(send) { report in saved.withLock { $0 += report.savedFiles } }
        var events: [HTTPTransferEvent] = []
        for await event in transfer.events { events.append(event) }
        guard case .ended(let end) = try #require(events.last) else {
            Issue.record("no end")
            return
        }
        let response = try #require(end.response)
        #expect(response.headers["grpc-status"] == "0")
        #expect(response.headers["Content-Type"] == "application/json")
        let expected = "{\n  \"numbers\": [\n    7\n  ],\n  \"name\": \"workbench\"\n}"
        #expect(String(decoding: end.body.prefix(end.body.count), as: UTF8.self) == expected)
        #expect(saved.withLock { $0 }.map(\.lastPathComponent) == ["echo.json"])
        #expect(try folder.read("echo.json") == expected)
    }
}
