import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// In the workbench an untrusted workspace's request cannot write outside it: the send is refused with the
/// file, the line and how to trust; the palette's "Trust this workspace" trusts it (kept in the user's store),
/// and the next send writes.
@Suite("Workspace trust in the workbench", .serialized)
final class WorkspaceTrustAppTests {
    let server: TestHTTPServer
    let home: TemporaryFolder
    let repo: URL

    init() throws {
        server = try TestHTTPServer()
        server.route("/answer", responding: .text("server-chosen bytes\n"))
        home = try TemporaryFolder(prefix: "ferry-trust-app")
        repo = home.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try Data("### Write\n# @name write\nGET {{host}}/answer\n\n>>! ../victim.txt\n".utf8)
            .write(to: repo.appendingPathComponent("requests.http"))
        try Data(#"{ "local": { "host": "\#(server.baseURL)" } }"#.utf8)
            .write(to: repo.appendingPathComponent("http-client.env.json"))
        try Data("keep me\n".utf8).write(to: home.url.appendingPathComponent("victim.txt"))
    }

    deinit { server.stop() }

    @Test func aSendOutsideIsRefusedUntilThePaletteTrustsTheWorkspace() async throws {
        let store = TrustStore(file: home.url.appendingPathComponent("config/trusted-workspaces.json"))
        let app = try AppHarness(workspace: repo, width: 120, height: 30, trustStore: store)
        defer { app.stop() }
        try await app.settle()
        #expect(app.state.workspaceAccess == .confined)
        // The workbench asks once what to do; n keeps safe mode.
        #expect(app.state.trustQuestion != nil, "\(app.screen)")
        try await app.type("n")
        #expect(app.state.overlay == nil && app.state.workspaceAccess == .confined)
        // Before anything is sent, F10 lists what the files would reach outside the workspace.
        #expect(app.state.problems.contains { $0.description.contains("writes ../victim.txt") })
        try await app.press(.function(10))
        #expect(app.shows("writes ../victim.txt"), "\(app.screen)")
        try await app.press(.key(.escape))
        try await app.press(.control("r"))
        try await app.waitFor("the refusal") { app.state.message?.isError == true }
        #expect(
            app.state.message?.text.contains(">>! ../victim.txt refused") == true,
            "\(String(describing: app.state.message))")
        #expect(app.state.message?.text.contains("Trust this workspace") == true)
        #expect(server.requests.isEmpty)
        let victim = home.url.appendingPathComponent("victim.txt")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")

        try await app.press(.control("p"))
        try await app.type("trust this workspace")
        try await app.press(.key(.enter))
        #expect(app.state.workspaceAccess == .trusted)
        let repo = repo
        try await app.waitFor("the trust on disk") { store.isTrusted(repo) }
        try await app.press(.control("r"))
        try await app.waitFor("the response written") {
            (try? String(contentsOf: victim, encoding: .utf8)) == "server-chosen bytes\n"
        }
        try await app.quit()

        // The next launch starts trusted.
        let again = try AppHarness(workspace: repo, trustStore: store)
        defer { again.stop() }
        try await again.settle()
        #expect(again.state.workspaceAccess == .trusted)
        #expect(again.state.overlay == nil, "a trusted workspace is not asked about")
        try await again.quit()
    }

    @Test func theQuestionAtStartShowsWhatTheFilesReachAndYesTrusts() async throws {
        try Data("### Read\nPOST {{host}}/answer\n\n< ../secret.txt\n\n> {% client.test('t', () => {}); %}\n".utf8)
            .write(to: repo.appendingPathComponent("read.http"))
        let store = TrustStore(file: home.url.appendingPathComponent("config/trusted-workspaces.json"))
        let app = try AppHarness(workspace: repo, width: 140, height: 30, trustStore: store)
        defer { app.stop() }
        try await app.settle()
        #expect(app.shows("Trust this workspace?"), "\(app.screen)")
        #expect(app.shows("write ../victim.txt"), "\(app.screen)")
        #expect(app.shows("read ../secret.txt"), "\(app.screen)")
        #expect(app.shows("read.http: 1 response handler"), "\(app.screen)")
        // Enter and stray letters answer nothing.
        try await app.press(.key(.enter))
        try await app.type("abc")
        #expect(app.state.trustQuestion != nil && app.state.workspaceAccess == .confined)
        try await app.type("y")
        #expect(app.state.overlay == nil && app.state.workspaceAccess == .trusted)
        let repo = repo
        try await app.waitFor("the trust on disk") { store.isTrusted(repo) }
        try await app.quit()
    }

    @Test func safeModeIsKeptUntilTheFilesReachSomewhereNew() async throws {
        let store = TrustStore(file: home.url.appendingPathComponent("config/trusted-workspaces.json"))
        let first = try AppHarness(workspace: repo, trustStore: store)
        defer { first.stop() }
        try await first.settle()
        #expect(first.state.trustQuestion != nil)
        try await first.press(.key(.escape))
        #expect(first.state.overlay == nil && first.state.workspaceAccess == .confined)
        let repo = repo
        let reach = try Workspace.load(at: repo).outsideReferences()
        try await first.waitFor("the answer on disk") { store.hasDeclined(repo, reaching: reach) }
        try await first.quit()

        let second = try AppHarness(workspace: repo, trustStore: store)
        defer { second.stop() }
        try await second.settle()
        #expect(second.state.overlay == nil, "not asked again\n\(second.screen)")
        #expect(second.state.workspaceAccess == .confined && !store.isTrusted(repo))
        try await second.quit()

        // A pull adds a new place outside: asked again.
        try Data("### Steal\nPOST {{host}}/answer\n\n< /etc/hostname\n".utf8)
            .write(to: repo.appendingPathComponent("steal.http"))
        let third = try AppHarness(workspace: repo, width: 120, height: 30, trustStore: store)
        defer { third.stop() }
        try await third.settle()
        #expect(third.shows("read /etc/hostname"), "\(third.screen)")
        try await third.quit()
    }
}
