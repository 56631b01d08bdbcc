import FerryHTTP
import FerryTestSupport
import Foundation
import Synchronization
import Testing

@testable import FerryWorkbench

/// What a response handler reads about the response when it ran through `RequestSender`: `response.statusText`
/// (the server's reason phrase, or the standard one) and `response.responseTime` (milliseconds).
@Suite struct ResponseHandlerFactsTests {
    @Test func statusTextAndResponseTime() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/made", responding: .text("ok", status: 201))
        let folder = try TemporaryFolder(prefix: "ferry-handler-facts")
        try folder.write(
            "a.http",
            """
            GET \(server.baseURL)/made

            > {%
              client.log(response.status, response.statusText, typeof response.responseTime,
                         response.responseTime >= 0);
            %}

            """)
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first)
        let plan = try workspace.sendPlan(for: found, environment: nil, environments: workspace.environments())
        let sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        let report = Mutex<SendReport?>(nil)
        let transfer = sender.start(try sender.prepare(plan)) { made in report.withLock { $0 = made } }
        for await _ in transfer.events {}
        let handler = try #require(report.withLock { $0 }?.handlers.first)
        #expect(handler.outcome.error == nil)
        #expect(handler.outcome.log == ["201 Created number true"])
    }
}
