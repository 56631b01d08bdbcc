import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Unsaved edits written to and read from `.ferry/drafts`.
@Suite("Draft store")
struct DraftStoreTests {
    @Test func draftsRoundTripThroughTheDraftsFolder() throws {
        let folder = try TemporaryWorkspace(requests: "GET http://x\n", environments: [:])
        let store = DraftStore(stateFolder: folder.url.appendingPathComponent(".ferry"))
        let id = RequestID(path: "sub/a b.http", selector: "get-it")
        var request = SavedRequest(method: "POST", url: "{{host}}/x", headers: [("A", "1")], body: "{}")
        request.name = "get-it"
        try store.write(request, for: id)
        let loaded = store.load()
        #expect(loaded.keys.map(\.description) == ["sub/a b.http#get-it"])
        #expect(loaded[id]?.url == "{{host}}/x" && loaded[id]?.method == "POST" && loaded[id]?.body == "{}")
        try store.write(nil, for: id)
        #expect(store.load().isEmpty)
    }
}
