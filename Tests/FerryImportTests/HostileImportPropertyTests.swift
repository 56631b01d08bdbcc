import FerryImport
import FerryJSON
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// Text from another tool's file is only ever data: Postman collections generated with hostile names, methods,
/// URLs, headers, bodies and scripts (line breaks, `###`, `>>! ../x`, `< /etc/passwd`, `> {% %}`, `%}`…) are
/// imported into a fresh workspace, and the written workspace is read back: it reaches nothing outside itself,
/// holds no output redirect, no more requests than were given, and every body as it was (in the text or in a
/// file of its own).
@Suite("Hostile imports, as a property", .offThePool) struct HostileImportPropertyTests {
    static let collections = 150

    /// Pieces hostile text is made of.
    static let pieces = [
        "\n", "\r\n", "\r", "###", "### x", ">>! ../../pwned.txt", ">> ~/.bashrc", "< /etc/passwd",
        "< ~/.ssh/id_rsa", "> {% client.global.set('a', 1) %}", "%}", "{%", "> ./h.js", "<> previous.json",
        "GET http://evil/", "# @name x", "@x = 1", "{{host}}", "\t", " ", "a", "é", "\u{1B}[2J", "\0", "../",
        "Content-Type: x", "//", "#",
    ]

    static func hostile(_ generator: inout SeededGenerator, prefix: String = "") -> String {
        prefix
            + (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            .joined()
    }

    /// A JSON string literal of `text`.
    static func quoted(_ text: String) -> String { JSONValue.string(text).formatted(.compact) }

    static func collection(_ generator: inout SeededGenerator, items: Int) -> String {
        let entries = (0..<items).map { _ in
            let method = Bool.random(using: &generator) ? "POST" : hostile(&generator, prefix: "GET")
            let url = hostile(&generator, prefix: "http://127.0.0.1:9/")
            let header =
                "{\"key\": \(quoted(hostile(&generator, prefix: "X-A"))), \"value\": \(quoted(hostile(&generator)))}"
            let body = quoted(hostile(&generator, prefix: "{") + hostile(&generator))
            let script = quoted(hostile(&generator))
            return """
                {"name": \(quoted(hostile(&generator, prefix: "n"))), "request": {"method": \(quoted(method)),
                 "url": \(quoted(url)), "header": [\(header)], "body": {"mode": "raw", "raw": \(body)}},
                 "event": [{"listen": "test", "script": {"exec": [\(script)]}}]}
                """
        }
        return """
            {"info": {"name": "Evil", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [\(entries.joined(separator: ",\n"))]}
            """
    }

    @Test func aHostileCollectionWritesAWorkspaceThatReachesNothingOutside() throws {
        var generator = SeededGenerator(seed: 0xF3)
        var written = 0
        var movedBodies = 0
        for run in 0..<Self.collections {
            let items = Int.random(in: 1...4, using: &generator)
            let source = Self.collection(&generator, items: items)
            let folder = try TemporaryFolder(prefix: "ferry-hostile")
            let workspaceFolder = folder.url.appendingPathComponent("ws")
            let collection: ImportedCollection
            do {
                collection = try PostmanImporter.read(Array(source.utf8), fileName: "evil.json")
            } catch {
                continue
            }
            let report = try collection.write(into: workspaceFolder)
            let workspace = try Workspace.load(at: workspaceFolder)
            // What was written reads back as the requests made safe: the same method, URL and header names, and
            // the same body, in the text or in its own file.
            var expected: [(request: SavedRequest, movedBody: String?)] = []
            for file in collection.files {
                let safe = file.safeForWriting()
                expected += safe.requests.enumerated().map { ($0.element, safe.bodies[$0.offset]) }
            }
            #expect(workspace.requests.count == expected.count, "run \(run): \(source)")
            for (entry, wanted) in zip(workspace.requests, expected) {
                #expect(entry.request.method == wanted.request.method, "run \(run): \(source)")
                #expect(entry.request.fullURL == wanted.request.fullURL, "run \(run): \(source)")
                #expect(entry.request.headers.map(\.name) == wanted.request.headers.map(\.name), "run \(run)")
                // A script is kept only as the handler it was made safe as, never as something it breaks out into.
                #expect(entry.request.responseHandlers == wanted.request.responseHandlers, "run \(run): \(source)")
                if let movedBody = wanted.movedBody {
                    let include = entry.request.body ?? ""
                    #expect(include.hasPrefix("< ./Evil.bodies/"), "run \(run): \(include)")
                    let file = workspaceFolder.appendingPathComponent(String(include.dropFirst(4)))
                    #expect(try String(contentsOf: file, encoding: .utf8) == movedBody, "run \(run): \(source)")
                } else {
                    #expect(entry.request.body == wanted.request.body, "run \(run): \(source)")
                }
            }
            let name = "run \(run)"
            #expect(workspace.outsideReferences().isEmpty, "\(name): \(workspace.outsideReferences())\n\(source)")
            #expect(workspace.requests.count <= items, "\(name): requests were injected\n\(source)")
            #expect(
                report.files.reduce(0) { $0 + $1.requestCount } == workspace.requests.count,
                "\(name): the report counts what was written")
            for entry in workspace.requests {
                #expect(
                    !entry.request.responseHandlers.contains { $0.hasPrefix(">>") },
                    "\(name): an output redirect was written: \(entry.request.responseHandlers)")
                if entry.request.body?.hasPrefix("< ./Evil.bodies/") == true { movedBodies += 1 }
            }
            written += workspace.requests.count
            // Nothing was written outside the workspace folder.
            let outside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            #expect(outside == ["ws"], "\(name): \(outside)")
        }
        // The generator reaches both sides: requests written, and bodies that had to leave the text.
        #expect(written > Self.collections && movedBodies > 10, "written \(written), bodies moved \(movedBodies)")
    }
}
