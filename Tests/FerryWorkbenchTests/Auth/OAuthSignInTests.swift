import FerryHTTP
import FerryTestSupport
import Foundation
import Synchronization
import Testing

@testable import FerryWorkbench

/// `{{$auth.token("id")}}` through `RequestSender` against a real OAuth 2.0 authorization server (Authlib,
/// `Tests/Peers/oauth_peer.py`): every grant JetBrains documents, the token cached per environment under
/// `.ferry/` with mode 0600 and reused, refreshed before it expires, client authentication in the header, the
/// body or none, custom parameters, and the token masked in what is shown and recorded. The browser of the
/// browser grants is a script following the redirects with curl, so the server's redirect and Ferry's loopback
/// catcher are both real.
@Suite(.serialized) struct OAuthSignInTests {
    let server: OAuthServer?
    let folder: TemporaryFolder

    init() async throws {
        server = try await OAuthServer.start()
        folder = try TemporaryFolder(prefix: "ferry-oauth")
        let base = server?.baseURL ?? "http://127.0.0.1:9"
        try folder.write(
            "http-client.env.json",
            """
            {
              "$schema": "https://json.schemastore.org/http-client-env.json",
              // JetBrains accepts comments in environment files.
              "dev": {
                "server": "\(base)",
                "port": "\(try LoopbackPort.free())",
                "Security": {
                  "Auth": {
                    "machine": {
                      "Type": "OAuth2", "Grant Type": "Client Credentials", "Token URL": "{{server}}/token",
                      "Client ID": "ferry-app", "Scope": "read",
                      "Custom Request Parameters": {
                        "audience": { "Value": "https://api.example", "Use": "In Token Request" },
                        "resource": ["r1", "r2"],
                        "prompt": { "Value": "none", "Use": "In Auth Request" }
                      }
                    },
                    "body-auth": {
                      "Type": "OAuth2", "Grant Type": "Client Credentials", "Token URL": "{{server}}/token",
                      "Client ID": "ferry-app", "Client Credentials": "in body"
                    },
                    "person": {
                      "Type": "OAuth2", "Grant Type": "Password", "Token URL": "{{server}}/token",
                      "Client ID": "ferry-short", "Username": "ada", "Scope": "openid read"
                    },
                    "browser": {
                      "Type": "OAuth2", "Grant Type": "Authorization Code", "Auth URL": "{{server}}/authorize",
                      "Token URL": "{{server}}/token", "Client ID": "ferry-public", "Client Credentials": "none",
                      "PKCE": true, "Scope": "read"
                    },
                    "plain-pkce": {
                      "Type": "OAuth2", "Grant Type": "Authorization Code", "Auth URL": "{{server}}/authorize",
                      "Token URL": "{{server}}/token", "Client ID": "ferry-public", "Client Credentials": "none",
                      "PKCE": { "Code Challenge Method": "Plain" }
                    },
                    "implicit": {
                      "Type": "OAuth2", "Grant Type": "Implicit", "Auth URL": "{{server}}/authorize",
                      "Client ID": "ferry-public", "Redirect URL": "http://localhost:{{port}}/back"
                    },
                    "tv": {
                      "Type": "OAuth2", "Grant Type": "Device Authorization", "Device Auth URL": "{{server}}/device_authorization",
                      "Token URL": "{{server}}/token", "Client ID": "ferry-public", "Client Credentials": "none"
                    },
                    "manual": {
                      "Type": "OAuth2", "Grant Type": "Client Credentials", "Token URL": "{{server}}/token",
                      "Client ID": "ferry-app", "Acquire Automatically": false
                    },
                    "broken": { "Type": "OAuth2", "Grant Type": "Magic", "Client ID": "x" }
                  }
                }
              }
            }
            """)
        try folder.write(
            "http-client.private.env.json",
            """
            { "dev": { "Security": { "Auth": {
                "machine": { "Client Secret": "app-secret" },
                "body-auth": { "Client Secret": "app-secret" },
                "manual": { "Client Secret": "app-secret" },
                "person": { "Client Secret": "short-secret", "Password": "lovelace" }
            } } } }
            """)
        var requests = ""
        for id in [
            "machine", "body-auth", "person", "browser", "plain-pkce", "implicit", "tv", "manual", "broken", "missing",
        ] {
            requests += """
                ### \(id)
                # @name \(id)
                GET {{server}}/api/me
                Authorization: Bearer {{$auth.token("\(id)")}}

                """
        }
        requests += """
            ### id token
            # @name id-token
            GET {{server}}/api/me?id={{$auth.idToken("person")}}
            Authorization: Bearer {{$auth.token("person")}}

            """
        try folder.write("api.http", requests)
        // The browser: curl following the redirects; for Implicit, it loads the redirect without its fragment (as
        // a browser sends it), checks the page is the one that resends the fragment, and does what its script does.
        try folder.write(
            "browser.sh",
            """
            #!/bin/sh
            case "$1" in
            *response_type=token*)
              location=$(curl -s -o /dev/null -w '%{redirect_url}' "$1")
              curl -s "${location%%#*}" | grep -q "location.hash" || exit 1
              exec curl -s -o /dev/null "${location%%#*}?${location#*#}" ;;
            *) exec curl -s -L -o /dev/null "$1" ;;
            esac

            """)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("browser.sh").path)
    }

    /// What one send did: the response, its body, the sign-in notices, the request as shown (masked).
    struct Sent {
        var status: Int?
        var body: String
        var notices: [String]
        var shownHeaders: [String]
        var failure: String?
    }

    func send(_ name: String) async throws -> Sent {
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first { $0.request.name == name })
        let plan = try workspace.sendPlan(
            for: found, environment: "dev", environments: workspace.environments())
        var sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        let notices = Mutex<[String]>([])
        let browser = SignInInteraction.standard(environment: [
            "BROWSER": folder.url.appendingPathComponent("browser.sh").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ])
        sender.signIn = SignInInteraction(
            notify: { message in notices.withLock { $0.append(message) } }, openBrowser: browser.openBrowser)
        // A sign-in blocks the preparing thread (as on the app's send queue): not one of the pool's.
        let prepared: PreparedSend
        do {
            prepared = try await offThePool { try sender.prepare(plan) }
        } catch {
            return Sent(body: "", notices: notices.withLock { $0 }, shownHeaders: [], failure: "\(error)")
        }
        var end: TransferEnd?
        for await event in sender.start(prepared).events {
            if case .ended(let ended) = event { end = ended }
        }
        return Sent(
            status: end?.response?.status, body: String(decoding: end?.body.prefix(100_000) ?? [], as: UTF8.self),
            notices: notices.withLock { $0 },
            shownHeaders: prepared.prepared.headers.map { "\($0.name): \($0.maskedValue)" }, failure: nil)
    }

    func log() async throws -> String {
        let server = try #require(server)
        let client = HTTPClient(transport: CurlTransport())
        let response = try await client.send(HTTPRequest(path: server.baseURL + "/log"))
        return String(decoding: response.body, as: UTF8.self)
    }

    var store: AuthTokenStore { AuthTokenStore(stateFolder: folder.url.appendingPathComponent(".ferry")) }

    @Test func clientCredentialsSignInWithBasicAuthAndCustomParametersAndTheTokenIsCachedMaskedAndReused()
        async throws
    {
        guard server != nil else { return }
        let first = try await send("machine")
        #expect(first.failure == nil)
        #expect(first.status == 200)
        #expect(first.body.contains(#""client":"ferry-app""#))
        #expect(first.shownHeaders.contains("Authorization: Bearer \(Secrets.mask)"))
        let token = try #require(store.token(for: "machine", in: "dev"))
        #expect(!first.shownHeaders.joined().contains(token.accessToken))
        let mode = try FileManager.default.attributesOfItem(atPath: store.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try await send("machine")
        #expect(second.status == 200)
        let log = try await log()
        #expect(log.components(separatedBy: #""grant_type":"client_credentials""#).count == 2)  // one sign-in
        #expect(log.contains(#""client_authentication":"basic""#))
        #expect(log.contains(#""audience":["https://api.example"]"#))
        #expect(log.contains(#""resource":["r1","r2"]"#))
        #expect(!log.contains("prompt"))  // an auth-request parameter stays out of the token request
    }

    @Test func clientCredentialsInTheBody() async throws {
        guard server != nil else { return }
        let sent = try await send("body-auth")
        #expect(sent.status == 200)
        #expect(try await log().contains(#""client_authentication":"body""#))
    }

    @Test func passwordGrantTokensThatExpireAreRefreshedWithTheRefreshToken() async throws {
        guard server != nil else { return }
        let first = try await send("person")
        #expect(first.status == 200)
        #expect(first.body.contains(#""user":"ada""#))
        let obtained = try #require(store.token(for: "person", in: "dev"))
        #expect(obtained.refreshToken != nil)
        // ferry-short's tokens live 30 seconds, inside the 60-second refresh margin: the next send refreshes first.
        let second = try await send("person")
        #expect(second.status == 200)
        let refreshed = try #require(store.token(for: "person", in: "dev"))
        #expect(refreshed.accessToken != obtained.accessToken)
        let log = try await log()
        #expect(log.contains(#""grant_type":"refresh_token""#))
        #expect(log.components(separatedBy: #""grant_type":"password""#).count == 2)
    }

    @Test func theIDTokenOfAnOpenIDScope() async throws {
        guard server != nil else { return }
        let sent = try await send("id-token")
        #expect(sent.status == 200)
        let token = try #require(store.token(for: "person", in: "dev"))
        #expect(token.idToken?.hasPrefix("eyJ") == true)
    }

    @Test(arguments: ["browser", "plain-pkce"])
    func authorizationCodeWithPKCEThroughTheBrowserAndTheLoopbackRedirect(id: String) async throws {
        guard server != nil else { return }
        let sent = try await send(id)
        #expect(sent.failure == nil)
        #expect(sent.status == 200)
        #expect(sent.body.contains(#""client":"ferry-public""#))
        #expect(
            sent.notices.contains { $0.contains("/authorize?response_type=code") && $0.contains("code_challenge=") })
        let log = try await log()
        #expect(log.contains(#""grant_type":"authorization_code""#))
        #expect(log.contains(#""code_verifier""#))
    }

    @Test func implicitTakesTheTokenFromTheRedirectsFragmentOnTheRedirectURLsPort() async throws {
        guard server != nil else { return }
        let sent = try await send("implicit")
        #expect(sent.failure == nil)
        #expect(sent.status == 200)
        #expect(sent.notices.contains { $0.contains("response_type=token") && $0.contains("localhost") })
        #expect(store.token(for: "implicit", in: "dev")?.expiresAt != nil)
    }

    @Test func deviceAuthorizationShowsTheCodeAndPollsUntilApproved() async throws {
        guard server != nil else { return }
        let sent = try await send("tv")
        #expect(sent.failure == nil)
        #expect(sent.status == 200)
        #expect(sent.notices.contains { $0.contains("enter the code") })
        #expect(try await log().contains("device_code"))
    }

    @Test func withoutAcquireAutomaticallyARequestSaysHowToSignIn() async throws {
        guard server != nil else { return }
        let sent = try await send("manual")
        let failure = try #require(sent.failure)
        #expect(failure.contains("ferry auth refresh manual --env dev"))
        let workspace = try Workspace.load(at: folder.url)
        let settings = try workspace.authSettings(id: "manual", environment: "dev")
        let tokens = AuthTokens(
            store: store, environment: "dev", client: HTTPClient(transport: CurlTransport()),
            interaction: SignInInteraction(notify: { _ in }, openBrowser: { _ in }))
        _ = try await offThePool { try tokens.renew(settings) }
        #expect(try await send("manual").status == 200)
    }

    @Test func aBadConfigurationOrAnUnknownIDIsAnErrorNamingIt() async throws {
        let broken = try await send("broken")
        #expect(broken.failure?.contains(#""Grant Type" is "Magic"; write one of "Authorization Code""#) == true)
        #expect(broken.failure?.contains("http-client.env.json") == true)
        let missing = try await send("missing")
        #expect(missing.failure?.contains("no sign-in configuration 'missing'") == true)
    }
}
