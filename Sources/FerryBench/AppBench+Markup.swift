import FerryApp
import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation

extension AppBench {
    /// A 50 MB HTML response in the workbench with syntax highlighting and wrapping on: send and show it,
    /// then keystrokes (arrows, page down, sideways) to a frame.
    static func markupRows(transport: CurlTransport) throws -> [BenchRow] {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/page",
            responding: TestResponse(
                status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: makeHTML(bytes: 50_000_000))
        )
        let root = try workspace(requesting: "page", from: server)
        defer { try? FileManager.default.removeItem(at: root) }

        let app = try Running(root: root, transport: transport)
        try app.waitSettled(inputs: 0)
        let openStart = ContinuousClock.now
        try app.press(.key(KeyEvent.control("r")), timeout: .seconds(60))
        let open = seconds(ContinuousClock.now - openStart)
        guard app.backend.text.contains("<div") else { throw AppBenchError("the HTML response did not show") }
        var rows = [
            BenchRow(
                suite: name, name: "send + receive + show 50 MB HTML, highlighted",
                value: String(format: "%.2f s", open), comparison: "target < 1 s", meetsTarget: open < 1)
        ]
        try app.press(.key(.tab), .key(.tab))
        try app.press(.key(KeyEvent(.character("w"))))
        rows.append(
            try app.keystrokeRow(
                "keystroke to frame, 50 MB HTML open, wrapped",
                pressing: [.key(.down), .key(.down), .key(.pageDown), .key(.up), .key(.pageDown)]))
        try app.quit()
        return rows
    }

    /// An HTML page about `bytes` long: nested elements with attributes and text, one line in eight 400
    /// characters long (wrapped onto several rows at 80 columns).
    static func makeHTML(bytes: Int) -> Data {
        var out = "<!doctype html>\n<html lang=\"en\">\n<body>\n"
        out.reserveCapacity(bytes + 1024)
        var index = 0
        while out.utf8.count < bytes {
            if index % 8 == 0 {
                let words = String(repeating: "harbour road \(index) ", count: 400 / (14 + String(index).count))
                out += "<p class=\"long\" id=\"p\(index)\">\(words)</p>\n"
            } else {
                out +=
                    "<div class=\"row\" data-id=\"\(index)\"><span>user \(index)</span> &amp; <a href=\"/u/\(index)\">profile</a></div>\n"
            }
            index += 1
        }
        out += "</body>\n</html>\n"
        return Data(out.utf8)
    }
}
