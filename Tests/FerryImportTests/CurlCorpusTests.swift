import FerryImport
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@Suite(.offThePool) struct CurlCorpusTests {
    /// The commands of the corpus file, counted independently: entries start after a `# source:` line.
    static func commandCount(in text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("# source:") }.count
    }

    @Test func everyCorpusCommandImportsAndReadsBack() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let url = corpus.appendingPathComponent("curl/commands.txt")
        let bytes = try FileIO.read(url).bytes
        #expect(CurlCommandImporter.recognizes(bytes, fileName: "commands.txt"))
        let collection = try CurlCommandImporter.read(bytes, fileName: "commands.txt")
        let expected = Self.commandCount(in: String(decoding: bytes, as: UTF8.self))
        #expect(expected == 52)
        #expect(collection.files.map(\.path) == ["commands.http"])
        #expect(collection.requestCount == expected)
        #expect(collection.diagnostics.filter { $0.severity == .error } == [])
        // Every warning is one of the kinds the corpus is known to hold (broken continuations, options
        // Ferry does not carry over, shell variables, a literal `{{`, an unquoted space in a URL).
        let known = [
            "a backslash followed by spaces", "--proxy:", "shell variables became Ferry variables",
            "cookie files are not read", "removing a header curl adds", "--cert:", "--cacert:",
            "which Ferry reads as a variable", "only the first URL of a command",
        ]
        for diagnostic in collection.diagnostics {
            #expect(known.contains { diagnostic.message.contains($0) }, "unexpected: \(diagnostic)")
        }
        #expect(collection.diagnostics.count == 18)
        #expect(ImportReparsing.expectReparses(collection) == expected)

        let requests = collection.files[0].requests
        let byTitle = Dictionary(
            uniqueKeysWithValues: requests.compactMap { request in request.title.map { ($0, request) } })
        // Spot checks against what curl sends.
        #expect(byTitle["head-sha256-29fdb92e57cf0827ded04ae6461b5931d01f"]?.method == "HEAD")
        #expect(byTitle["post-sha256-29fdb92e57cf0827ded04ae6461b5931d01f"]?.body == "< ./model.gguf")
        #expect(
            byTitle["get-metadata"]?.url.hasSuffix(
                "?metric=go_goroutines&match_target=%7Bjob%3D%22prometheus%22%7D&limit=2") == true)
        #expect(byTitle["get-health-2"]?.header("Authorization") == "Basic admin <custom-admin-password>")
        #expect(byTitle["get-localhost-28139-3"]?.header("Authorization") == "Digest some_username some_password")
        #expect(byTitle["post-feedback"]?.formFields?.count == 10)
        #expect(requests.filter { $0.directives.noRedirect }.count == expected)
    }
}
