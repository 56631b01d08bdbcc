import FerryTestSupport
import Foundation
import Testing

/// `ferry send --verbose`: the heads libcurl wrote on stderr as `> ` lines, secrets masked, stdout untouched.
@Suite struct SendVerboseTests {
    @Test func printsEverySentHeadMaskedOnStandardError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/old", responding: .redirect(to: "/echo"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": "GET {{host}}/old\nAuthorization: Basic ada s3cret\nX-Key: {{key}}\n",
                "http-client.private.env.json": #"{ "test": { "key": "key-SECRET-9" } }"#,
            ])
        let output = try await fixture.send(["a.http#1", "--env", "test", "--verbose"])
        #expect(output.status == 0)
        let recorded = server.requests
        #expect(recorded.map(\.path) == ["/old", "/echo"])
        let errors = output.standardError
        #expect(errors.contains("> GET /old HTTP/1.1\n"), "\(errors)")
        #expect(errors.contains("> GET /echo HTTP/1.1\n"), "\(errors)")
        #expect(errors.contains("> Host: \(recorded[1].header("Host") ?? "?")\n"), "\(errors)")
        #expect(errors.contains("> User-Agent: \(recorded[1].header("User-Agent") ?? "?")\n"), "\(errors)")
        #expect(errors.contains("> Authorization: Basic ••••••\n"), "\(errors)")
        #expect(errors.contains("> X-Key: ••••••\n"), "\(errors)")
        #expect(!errors.contains("key-SECRET-9") && !errors.contains("YWRh"), "\(errors)")
        #expect(recorded[1].header("X-Key") == "key-SECRET-9")
        // The body on stdout is the echo, unchanged by --verbose.
        #expect(
            output.text.contains(#""target":"\/echo""#) || output.text.contains(#""target": "/echo""#), "\(output.text)"
        )

        let quiet = try await fixture.send(["a.http#1", "--env", "test"])
        #expect(quiet.status == 0)
        #expect(!quiet.standardError.contains("> GET"))
    }
}
