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

    /// Each dropped client had two transfers at once, so a transport that outlived its client would leave
    /// at least three handles (its multi handle and two easy ones): 60 for the 20 clients, far above the
    /// allowance of 20 for handles that other suites (HTTP/2 ones hold 6 to 9 at a time, slowly under
    /// ThreadSanitizer) have open at that moment.
    @Test func droppingAClientStopsItsLoop() async throws {
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        let handlesBefore = CurlTransport.liveHandleCount
        for _ in 0..<20 {
            let client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
            async let first = client.send(HTTPRequest(path: "/ok"))
            async let second = client.send(HTTPRequest(path: "/ok"))
            _ = try await (first, second)
        }
        #expect(await waitUntil(.seconds(10)) { CurlTransport.liveHandleCount - handlesBefore < 20 })
        #expect(await waitUntil(.seconds(10)) { server.activeConnections == 0 })
    }

    private func openDescriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}
