import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against a real GraphQL server (Ariadne on Hypercorn): Ctrl-L introspects the
/// endpoint, Tab completes a field in the query, Ctrl-R sends it and the Errors tab lists the response's errors.
@Suite("ferry in tmux: GraphQL", .serialized)
struct TmuxGraphQLTests {
    @Test func introspectCompleteSendAndSeeTheErrors() async throws {
        guard TmuxSession.isAvailable, let server = try await GraphQLServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryWorkspace(
            requests: """
                ### hero
                GRAPHQL {{graphql}}

                query {
                  hero(id: "9") { name }
                }

                """,
            environments: [:], extraFiles: ["http-client.env.json": #"{"local": {"graphql": "\#(server.url)"}}"#])
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await session.waitFor("requests.http#hero")
        try await session.send("Tab")
        try await session.send("C-l")
        try await session.waitFor("Schema of \(server.url):")
        try await session.send("C-t")
        try await session.send("C-t")
        try await session.send("Down")
        try await session.waitFor("✓ schema · Tab completes")
        for key in ["Up", "End", "Left"] { try await session.send(key) }
        try await session.send("fr", literal: true)
        try await session.waitFor(" friends : [Hero!]!")
        try await session.send("Tab")
        try await session.send(" { id } nme", literal: true)
        try await session.waitFor("✗ line 2, column 39: no field 'nme'")
        for _ in 0..<3 { try await session.send("BSpace") }
        try await session.waitFor(#"hero(id: "9") { name friends { id } }"#)
        try await session.send("C-r")
        try await session.waitFor("1 GraphQL error (Errors tab)")
        // Esc leaves the body editor (waited for: a key right after Esc would read as Alt+key).
        try await session.send("Escape")
        try await session.waitFor("↓ edits · F7 kind")
        try await session.send("Tab")
        try await session.send("[")
        let screen = try await session.waitFor("1. no hero with id 9")
        #expect(screen.contains("path hero"), "\(screen)")
        #expect(screen.contains("at line 2, column 3"), "\(screen)")
        // The schema stays cached for the next start.
        let cached = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent(".ferry/graphql").path)
        #expect(cached.filter { $0.hasSuffix(".json") }.count == 1, "\(cached)")
    }
}
