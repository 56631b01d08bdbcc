import FerryTestSupport
import Foundation
import Testing

/// `ferry keys` prints the workbench's default keys from its key map: a Markdown table with `--markdown`
/// (the README's key table is exactly that, so it cannot drift from the key map), aligned text otherwise.
@Suite struct KeysCommandTests {
    /// The lines of the README between `<!-- keys:begin -->` and `<!-- keys:end -->`.
    static func readmeKeyTable() throws -> String {
        let readme = try String(
            contentsOf: TestServers.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex(of: "<!-- keys:begin -->"), "README.md has no keys:begin line")
        let end = try #require(lines.firstIndex(of: "<!-- keys:end -->"), "README.md has no keys:end line")
        try #require(begin < end)
        return lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
    }

    /// The help column of each row of `ferry keys --markdown`, unescaped.
    static func helpTexts(ofMarkdown markdown: String) -> [String] {
        markdown.split(separator: "\n").dropFirst(2).map { line in
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|")
            return cells[2].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{0}", with: "|")
                .replacingOccurrences(of: #"\\(.)"#, with: "$1", options: .regularExpression)
        }
    }

    @Test func readmeKeyTableIsTheGeneratedOne() async throws {
        let output = try await FerryProcess.run(["keys", "--markdown"])
        #expect(output.status == 0)
        #expect(
            try Self.readmeKeyTable() == output.text,
            "README.md's key table differs from `ferry keys --markdown`: run `make keys`")
    }

    @Test func markdownTableHasAHeaderAndARowPerCommand() async throws {
        let output = try await FerryProcess.run(["keys", "--markdown"])
        let lines = output.text.split(separator: "\n")
        #expect(lines.prefix(2) == ["| Key | Where | What |", "|---|---|---|"])
        #expect(lines.contains("| Ctrl+R, F5 | everywhere | Send the request |"))
        #expect(lines.contains("| Ctrl+R | history | Send again |"))
        // Shift-n and N are one key as terminals send it: shown once, as N.
        #expect(lines.contains("| n | response | Next match |"))
        #expect(lines.contains("| N | response | Previous match |"))
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("| ") && $0.hasSuffix(" |") })
    }

    @Test func globalKeysComeFirstAndDialogsLast() async throws {
        let output = try await FerryProcess.run(["keys", "--markdown"])
        let places = output.text.split(separator: "\n").dropFirst(2).map { $0.split(separator: "|")[1] }
        let firstTree = try #require(places.firstIndex { $0.hasPrefix(" tree") })
        #expect(places[..<firstTree].allSatisfy { $0 == " everywhere " })
        let lastTree = try #require(places.lastIndex { $0.hasPrefix(" tree") })
        let firstQuestion = try #require(places.firstIndex { $0.contains("question") })
        #expect(lastTree < firstQuestion)
        #expect(places.last?.contains("question") == true)
    }

    @Test func plainTableAlignsItsColumnsAndWrapsLongPlaces() async throws {
        let markdown = try await FerryProcess.run(["keys", "--markdown"]).text
        let output = try await FerryProcess.run(["keys"])
        #expect(output.status == 0)
        let lines = output.text.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.hasPrefix("Key "))
        // Each row names its action's id, as keys.conf binds keys to it.
        let actionColumn = try #require(header.range(of: "Action")).lowerBound.utf16Offset(in: header)
        let send = try #require(lines.first { $0.hasPrefix("Ctrl+R, F5 ") })
        #expect(send.dropFirst(actionColumn).hasPrefix("request.send "), "\(send)")
        let whereColumn = try #require(header.range(of: "Where")).lowerBound.utf16Offset(in: header)
        let whatColumn = try #require(header.range(of: "What")).lowerBound.utf16Offset(in: header)
        // A row's first line starts with its keys; the lines under it carry only more of its places.
        let firstLines = lines.dropFirst().filter { !$0.hasPrefix(" ") }
        let placeLines = lines.dropFirst().filter { $0.hasPrefix(" ") }
        let helps = Self.helpTexts(ofMarkdown: markdown)
        #expect(firstLines.count == helps.count)
        for (line, help) in zip(firstLines, helps) {
            #expect(line.hasSuffix(help), "\(line)")
            #expect(line.count - help.count == whatColumn, "\(line)")
        }
        #expect(!placeLines.isEmpty, "no row's places wrapped")
        for line in placeLines {
            #expect(line.prefix(whereColumn).allSatisfy { $0 == " " } && line.count < whatColumn, "\(line)")
        }
        // The longest list of places (F1's dialogs) wraps, and none of its places is lost.
        let markdownRow = try #require(markdown.split(separator: "\n").first { $0.hasSuffix("| Keys of this view |") })
        let places = markdownRow.split(separator: "|")[1].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let start = try #require(lines.firstIndex { $0.hasSuffix("Keys of this view") })
        let shown = lines[start...].prefix { $0 == lines[start] || $0.hasPrefix(" ") }
            .map { String($0.prefix(whatColumn).dropFirst(whereColumn)) }.joined(separator: " ")
        #expect(shown.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == places)
    }

    @Test func unknownArgumentIsAUsageErrorQuotingAnExcerpt() async throws {
        let long = "--" + String(repeating: "x", count: 5_000)
        let output = try await FerryProcess.run(["keys", long])
        #expect(output.status == 2)
        #expect(output.standardError.contains("ferry keys: unknown option"))
        #expect(output.standardError.contains("usage: ferry keys [--markdown]"))
        #expect(output.standardError.count < 300)
        #expect(output.text.isEmpty)
    }

    @Test func helpListsTheCommand() async throws {
        let output = try await FerryProcess.run(["--help"])
        #expect(output.text.contains("keys      print the workbench's default keys"))
    }
}
