import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// A run of named files parses only them (`Workspace.load(at:forRunOf:)`), unless they reach into other files; the
/// stable ids of a partial workspace are those the whole one gives, and the other requests' records are kept.
@Suite struct PartialWorkspaceTests {
    func records(_ folder: TemporaryFolder) throws -> [RequestIdentities.Record] {
        try JSONDecoder().decode(RequestIdentities.Document.self, from: Data(try folder.read(".ferry/ids.json").utf8))
            .requests
    }

    @Test func aRunOfOneFileParsesOnlyIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n")
        try folder.write("b/c.http", "# @name two\nGET http://h/2\n")
        try folder.write("b/d.http", "# @name three\nGET http://h/3\n")
        let partial = try Workspace.load(at: folder.url, forRunOf: ["a.http"])
        #expect(partial.isPartial)
        #expect(partial.files.map(\.path) == ["a.http"])
        #expect(partial.folders == ["b"])
        let folderRun = try Workspace.load(at: folder.url, forRunOf: ["b/"])
        #expect(folderRun.files.map(\.path) == ["b/c.http", "b/d.http"])
        let whole = try Workspace.load(at: folder.url, forRunOf: [""])
        #expect(!whole.isPartial)
        #expect(whole.files.count == 3)
    }

    @Test func filesThatReachIntoOthersLoadTheWholeWorkspace() throws {
        let folder = try TemporaryFolder()
        try folder.write("login.http", "# @name login\nPOST http://h/login\n")
        try folder.write("chain.http", "# @name me\nGET http://h/me\nAuthorization: {{login.response.body.$.token}}\n")
        try folder.write("composed.http", "run ./login.http\n### after\nGET http://h/after\n")
        try folder.write("plain.http", "# @name plain\nGET http://h/plain\n")
        for path in ["chain.http", "composed.http"] {
            let workspace = try Workspace.load(at: folder.url, forRunOf: [path])
            #expect(!workspace.isPartial, "\(path)")
            #expect(workspace.files.count == 4, "\(path)")
        }
        #expect(try Workspace.load(at: folder.url, forRunOf: ["plain.http"]).isPartial)
    }

    @Test func aPartialWorkspacesIdsAreTheWholeOnesAndTheOthersRecordsStay() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n\n###\n# @name two\nGET http://h/2\n")
        try folder.write("b.http", "# @name three\nGET http://h/3\n")
        let whole = try Workspace.load(at: folder.url)
        let all = try whole.stableIdentities()
        let before = try records(folder)

        // Every request of the run found by path and name: the same ids, and nothing else in ids.json changes.
        let partial = try Workspace.load(at: folder.url, parsing: ["a.http"])
        let some = try partial.stableIdentities()
        #expect(some.count == 2)
        #expect(some.allSatisfy { all[$0.key] == $0.value })
        #expect(try records(folder) == before)

        // An edited request keeps its id and its fingerprint is brought up to date; b.http's record is untouched.
        try folder.write("a.http", "# @name one\nGET http://h/1?edited\n\n###\n# @name two\nGET http://h/2\n")
        let edited = try Workspace.load(at: folder.url, parsing: ["a.http"]).stableIdentities()
        #expect(edited[RequestID(parsing: "a.http#one")] == all[RequestID(parsing: "a.http#one")])
        let three = try records(folder).first { $0.name == "three" }
        #expect(three == before.first { $0.name == "three" })

        // A request renamed in the run's file: only the whole workspace says which record it takes (b.http's
        // request moved into a.http keeps its id, as a whole workspace's assign gives it).
        try folder.write("a.http", "# @name one\nGET http://h/1?edited\n\n###\n# @name moved\nGET http://h/3\n")
        try folder.write("b.http", "")
        let moved = try Workspace.load(at: folder.url, parsing: ["a.http"]).stableIdentities()
        #expect(moved[RequestID(parsing: "a.http#moved")] == all[RequestID(parsing: "b.http#three")])
        #expect(moved[RequestID(parsing: "a.http#one")] == all[RequestID(parsing: "a.http#one")])
    }

    @Test func aSendOfOneRequestRecordsItAloneAndKeepsEveryOtherRecordsBytes() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n\n###\n# @name two\nGET http://h/2\n")
        try folder.write("b.http", "# @name three\nGET http://h/3\n")
        let workspace = try Workspace.load(at: folder.url)
        let one = try workspace.request("a.http#one")

        // No ids.json yet: the sent request's record is the only one written.
        let first = try workspace.stableIdentities(of: [one])
        #expect(try records(folder).map(\.name) == ["one"])
        #expect(try records(folder).first?.id == first[one.id])
        #expect(try workspace.stableIdentities(of: [one]) == first)

        // Another request: its record is added after the others, whose bytes stay as they were.
        let before = try folder.read(".ferry/ids.json")
        let three = try workspace.request("b.http#three")
        let added = try workspace.stableIdentities(of: [three])
        let after = try folder.read(".ferry/ids.json")
        #expect(after.hasPrefix(String(before.dropLast(#"],"version":1}"#.count))))
        #expect(try records(folder).map(\.name) == ["one", "three"])
        #expect(added[three.id] != first[one.id])

        // The whole workspace's ids agree with those recorded one by one.
        let all = try workspace.stableIdentities()
        #expect(all[one.id] == first[one.id])
        #expect(all[three.id] == added[three.id])
        #expect(try records(folder).count == 3)
    }

    @Test func anEditedRequestIsRewrittenInPlaceAndAGoneOneLivesAgain() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n\n###\n# @name two\nGET http://h/2\n")
        let all = try Workspace.load(at: folder.url).stableIdentities()
        try folder.write("a.http", "# @name one\nGET http://h/1\n")
        _ = try Workspace.load(at: folder.url).stableIdentities()
        #expect(try records(folder).first { $0.name == "two" }?.lastSeen != nil)

        try folder.write("a.http", "# @name one\nGET http://h/1?edited\n\n###\n# @name two\nGET http://h/2\n")
        let workspace = try Workspace.load(at: folder.url)
        let two = try workspace.request("a.http#two")
        let one = try workspace.request("a.http#one")
        let ids = try workspace.stableIdentities(of: [one, two])
        #expect(ids[one.id] == all[one.id])
        #expect(ids[two.id] == all[two.id])
        let stored = try records(folder)
        #expect(stored.first { $0.name == "two" }?.lastSeen == nil)
        #expect(stored.first { $0.name == "one" }?.fingerprint == RequestIdentities.fingerprint(of: one.request))
    }

    @Test func namesAndPathsWithEscapesAreFoundAndAMalformedFileIsMatchedWhole() throws {
        let folder = try TemporaryFolder()
        try folder.write("q\"uote é.http", "# @name say \"hi\" \\ é\nGET http://h/1\n")
        let workspace = try Workspace.load(at: folder.url)
        let request = try #require(workspace.requests.first)
        let all = try workspace.stableIdentities()
        let bytes = try folder.read(".ferry/ids.json")
        #expect(try workspace.stableIdentities(of: [request]) == all)
        #expect(try folder.read(".ferry/ids.json") == bytes)

        try folder.write(".ferry/ids.json", #"{"requests":[{"id":"x","path":"#)
        let again = try workspace.stableIdentities(of: [request])
        #expect(again[request.id] != nil)
        #expect(try records(folder).count == 1)
    }

    @Test func aFilteredRunRecordsTheIdsOfWhatItSendsAlone() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/item", responding: .json(#"{"ok":true}"#))
        let folder = try TemporaryFolder()
        try folder.write(
            "big.http", (0..<50).map { "### r\($0)\nGET \(server.baseURL)/item?n=\($0)\n" }.joined(separator: "\n"))
        var run = CollectionRun(
            workspace: try Workspace.load(at: folder.url, forRunOf: ["big.http"]), paths: ["big.http"])
        run.filter = "#r7"
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let runner = CollectionRunner(sender: RequestSender(client: HTTPClient(transport: transport)))
        var report = RunReport()
        for await event in runner.events(of: run) { report.add(event) }
        #expect(report.count(.passed) == 1)
        #expect(try records(folder).map(\.name) == ["r7"])
    }
}
