import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux: `i` in the tree imports a Postman collection into the workspace, and the
/// new folder and its requests appear in the tree. Waits are async polls with a deadline.
@Suite("ferry in tmux: importing a file", .serialized)
struct TmuxImportTests {
    @Test func iImportsAPostmanCollectionAndTheTreeShowsIt() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        try folder.write(
            "incoming/shop.postman_collection.json",
            """
            {"info": {"name": "Shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "Orders", "item": [
               {"name": "List orders", "request": {"method": "GET", "url": "{{base}}/orders"}},
               {"name": "Cancel order", "request": {"method": "DELETE", "url": "{{base}}/orders/7"}}]}],
             "variable": [{"key": "base", "value": "http://127.0.0.1:9"}]}
            """)
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("Home")
        try await session.send("i")
        try await TmuxWorkbench.waitFor(session, "Import a curl, Postman or OpenAPI file into api")
        try await session.send("incoming/shop.postman_collection.json", literal: true)
        try await session.send("Enter")
        try await TmuxWorkbench.waitUntil(session, "the import and the new rows") {
            $0.contains("Imported 2 requests into api/Orders.http and 1 variable") && $0.contains("Orders.http")
                && $0.contains("List orders") && $0.contains("Cancel order")
        }
        #expect(try folder.read("api/Orders.http").contains("DELETE {{base}}/orders/7"))
        #expect(try folder.read("http-client.env.json").contains("\"base\": \"http://127.0.0.1:9\""))
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit", timeout: .seconds(90)) { _ in session.hasExited
        }
    }
}
