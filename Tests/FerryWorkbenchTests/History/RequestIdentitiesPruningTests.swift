import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// `.ferry/ids.json` forgets requests gone for good (neither in the workspace nor in the trash, unseen for 30
/// days after Ferry found them gone) and keeps the trashed ones, so a restore finds its id again; a live request's
/// record holds no date; files written before `lastSeen` load.
@Suite struct RequestIdentitiesPruningTests {
    static let day: TimeInterval = 86_400

    func records(_ folder: TemporaryFolder) throws -> [RequestIdentities.Record] {
        try JSONDecoder().decode(RequestIdentities.Document.self, from: Data(try folder.read(".ferry/ids.json").utf8))
            .requests
    }

    @Test func theFingerprintIsTheHashOfTheJoinedTextItAlwaysWas() {
        // Records in ids.json hold fingerprints made from the joined text: one fed piece by piece must be the same.
        let file = HTTPFileParser.parse(
            text: "# @name one\nPOST http://h/a\n    ?x=1\n    &y=é\nX-Token: v\nContent-Type: text/plain\n\nbody\n",
            path: "a.http")
        for request in file.requests + [SavedRequest(method: "GET", url: "http://h/")] {
            var text = request.method + " " + request.fullURL + "\n"
            for header in request.headers { text += header.name.lowercased() + ":" + header.value + "\n" }
            text += "\n" + (request.body ?? "")
            #expect(
                RequestIdentities.fingerprint(of: request) == String(FileFingerprint.hash(Array(text.utf8)), radix: 16))
        }
        #expect(file.requests.first?.urlContinuations.isEmpty == false)
    }

    @Test func goneRecordsArePrunedAfterThirtyDaysAndTrashedOnesAreKept() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n\n###\n# @name two\nGET http://h/2\n")
        try folder.write("b/c.http", "# @name three\nGET http://h/3\n")
        try folder.write("d.http", "# @name four\nGET http://h/4\n")
        try folder.write("e.http", "# @name five\nGET http://h/5\n")
        var workspace = try Workspace.load(at: folder.url)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let start = Date()
        let ids = try identities.assign(workspace.requests, now: start)
        func id(_ text: String) -> String? { ids[RequestID(parsing: text)] }

        let two = try workspace.deleteRequest(RequestID(parsing: "a.http#two"))  // in the trash
        _ = try workspace.deleteItem("b")  // a folder in the trash
        try workspace.purge([try workspace.deleteItem("d.http")])  // trashed, then deleted for good
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("e.http"))  // gone outside Ferry
        try workspace.reload()

        // Ten days on nothing is forgotten.
        _ = try identities.assign(workspace.requests, now: start.addingTimeInterval(10 * Self.day))
        #expect(try records(folder).count == 5)

        // A month and a day after they were found gone, only the requests gone everywhere are forgotten.
        let later = start.addingTimeInterval(41 * Self.day)
        let now = try identities.assign(workspace.requests, now: later)
        #expect(now[RequestID(parsing: "a.http#one")] == id("a.http#one"))
        let kept = Set(try records(folder).map(\.id))
        #expect(kept == Set([id("a.http#one"), id("a.http#two"), id("b/c.http#three")].compactMap { $0 }))
        #expect(!kept.contains(id("d.http#four") ?? "") && !kept.contains(id("e.http#five") ?? ""))

        // The trashed request comes back under its old id.
        try workspace.restore(two)
        let restored = try identities.assign(workspace.requests, now: later)
        #expect(restored[RequestID(parsing: "a.http#two")] == id("a.http#two"))
    }

    @Test func aLiveRequestIsNeverPrunedHoweverOldItsLastSeen() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n")
        let workspace = try Workspace.load(at: folder.url)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let start = Date(timeIntervalSince1970: 1_000_000_000)
        let first = try identities.assign(workspace.requests, now: start)
        let again = try identities.assign(workspace.requests, now: start.addingTimeInterval(400 * Self.day))
        #expect(first == again)
        // A live request's record holds no date: it is in the workspace.
        #expect(try records(folder).first?.lastSeen == nil)
    }

    @Test func timePassingDoesNotRewriteTheFileOfLiveRequests() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n")
        let workspace = try Workspace.load(at: folder.url)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let start = Date(timeIntervalSince1970: 1_000_000_000)
        _ = try identities.assign(workspace.requests, now: start)
        let written = try folder.read(".ferry/ids.json")
        for days in [0.04, 1.01, 400] {
            _ = try identities.assign(workspace.requests, now: start.addingTimeInterval(days * Self.day))
            #expect(try folder.read(".ferry/ids.json") == written, "after \(days) days")
        }
        #expect(!written.contains("lastSeen"))
    }

    @Test func aRequestFoundGoneIsKeptThirtyDaysFromWhenItWasFoundGone() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n")
        try folder.write("b.http", "# @name two\nGET http://h/2\n")
        var workspace = try Workspace.load(at: folder.url)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let start = Date(timeIntervalSince1970: 1_000_000_000)
        let ids = try identities.assign(workspace.requests, now: start)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("b.http"))
        try workspace.reload()
        let foundGone = start.addingTimeInterval(10 * Self.day)
        _ = try identities.assign(workspace.requests, now: foundGone)
        let gone = try #require(try records(folder).first { $0.id == ids[RequestID(parsing: "b.http#two")] })
        #expect(gone.lastSeen == foundGone.timeIntervalSince1970)
        _ = try identities.assign(workspace.requests, now: foundGone.addingTimeInterval(29 * Self.day))
        #expect(try records(folder).count == 2)
        _ = try identities.assign(workspace.requests, now: foundGone.addingTimeInterval(31 * Self.day))
        #expect(try records(folder).map(\.id) == [ids[RequestID(parsing: "a.http#one")]])
    }

    @Test func anIDsFileWithoutLastSeenLoadsAndItsGoneRecordsStartTheirClockNow() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n")
        let workspace = try Workspace.load(at: folder.url)
        let print = RequestIdentities.fingerprint(of: try workspace.request("a.http#one").request)
        // As written before `lastSeen` (and `formerPaths`) existed: one live request and one long gone.
        try folder.write(
            ".ferry/ids.json",
            """
            {"version":1,"requests":[
              {"id":"live-1","path":"a.http","name":"one","fingerprint":"\(print)"},
              {"id":"gone-1","path":"old.http","name":"old","fingerprint":"abc"}
            ]}
            """)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let start = Date()
        let ids = try identities.assign(workspace.requests, now: start)
        #expect(ids[RequestID(parsing: "a.http#one")] == "live-1")
        // The gone one is kept for 30 days from now, not forgotten at once.
        #expect(Set(try records(folder).map(\.id)) == ["live-1", "gone-1"])
        #expect(try records(folder).map(\.lastSeen) == [nil, start.timeIntervalSince1970])
        _ = try identities.assign(workspace.requests, now: start.addingTimeInterval(31 * Self.day))
        #expect(try records(folder).map(\.id) == ["live-1"])
    }
}
