import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// `HTTPFile.requestFacts()` and `requestFacts(at:)` (every or some requests' line, problems and in-file variables in one pass) against the
/// request-by-request functions it stands in for in a run, on the corpus's files and on files made to hit the
/// edges: variables declared above, between and below requests, redeclared, errors in several sections.
@Suite struct RequestFactsTests {
    /// Expects `text`'s facts to be what the one-request functions say, request by request.
    func expectFactsMatch(_ text: String, path: String = "a.http") throws {
        let folder = try TemporaryFolder(prefix: "ferry-facts")
        try folder.write(path, text)
        let workspace = try Workspace.load(at: folder.url)
        let file = try #require(workspace.files.first)
        let facts = file.content.requestFacts()
        #expect(facts.count == file.requests.count, "\(path)")
        for (request, fact) in zip(file.requests, facts) {
            #expect(fact.line == file.content.line(ofRequestAt: request.position), "\(path) \(request.id)")
            #expect(fact.problems == workspace.problems(of: request), "\(path) \(request.id)")
            #expect(
                fact.fileVariables == file.content.fileVariables(forRequestAt: request.position),
                "\(path) \(request.id)")
        }
        // Some positions' facts (a filtered run's) are those of the whole pass.
        for step in 1...3 {
            let positions = Set(stride(from: step - 1, to: facts.count, by: step))
            let some = file.content.requestFacts(at: positions)
            #expect(some.count == positions.count, "\(path)")
            for position in positions { #expect(some[position] == facts[position], "\(path) #\(position + 1)") }
        }
    }

    @Test func madeFilesMatchTheOneRequestFunctions() throws {
        try expectFactsMatch(
            """
            @a = 1
            @b = top

            ### one
            GET http://h/{{a}}

            @a = 2
            @c = middle

            ### two
            GET http://h/{{a}}
            broken header line

            ### three
            @d = own
            GET http://h/{{d}}
            another broken line

            @a = 3
            @e = bottom

            ### four
            GET http://h/{{e}}

            @b = last
            """)
        try expectFactsMatch("GET http://h/\n")
        try expectFactsMatch("@only = 1\n")
        try expectFactsMatch("### broken\nnot a request line at all\n\n### fine\nGET http://h/\n")
    }

    @Test func corpusFilesMatchTheOneRequestFunctions() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let files = HTTPFileRoundTripTests.httpFiles(under: corpus.appendingPathComponent("http"))
        #expect(files.count >= 9)
        for url in files {
            try expectFactsMatch(
                String(decoding: try Data(contentsOf: url), as: UTF8.self),
                path: url.pathExtension == "rest" ? "f.rest" : "f.http")
        }
    }
}
