import Foundation
import Testing

/// The DocC catalog's code is the code `DocExamples` compiles and runs: every ```swift block of every
/// article appears in one of the Swift files of `DocExamples/`, line for line (indentation and blank lines
/// aside).
@Suite struct DocCatalogTests {
    /// The package's root folder, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let catalog = root.appendingPathComponent("Sources/FerryHTTP/FerryHTTP.docc")
    /// The files that hold the examples: DocExamples.swift and its `DocExamples+Topic.swift` companions.
    static let examples = root.appendingPathComponent("Tests/FerryHTTPTests/DocExamples")

    @Test func everyCodeBlockOfTheCatalogIsCompiledByDocExamples() throws {
        let articles = try FileManager.default.contentsOfDirectory(at: Self.catalog, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        let names = Set(articles.map { $0.deletingPathExtension().lastPathComponent })
        #expect(
            names.isSuperset(of: [
                "FerryHTTP", "GettingStarted", "SendingAndParsing", "StreamingAndFiles", "AuthAndInterceptors",
                "TestingWithMocks", "ThreadingModel", "Caching", "BatchesAndPriority", "PausingAndResumingDownloads",
                "ParsersAndValidation", "TimeoutsRetriesAndObservation",
            ]))
        let sources = try FileManager.default.contentsOfDirectory(at: Self.examples, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("DocExamples") }.sorted { $0.path < $1.path }
        #expect(sources.count >= 2)
        let compiled = try sources.flatMap { Self.lines(of: try String(contentsOf: $0, encoding: .utf8)) }
        var blocks = 0
        for article in articles {
            for (line, block) in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
                blocks += 1
                let wanted = Self.lines(of: block)
                let found = (0...max(0, compiled.count - wanted.count)).contains {
                    Array(compiled[$0..<min(compiled.count, $0 + wanted.count)]) == wanted
                }
                #expect(found, "\(article.lastPathComponent):\(line): this block is not in DocExamples/")
            }
        }
        #expect(blocks >= 27)
    }

    /// The ```swift blocks of `markdown`, each with the line its code starts on.
    static func swiftBlocks(in markdown: String) -> [(line: Int, code: String)] {
        var blocks: [(line: Int, code: String)] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = current {
                if trimmed == "```" {
                    blocks.append((open.line, open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if trimmed == "```swift" {
                current = (index + 2, [])
            }
        }
        return blocks
    }

    /// The non-blank lines of `text`, trimmed.
    static func lines(of text: String) -> [String] {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
