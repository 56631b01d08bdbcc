import FerryTestSupport
import Foundation
import Testing

/// `ferry send` signing in with `{{$auth.token("id")}}` against the Authlib server, and `ferry auth` listing,
/// refreshing and forgetting the cached token, as the real binary; and environment files that cannot be read
/// costing only what depends on them.
@Suite struct AuthCommandTests {
    @Test func sendSignsInAndAuthListsRefreshesAndForgetsWithoutPrintingTheToken() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: Self.machineSignIn(at: server).merging([
                "me.http": "GET {{host}}/api/me\nAuthorization: Bearer {{$auth.token(\"machine\")}}\n"
            ]) { _, new in new })
        let sent = try await fixture.send(["me.http", "--env", "dev", "--verbose"])
        #expect(sent.status == 0, "\(sent.standardError)")
        #expect(sent.text.contains(#""client":"ferry-app""#))
        let tokens = try String(
            contentsOf: fixture.root.appendingPathComponent(".ferry/auth-tokens.json"), encoding: .utf8)
        let token = try #require(tokens.split(separator: "\"").drop { $0 != "accessToken" }.dropFirst(2).first)
        #expect(!sent.standardError.contains(token), "--verbose masks the token")
        #expect(try !fixture.history().contains(token))

        let list = try await FerryProcess.run(["auth"], currentDirectory: fixture.root)
        #expect(list.status == 0)
        #expect(list.text.contains("dev  machine  expires in"), "\(list.text)")
        #expect(!list.text.contains(token))

        let refresh = try await FerryProcess.run(
            ["auth", "refresh", "machine", "--env", "dev"], currentDirectory: fixture.root)
        #expect(refresh.status == 0, "\(refresh.standardError)")
        #expect(refresh.text.contains("Signed in to 'machine'"))
        let renewed = try String(
            contentsOf: fixture.root.appendingPathComponent(".ferry/auth-tokens.json"), encoding: .utf8)
        #expect(!renewed.contains(token), "a new token replaced the old one")

        let forget = try await FerryProcess.run(["auth", "forget"], currentDirectory: fixture.root)
        #expect(forget.text.contains("Forgot 1 token."))
        let empty = try await FerryProcess.run(["auth", "list"], currentDirectory: fixture.root)
        #expect(empty.text.contains("No tokens cached"))
    }

    /// `ferry run` sends on its transport's thread; a sign-in blocks its thread until the token is in, so it goes
    /// through a transport of its own. Through the run's, the token request would never be answered.
    @Test func runSignsInThroughATransportOfItsOwn() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: Self.machineSignIn(at: server).merging([
                "me.http": """
                ### me
                GET {{host}}/api/me
                Authorization: Bearer {{$auth.token("machine")}}

                ### again
                GET {{host}}/api/me
                Authorization: Bearer {{$auth.token("machine")}}

                """
            ]) { _, new in new })
        let ran = try await FerryProcess.run(["run", "me.http", "--env", "dev"], currentDirectory: fixture.root)
        #expect(ran.status == 0, "\(ran.text)\(ran.standardError)")
        #expect(ran.text.contains("2 passed, 0 failed"), "\(ran.text)")
    }

    /// The environment files of `dev` with the `machine` sign-in (client credentials) against `server`, its secret in
    /// the private file.
    private static func machineSignIn(at server: OAuthServer) -> [String: String] {
        [
            "http-client.env.json": """
            {
              "dev": {
                "host": "\(server.baseURL)",
                "Security": { "Auth": { "machine": {
                  "Type": "OAuth2", "Grant Type": "Client Credentials", "Token URL": "{{host}}/token",
                  "Client ID": "ferry-app"
                } } }
              }
            }
            """,
            "http-client.private.env.json":
                #"{ "dev": { "Security": { "Auth": { "machine": { "Client Secret": "app-secret" } } } } }"#,
        ]
    }

    @Test func anEncryptedPrivateFileCostsOnlyTheRequestsThatNeedIt() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/open", responding: .text("open"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "http-client.private.env.json": "\0GITCRYPT\0\u{1}\u{2}binary",
                "a.http": "### open\nGET {{host}}/open\n\n### secret\nGET {{host}}/open?key={{apiKey}}\n",
            ])
        let open = try await fixture.send(["a.http#1", "--env", "test"])
        #expect(open.status == 0, "\(open.standardError)")
        #expect(open.text == "open")
        #expect(open.standardError.contains("warning: http-client.private.env.json:1"))
        #expect(open.standardError.contains("git-crypt"))
        let secret = try await fixture.send(["a.http#2", "--env", "test"])
        #expect(secret.status == 2)
        #expect(secret.standardError.contains("unresolved variable {{apiKey}}"))
        #expect(secret.standardError.contains("an environment file could not be read"))
    }
}
