import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The workbench's import (`i` in the tree) takes a HAR capture by its content, and the captured response is in
/// the history (F6) before the request was ever sent.
@Suite struct HARImportAppTests {
    static let capture = """
        {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [
          {"startedDateTime": "2024-05-01T10:00:00.000Z", "time": 12,
           "request": {"method": "POST", "url": "http://127.0.0.1:9/orders", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [], "queryString": [],
             "headersSize": -1, "bodySize": 8, "postData": {"mimeType": "application/json", "text": "{\\"n\\": 1}"}},
           "response": {"status": 201, "statusText": "Created", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
             "content": {"size": 13, "mimeType": "application/json", "text": "{\\"id\\": \\"o-7\\"}"},
             "redirectURL": "", "headersSize": -1, "bodySize": 13},
           "cache": {}, "timings": {"send": 1, "wait": 10, "receive": 1}}]}}
        """

    @Test func anImportedCaptureShowsItsResponseInTheHistory() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-har-app")
        try folder.write("http-client.env.json", "{}")
        try folder.write("capture.json", Self.capture)
        let driver = try EffectDriver(workspace: folder.url)
        driver.runner.run(.onFiles(.change(.importFile(path: "capture.json", intoFolder: "")), driver.state.workspace))
        try await driver.settle()
        #expect(driver.state.workspace.requests.map(\.id.description) == ["127.0.0.1-9.http#post-orders"])
        try await driver.press(.key(.function(6)))
        let shown = driver.screen
        #expect(shown.contains("History ("), "\(shown)")
        // The history row: status, method, request name, URL.
        #expect(
            shown.split(separator: "\n").contains { $0.contains("201 POST") && $0.contains("post-orders") },
            "\(shown)")
    }
}
