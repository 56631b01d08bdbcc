import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Transports give back every libcurl handle, thread and file descriptor when they go away.
///
/// Other suites run at the same time and open descriptors of their own, so the checks allow a little
/// noise and poll until it settles; a leak of one descriptor or handle per transport (20 of them) can't hide.
@Suite struct LeakTests {
    @Test func transportsReleaseHandlesAndDescriptors() async throws {
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(2)))
        server.route("/reset", responding: TestResponse().aborted(.resetImmediately))
        _ = try await HTTPClient().send(HTTPRequest(url: URL(string: server.baseURL + "/ok")!))  // warm up libcurl
        let descriptorsBefore = openDescriptorCount()
        let handlesBefore = CurlTransport.liveHandleCount

        for round in 1...20 {
            let client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
            _ = try await client.send(HTTPRequest(path: "/ok"))
            _ = try? await client.send(HTTPRequest(path: "/reset"))
            let pending = client.task(for: HTTPRequest(path: "/slow", query: ["round": .string(String(round))]))
            #expect(await waitUntil { server.requests.contains { $0.target == "/slow?round=\(round)" } })
            pending.cancel()
            let unanswered = client.task(for: HTTPRequest(path: "/slow"))
            (client.transport as? CurlTransport)?.shutdown()
            #expect(await unanswered.result.failureReason == .canceled)
        }

        #expect(await waitUntil(.seconds(10)) { CurlTransport.liveHandleCount - handlesBefore < 10 })
        #expect(await waitUntil(.seconds(10)) { openDescriptorCount() - descriptorsBefore < 10 })
        server.stop()
    }

    /// Twenty clients that each ran two transfers at once hold three handles apiece (a multi handle and
    /// two easy ones, 60 in all); dropping them together must give all of those back. The count is taken
    /// right before the drop, so only handles other suites open in the next moment blur it (HTTP/2 suites
    /// hold 6 to 9 at a time, the app's several): hence "at least 50 fewer", which a transport outliving
    /// its client (0 fewer) can't meet.
    @Test func droppingAClientStopsItsLoop() async throws {
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        var clients: [HTTPClient] = []
        for _ in 0..<20 {
            let client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
            async let first = client.send(HTTPRequest(path: "/ok"))
            async let second = client.send(HTTPRequest(path: "/ok"))
            _ = try await (first, second)
            clients.append(client)
        }
        let handlesHeld = CurlTransport.liveHandleCount
        clients.removeAll()
        #expect(await waitUntil(.seconds(10)) { handlesHeld - CurlTransport.liveHandleCount >= 50 })
        #expect(await waitUntil(.seconds(10)) { server.activeConnections == 0 })
    }

    private func openDescriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}
