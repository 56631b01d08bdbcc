import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// What the sign-in feature learns from the real effects against the Authlib server (`Tests/Peers/oauth_peer.py`):
/// a send whose own sign-in fails marks the configuration failed, as "sign in again" does, and "sign in again"
/// records its result under the environment that started it, even when the environment changed meanwhile.
@Suite(.serialized)
struct SignInStateReducerTests {
    /// A workspace whose `dev` and `prod` environments sign in to `server` with `machine` (client credentials,
    /// whose secret is `secret`) and `tv` (device authorization); a request for each, `machine`'s first.
    static func workspace(_ server: OAuthServer, secret: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "ferry-signin-state")
        let auth = """
            "Security": { "Auth": {
                "machine": { "Type": "OAuth2", "Grant Type": "Client Credentials", "Token URL": "{{server}}/token",
                             "Client ID": "ferry-app", "Scope": "read" },
                "tv": { "Type": "OAuth2", "Grant Type": "Device Authorization",
                        "Device Auth URL": "{{server}}/device_authorization", "Token URL": "{{server}}/token",
                        "Client ID": "ferry-public", "Client Credentials": "none" } } }
            """
        try folder.write(
            "http-client.env.json",
            """
            { "dev": { "server": "\(server.baseURL)", \(auth) },
              "prod": { "server": "\(server.baseURL)", \(auth) } }
            """)
        try folder.write(
            "http-client.private.env.json",
            #"{ "dev": { "Security": { "Auth": { "machine": { "Client Secret": "\#(secret)" } } } } }"#)
        try folder.write(
            "api.http",
            """
            ### machine
            # @name machine
            GET {{server}}/api/me
            Authorization: Bearer {{$auth.token("machine")}}

            ### tv
            # @name tv
            GET {{server}}/api/me
            Authorization: Bearer {{$auth.token("tv")}}

            """)
        return folder
    }

    /// The app's state in `folder` with `dev` active and `selector` open.
    static func state(_ folder: TemporaryFolder, opening selector: String) throws -> AppState {
        let workspace = try Workspace.load(at: folder.url)
        var state = AppState(
            workspace: workspace, environments: workspace.environments(), environment: "dev",
            size: Size(width: 100, height: 30))
        state.openRequest = RequestID(path: "api.http", selector: selector)
        return state
    }

    @Test func aSendWhoseSignInFailsMarksTheConfigurationFailed() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try Self.workspace(server, secret: "not-the-secret")
        let tester = ReducerTester(try Self.state(folder, opening: "machine"))
        let id = RequestID(path: "api.http", selector: "machine")
        tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        var failure: SignInRow.TokenState?
        await tester.receive(
            { action -> [SignInRow]? in
                guard case .overlay(.signIn(.loaded(let rows, "dev", _))) = action else { return nil }
                return rows
            },
            { state, rows in
                failure = rows.first { $0.id == "machine" }?.state
                for row in rows { state.signInMemory.states[SignInKey(environment: "dev", id: row.id)] = row.state }
            })
        await tester.receivePreparationFailed(.first, of: id)
        await tester.finish()
        guard case .failed(let problem)? = failure else {
            Issue.record("the failed sign-in is not marked failed: \(String(describing: failure))")
            return
        }
        #expect(problem.contains("invalid_client"), "\(problem)")
        #expect(tester.state.signInMemory.state(of: "tv", in: "dev") == .needed, "the others as the cache says")
        // What the sign-in view and the status bar show, as after a failed "sign in again".
        #expect(StatusBarView(state: tester.state).signInBadges() == "machine ✗ sign-in failed")
        #expect(
            SignInRow(id: "machine", isUsed: true, state: .failed(problem)).status(at: Date()).hasPrefix(
                "sign-in failed: "))
    }

    @Test func signingInAgainRecordsTheResultUnderTheEnvironmentThatStartedIt() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try Self.workspace(server, secret: "app-secret")
        // The person approves (opens the address with the code) only once the environment was switched.
        let switched = DispatchSemaphore(value: 0)
        let services = AppServices(openBrowser: { url in
            _ = switched.wait(timeout: .now() + 60)
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            curl.arguments = ["curl", "-s", "-o", "/dev/null", url.absoluteString]
            try? curl.run()
            curl.waitUntilExit()
        })
        let tester = ReducerTester(try Self.state(folder, opening: "tv"), services: services)
        tester.send(.overlay(.signIn(.renewRequested))) { $0.report(.info("Signing in to 'tv' again…")) }
        await tester.receive(
            { action -> DeviceCodeNotice? in
                guard case .overlay(.signIn(.deviceCodeShown(let notice, .renewal("tv")))) = action else { return nil }
                return notice
            },
            { state, notice in state.overlay = .signIn(.device(notice, .renewal("tv"))) })
        tester.send(.session(.environmentChosen("prod"))) {
            $0.session.environment = "prod"
            $0.report(.info("Environment: prod"))
        }
        switched.signal()
        var expiry: Date?
        await tester.receive(
            { action -> AuthTokenExpiry? in
                guard case .overlay(.signIn(.renewed("tv", "dev", .success(let expiry)))) = action else { return nil }
                return expiry
            },
            { state, renewed in
                expiry = renewed.date
                state.signInMemory.states[SignInKey(environment: "dev", id: "tv")] = .signedIn(expiresAt: renewed.date)
                // The device code gives way to the view of the environment now active, read again.
                state.overlay = .signIn(.view(SignInFeature.View(environment: "prod")))
                let until = renewed.date.map { ", the token expires \($0.formatted(date: .omitted, time: .shortened))" }
                state.report(.info("Signed in to 'tv' in dev again\(until ?? "")."))
            })
        await tester.receive(
            { action -> ([SignInRow], Date)? in
                guard case .overlay(.signIn(.loaded(let rows, "prod", let readAt))) = action else { return nil }
                return (rows, readAt)
            },
            { state, read in
                for row in read.0 { state.signInMemory.states[SignInKey(environment: "prod", id: row.id)] = row.state }
                state.overlay = .signIn(.view(SignInFeature.View(environment: "prod", rows: read.0, readAt: read.1)))
            })
        await tester.finish()
        #expect(tester.state.signInMemory.state(of: "tv", in: "dev") == .signedIn(expiresAt: expiry))
        #expect(tester.state.signInMemory.state(of: "tv", in: "prod") == .needed, "prod never signed in")
        let store = AuthTokenStore(stateFolder: folder.url.appendingPathComponent(".ferry"))
        #expect(store.token(for: "tv", in: "dev") != nil && store.token(for: "tv", in: "prod") == nil)
    }
}
