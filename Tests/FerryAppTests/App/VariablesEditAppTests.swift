import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Editing the environments from the variables view (F12) on the real loop, 80×24 in memory: Enter on a
/// variable asks for its value and writes it into the active environment's file (the rest of the file as it
/// was), a secret is asked for without showing it, and `n` adds an environment that the picker offers at once.
@Suite("Variables edited in the workbench", .serialized)
final class VariablesEditAppTests {
    let folder: TemporaryWorkspace
    static let publicText = "{\n    \"local\":   { \"host\": \"http://127.0.0.1:9\", \"page\": \"1\" }\n}\n"

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: [:],
            extraFiles: [
                "http-client.private.env.json": "{\n  \"local\": { \"password\": \"hunter22\" }\n}\n"
            ])
        try folder.write("http-client.env.json", Self.publicText)
    }

    @Test func enterWritesTheValueIntoTheFileAndNAddsAnEnvironment() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.function(12)))
        try await app.waitFor("the variables") {
            guard let rows = app.state.overlay?.variablesView?.rows else { return false }
            return rows.count == 3
        }
        // The second row is page: Down selects it, Enter asks with its value, typed over.
        try await app.press(.key(.down), .key(.enter))
        #expect(app.shows("page in local (http-client.env.json)"), "\(app.screen)")
        try await app.press(.key(.backspace))
        try await app.type("2 of 3")
        try await app.press(.key(.enter))
        try await app.waitFor("the new value read again") {
            app.state.environments.variables(for: "local").contains { $0.name == "page" && $0.value == "2 of 3" }
        }
        #expect(
            try folder.read("http-client.env.json")
                == Self.publicText.replacingOccurrences(of: "\"page\": \"1\"", with: "\"page\": \"2 of 3\""))
        // Ferry's own edit is said as such, not as a change from outside.
        #expect(app.state.message?.text == "Set page in local (http-client.env.json; u in the tree undoes it).")

        // The secret: asked for empty, never shown, written into the private file.
        try await app.press(.key(.function(12)))
        try await app.waitFor("the variables again") {
            if case .variables = app.state.overlay { return true }
            return false
        }
        try await app.press(.key(.down), .key(.down), .key(.enter))
        #expect(app.shows("password in local (http-client.private.env.json)"), "\(app.screen)")
        #expect(!app.shows("hunter22"), "\(app.screen)")
        try await app.type("s3cret")
        try await app.press(.key(.enter))
        let privateFile = folder.url.appendingPathComponent("http-client.private.env.json")
        try await app.waitFor("the secret written") {
            (try? String(contentsOf: privateFile, encoding: .utf8))?.contains("\"password\": \"s3cret\"") == true
        }
        try await app.waitFor("the secret read again") { app.state.message?.text.hasPrefix("Set password") == true }
        #expect(
            app.state.message?.text == "Set password in local (http-client.private.env.json; u in the tree undoes it).")
        #expect(!app.shows("s3cret"), "\(app.screen)")

        // n: a new environment, offered by the picker (F2) at once.
        let beforeAdding = try folder.read("http-client.env.json")
        try await app.press(.key(.function(12)))
        try await app.press(.character("n"))
        try await app.type("staging")
        try await app.press(.key(.enter))
        try await app.waitFor("the environment added") { app.state.environments.names.contains("staging") }
        #expect(try folder.read("http-client.env.json").hasSuffix("},\n    \"staging\": {}\n}\n"))
        #expect(
            app.state.message?.text
                == "Added the environment staging to http-client.env.json (u in the tree undoes it).")
        // u in the tree takes it back: the file is byte for byte as it was.
        #expect(app.state.overlay == nil && app.state.panes.focus == .tree, "\(app.screen)")
        try await app.press(.character("u"))
        try await app.waitFor("the environment gone") { !app.state.environments.names.contains("staging") }
        #expect(try folder.read("http-client.env.json") == beforeAdding)
    }

    @Test func aAsksForTheFileThenAddsTheVariableAndRRevealsIt() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.function(12)))
        try await app.waitFor("the variables") {
            guard let rows = app.state.overlay?.variablesView?.rows else { return false }
            return rows.count == 3
        }
        // a: which file? The public one (first), a name, a value.
        try await app.press(.character("a"))
        #expect(app.shows("in which file?") && app.shows("Private (a secret"), "\(app.screen)")
        try await app.press(.key(.enter))
        try await app.type("region")
        try await app.press(.key(.enter))
        #expect(app.shows("region in local (http-client.env.json)"), "\(app.screen)")
        try await app.type("eu-1")
        try await app.press(.key(.enter))
        try await app.waitFor("region read again") {
            app.state.environments.variables(for: "local").contains { $0.name == "region" && $0.value == "eu-1" }
        }
        #expect(try folder.read("http-client.env.json").contains("\"region\": \"eu-1\""))

        // The private file, for a secret; a name that cannot be a variable's is refused in words.
        try await app.press(.key(.function(12)), .character("a"), .key(.down), .key(.enter))
        try await app.type("two words")
        try await app.press(.key(.enter))
        #expect(app.shows("cannot be a variable's name"), "\(app.screen)")
        try await app.press(.key(.function(12)), .character("a"), .key(.down), .key(.enter))
        try await app.type("apiKey")
        try await app.press(.key(.enter))
        try await app.type("k-9000")
        try await app.press(.key(.enter))
        let privateFile = folder.url.appendingPathComponent("http-client.private.env.json")
        try await app.waitFor("the secret written") {
            (try? String(contentsOf: privateFile, encoding: .utf8))?.contains("\"apiKey\": \"k-9000\"") == true
        }
        try await app.waitFor("apiKey read again") {
            app.state.environments.variables(for: "local").contains { $0.name == "apiKey" && $0.isSecret }
        }

        // Masked until r; r again masks them.
        try await app.press(.key(.function(12)))
        try await app.waitFor("five variables") {
            guard let rows = app.state.overlay?.variablesView?.rows else { return false }
            return rows.count == 5
        }
        #expect(!app.shows("k-9000") && !app.shows("hunter22"), "\(app.screen)")
        try await app.press(.character("r"))
        #expect(app.shows("k-9000") && app.shows("hunter22"), "\(app.screen)")
        try await app.press(.character("r"))
        #expect(!app.shows("k-9000") && !app.shows("hunter22"), "\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
    }
}
