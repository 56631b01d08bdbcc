import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// A `WEBSOCKET` request signs in as any send does, on the real loop against the Authlib server
/// (`Tests/Peers/oauth_peer.py`): when its own sign-in fails, the configuration is marked failed (what the sign-in
/// view and the status bar show) and the conversation ends with the reason, before any connection.
@Suite("A WebSocket's sign-in in the workbench", .serialized)
struct WebSocketSignInAppTests {
    @Test func aConversationWhoseSignInFailsMarksTheConfigurationFailed() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-ws-signin")
        try folder.write(
            "http-client.env.json",
            """
            { "dev": { "server": "\(server.baseURL)", "Security": { "Auth": { "machine": {
                "Type": "OAuth2", "Grant Type": "Client Credentials", "Token URL": "{{server}}/token",
                "Client ID": "ferry-app", "Scope": "read" } } } } }
            """)
        try folder.write(
            "http-client.private.env.json",
            #"{ "dev": { "Security": { "Auth": { "machine": { "Client Secret": "not-the-secret" } } } } }"#)
        try folder.write(
            "chat.http",
            """
            ### chat
            # @name chat
            WEBSOCKET ws://127.0.0.1:\(try LoopbackPort.refusing())/chat
            Authorization: Bearer {{$auth.token("machine")}}

            """)
        let app = try AppHarness(workspace: folder.url, width: 100, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the sign-in marked failed") {
            if case .failed? = app.state.signInMemory.state(of: "machine", in: "dev") { return true }
            return false
        }
        try await app.waitFor("the conversation to end with the reason") {
            guard case .failed(let reason)? = app.state.currentExchange?.conversation?.status else { return false }
            return reason.contains("invalid_client")
        }
        #expect(StatusBarView(state: app.state).signInBadges() == "machine ✗ sign-in failed")
    }
}
