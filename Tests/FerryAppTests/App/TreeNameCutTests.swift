import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// Names too long for the collection tree are cut with `…` in the pane's last column, and the markers after
/// them (● unsaved) stay in view; names that fit are drawn whole, with no `…`.
@Suite("Tree names cut", .serialized)
final class TreeNameCutTests {
    let folder: TemporaryWorkspace
    static let long = "fetch-the-complete-list-of-archived-invoices"

    init() throws {
        folder = try TemporaryWorkspace(
            requests:
                "### \(Self.long)\n# @name \(Self.long)\nGET {{host}}/long\n\n### Short\n# @name short\nGET {{host}}/s\n",
            environments: ["local": "http://127.0.0.1:9"])
    }

    @Test func aLongNameEndsInAnEllipsisAtThePaneEdgeAndKeepsItsMarker() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        let lines = app.screen.split(separator: "\n").map(String.init)
        let row = try #require(lines.first { $0.prefix(30).contains("fetch-the") }, "\(app.screen)")
        #expect(!app.shows(Self.long), "\(app.screen)")
        // The pane's right border follows the …: the name was cut at the edge, not left off.
        let cut = try #require(row.range(of: "…"), "no … in \(row)")
        #expect(["│", "┃"].contains(row[cut.upperBound...].first), "\(row)")
        let short = try #require(lines.first { $0.prefix(30).contains("short") }, "\(app.screen)")
        #expect(!short.prefix(30).contains("…"), "\(short)")

        // An unsaved edit of the long one: its ● is drawn before the edge, the name cut shorter.
        try await app.press(.key(.tab))
        try await app.type("?x=1")
        try await app.waitFor("the draft") { !app.state.editor.drafts.isEmpty }
        let edited = try #require(app.screen.split(separator: "\n").first { $0.prefix(30).contains("fetch-the") })
        #expect(edited.contains("… ●") || edited.contains("…●"), "\(app.screen)")
    }
}
