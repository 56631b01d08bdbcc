import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// On the real loop against a real server: a login's handler sets two globals (`token` from the response,
/// `derived` built from the private environment's password); F12 lists them with origin `script` under the
/// environment's variables, `derived` and the password masked, and the palette opens the same view.
@Suite("Variables view in the workbench", .serialized)
final class VariablesAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        server.route("/login", responding: .json(#"{"token": "js-777"}"#))
        folder = try TemporaryWorkspace(
            requests: """
                ### login
                # @name login
                POST {{host}}/login

                > {%
                  client.global.set("token", response.body.token);
                  client.global.set("derived", "x" + request.environment.get("password"));
                %}

                """,
            environments: ["local": server.baseURL],
            extraFiles: ["http-client.private.env.json": "{\n  \"local\": { \"password\": \"hunter22\" }\n}\n"])
    }

    deinit { server.stop() }

    @Test func globalsSetByAHandlerAreListedWithTheEnvironmentSecretsMasked() async throws {
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the login's handler") { app.state.currentExchange?.scriptOutcomes.isEmpty == false }
        try await app.press(.key(.function(12)))
        try await app.waitFor("the globals listed") {
            guard let rows = app.state.overlay?.variablesView?.rows else { return false }
            return rows.contains { $0.name == "token" }
        }
        let lines = app.screen.split(separator: "\n").map(String.init)
        let token = lines.first { $0.contains("token") } ?? ""
        #expect(token.contains("js-777") && token.contains("script"), "\(app.screen)")
        let derived = lines.first { $0.contains("derived") } ?? ""
        #expect(derived.contains(Secrets.mask) && derived.contains("script"), "\(app.screen)")
        let password = lines.first { $0.contains("password") } ?? ""
        #expect(password.contains(Secrets.mask) && password.contains("http-client.private.env.json:2"), "\(app.screen)")
        let host = lines.first { $0.contains("host ") } ?? ""
        #expect(host.contains(server.baseURL) && host.contains("http-client.env.json:2"), "\(app.screen)")
        #expect(!app.shows("hunter22"), "\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
        // The palette opens the same view.
        try await app.press(.control("p"))
        try await app.type("Variables")
        try await app.press(.key(.enter))
        guard case .variables = app.state.overlay else {
            Issue.record("the palette did not open the variables view\n\(app.screen)")
            return
        }
        try await app.press(.key(.escape))
        try await app.quit()
    }
}
