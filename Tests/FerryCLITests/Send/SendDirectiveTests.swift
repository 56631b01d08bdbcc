import FerryTestSupport
import Foundation
import Testing

/// `ferry send` honours `# @retries` (idempotency-aware, `--retry` overrides it) and `# @insecure`.
@Suite struct SendDirectiveTests {
    private func flakyServer(failures: Int) throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        let counter = Counter()
        server.route("/flaky") { _ in counter.next() < failures ? .unavailable(retryAfter: 0) : .text("finally") }
        return server
    }

    @Test func retriesDirectiveRetriesAnIdempotentRequest() async throws {
        let server = try flakyServer(failures: 2)
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "# @retries 2\nGET {{host}}/flaky\n"])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text == "finally")
        #expect(server.requests.count == 3)
        #expect(output.standardError.contains("retry 2 of 2"))
    }

    @Test func aPostIsNotRetriedAfterTheServerAnswered() async throws {
        let server = try flakyServer(failures: 1)
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "# @retries 3\nPOST {{host}}/flaky\n\nbody\n"])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 5)
        #expect(server.requests.count == 1)
    }

    @Test func theRetryFlagOverridesTheDirective() async throws {
        let server = try flakyServer(failures: 1)
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "# @retries 3\nGET {{host}}/flaky\n"])
        let output = try await fixture.send(["a.http", "--env", "test", "--retry", "0"])
        #expect(output.status == 5)
        #expect(server.requests.count == 1)
    }

    @Test func insecureIsSaidOnStandardError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/x", responding: .text("ok"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "# @insecure\nGET {{host}}/x\n", "b.http": "GET {{host}}/x\n"])
        let insecure = try await fixture.send(["a.http", "--env", "test"])
        #expect(insecure.status == 0)
        #expect(insecure.standardError.contains("TLS certificate is not verified"))
        let verified = try await fixture.send(["b.http", "--env", "test"])
        #expect(!verified.standardError.contains("not verified"))
    }
}
