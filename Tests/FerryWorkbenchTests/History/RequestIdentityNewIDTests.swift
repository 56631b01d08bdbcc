import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

@Suite struct RequestIdentityNewIDTests {
    @Test func aNewIDIsARandomVersionFourUUIDSpelledInLowercase() throws {
        let ids = (0..<2000).map { _ in RequestIdentities.newID() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let parsed = try #require(UUID(uuidString: id), "\(id)")
            #expect(parsed.uuidString.lowercased() == id)
            let bytes = parsed.uuid
            #expect(bytes.6 >> 4 == 4, "version 4: \(id)")
            #expect(bytes.8 >> 6 == 0b10, "RFC 4122 variant: \(id)")
        }
    }
}

@Suite struct RequestIdentityMatchingTests {
    @Test func aRequestRenamedOutsideFerryKeepsItsIDByContentAndANewOneGetsANewID() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "### one\nGET http://h/1\n\n### two\nGET http://h/2\n")
        let identities = RequestIdentities(stateFolder: try Workspace.load(at: folder.url).stateFolder)
        let first = try identities.assign(try Workspace.load(at: folder.url).requests)
        // Renamed in an editor, and a request added: the first is found by its content, the second by its name.
        try folder.write("a.http", "### uno\nGET http://h/1\n\n### two\nGET http://h/2\n\n### three\nGET http://h/3\n")
        let second = try identities.assign(try Workspace.load(at: folder.url).requests)
        #expect(second[RequestID(parsing: "a.http#uno")] == first[RequestID(parsing: "a.http#one")])
        #expect(second[RequestID(parsing: "a.http#two")] == first[RequestID(parsing: "a.http#two")])
        let three = try #require(second[RequestID(parsing: "a.http#three")])
        #expect(!first.values.contains(three))
        // Nothing changed: the same ids, found by path and name alone.
        #expect(try identities.assign(try Workspace.load(at: folder.url).requests) == second)
    }
}
