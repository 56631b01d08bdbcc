import FerryTestSupport
import Foundation
import Testing

/// `ferry send` sends a JSON body that does not parse byte for byte (a malformed payload is a normal API test),
/// noting on stderr where it is invalid.
@Suite struct SendAsWrittenTests {
    @Test func anInvalidJSONBodyGoesOutAsWrittenWithANote() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = "{\n  \"a\": 1,\n  \"b\": ,\n}"
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": "POST {{host}}/echo\nContent-Type: application/json\n\n\(body)\n",
                "b.http": "POST {{host}}/echo\nContent-Type: application/json\n\n{\"a\": 1}\n",
            ])
        let output = try await fixture.send(["a.http#1", "--env", "test"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(server.requests.last?.bodyText == body)
        #expect(
            output.standardError.contains("ferry send: note: the JSON body is invalid at 3:8"),
            "\(output.standardError)")
        #expect(output.standardError.contains("it is sent as written"))
        // A valid body gets no note.
        let valid = try await fixture.send(["b.http#1", "--env", "test"])
        #expect(valid.status == 0)
        #expect(!valid.standardError.contains("note:"), "\(valid.standardError)")
    }
}
