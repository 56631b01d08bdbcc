import FerryTestSupport
import Foundation
import Testing

/// A usage error quotes what was given as a short excerpt, however long the argument: the message stays a
/// line or two, and still says which argument and how long it was.
@Suite struct UsageErrorExcerptTests {
    /// 5,000 characters, as a pasted blob would be.
    static let long = String(repeating: "x", count: 5_000)

    /// Commands whose arguments are refused, each with `long` in the refused place.
    static let refusals: [[String]] = [
        ["--" + long],
        ["keys", "--" + long],
        ["send", "--" + long],
        ["send", "first", long],
        ["send", "first", "--retry", long],
        ["send", "first", "--timeout", long],
        ["export", "--" + long],
        ["export", "first", long],
        ["export", "first", "--format", long],
        ["export", "--history", "--last", long],
        ["json", "--" + long],
        ["json", "first.json", long],
        ["import", "--" + long],
        ["import", "--format", long, "file.txt"],
        ["--demo-ui", "--" + long],
    ]

    @Test(arguments: refusals) func longArgumentIsQuotedShort(_ arguments: [String]) async throws {
        let folder = try TemporaryFolder()
        let output = try await FerryProcess.run(arguments, currentDirectory: folder.url)
        #expect(output.status == 2)
        let firstLine = output.standardError.split(separator: "\n").first ?? ""
        #expect(firstLine.contains("xxxxxxxxxx"), "\(firstLine.prefix(200))")
        #expect(firstLine.count < 200, "\(firstLine.prefix(200))")
        #expect(firstLine.contains("characters)"), "\(firstLine.prefix(200))")
    }
}
