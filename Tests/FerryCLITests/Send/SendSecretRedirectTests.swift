import FerryTestSupport
import Foundation
import Testing

/// `ferry send` with a header built from a secret, redirected by httpbin's `/redirect-to` to another origin
/// (`localhost` instead of `127.0.0.1`): the header does not go there, and `--verbose` says it was dropped.
/// Skipped when `FERRY_HTTPBIN_URL` is unset outside `make test`.
@Suite struct SendSecretRedirectTests {
    @Test func aSecretHeaderIsDroppedOnACrossOriginRedirectAndVerboseSaysSo() async throws {
        guard let base = try TestServers.httpbinURL(), let port = URL(string: base)?.port else { return }
        let elsewhere = "http://localhost:\(port)"
        let fixture = try SendCommandTests.Fixture(
            base: base,
            files: [
                "a.http": "GET {{host}}/redirect-to?url=\(elsewhere)/headers\nX-Api-Key: {{key}}\nX-Plain: 1\n",
                "http-client.private.env.json": #"{ "test": { "key": "key-SECRET-9" } }"#,
            ])
        let output = try await fixture.send(["a.http#1", "--env", "test", "--verbose"])
        #expect(output.status == 0, "\(output.standardError)")
        // httpbin's /headers echoes what reached the other origin.
        #expect(output.text.contains(#""X-Plain": "1""#), "\(output.text)")
        #expect(!output.text.contains("X-Api-Key") && !output.text.contains("key-SECRET-9"), "\(output.text)")
        let errors = output.standardError
        #expect(errors.contains("> X-Api-Key: ••••••\n"), "\(errors)")
        #expect(
            errors.contains("> (X-Api-Key dropped: the redirect left http://127.0.0.1:\(port) for \(elsewhere))\n"),
            "\(errors)")
        #expect(!errors.contains("key-SECRET-9"))
    }
}
