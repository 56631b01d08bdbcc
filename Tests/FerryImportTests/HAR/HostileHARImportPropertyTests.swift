import FerryImport
import FerryJSON
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// A HAR capture's text is only ever data: captures generated with hostile hosts, methods, URLs, header names and
/// values, cookies, bodies, MIME types and responses are imported into a fresh workspace and read back: the same
/// requests as made safe, nothing outside the workspace folder, no output redirect, no more requests than entries.
@Suite("Hostile HAR imports, as a property", .offThePool) struct HostileHARImportPropertyTests {
    static let captures = 120

    static func hostile(_ generator: inout SeededGenerator, prefix: String = "") -> String {
        HostileImportPropertyTests.hostile(&generator, prefix: prefix)
    }

    static func quoted(_ text: String) -> String { HostileImportPropertyTests.quoted(text) }

    /// One entry, every text in it hostile.
    static func entry(_ generator: inout SeededGenerator) -> String {
        let method = Bool.random(using: &generator) ? "POST" : hostile(&generator, prefix: "GET")
        let host = Bool.random(using: &generator) ? "127.0.0.1:9" : hostile(&generator, prefix: "h")
        let url = "http://" + host + "/" + hostile(&generator)
        let header = hostile(&generator, prefix: "X-A")
        return """
            {"startedDateTime": "2024-05-01T10:00:00.000Z", "time": 3,
             "request": {"method": \(quoted(method)), "url": \(quoted(url)), "httpVersion": "HTTP/1.1",
               "headers": [{"name": \(quoted(header)), "value": \(quoted(hostile(&generator)))},
                           {"name": ":path", "value": \(quoted(hostile(&generator)))}],
               "cookies": [{"name": \(quoted(hostile(&generator, prefix: "c"))), "value": \(quoted(hostile(&generator)))}],
               "queryString": [], "headersSize": -1, "bodySize": -1,
               "postData": {"mimeType": \(quoted(hostile(&generator, prefix: "text/"))),
                            "text": \(quoted(hostile(&generator, prefix: "{") + hostile(&generator)))}},
             "response": {"status": 200, "statusText": \(quoted(hostile(&generator))), "httpVersion": "HTTP/1.1",
               "headers": [{"name": \(quoted(hostile(&generator, prefix: "Y"))), "value": \(quoted(hostile(&generator)))}],
               "cookies": [], "content": {"size": 3, "mimeType": "text/plain", "text": \(quoted(hostile(&generator)))},
               "redirectURL": "", "headersSize": -1, "bodySize": 3},
             "cache": {}, "timings": {"send": 1, "wait": 1, "receive": 1}}
            """
    }

    @Test func aHostileCaptureWritesAWorkspaceThatReachesNothingOutside() throws {
        var generator = SeededGenerator(seed: 0x4A2)
        var written = 0
        for run in 0..<Self.captures {
            let entries = (0..<Int.random(in: 1...4, using: &generator)).map { _ in Self.entry(&generator) }
            let source = """
                {"log": {"version": "1.2", "creator": {"name": "evil", "version": "1"},
                 "entries": [\(entries.joined(separator: ",\n"))]}}
                """
            let name = "run \(run)"
            let folder = try TemporaryFolder(prefix: "ferry-hostile-har")
            let workspaceFolder = folder.url.appendingPathComponent("ws")
            let collection = try HARImporter.read(Array(source.utf8), fileName: "evil.har")
            let report = try collection.write(into: workspaceFolder)
            let workspace = try Workspace.load(at: workspaceFolder)
            #expect(workspace.loadErrors.isEmpty, "\(name): \(workspace.loadErrors)")
            for (file, writtenFile) in zip(collection.files, report.files) {
                let safe = file.safeForWriting()
                let reread = workspace.files.first { $0.path == writtenFile.path }?.requests.map(\.request) ?? []
                #expect(reread.count == safe.requests.count, "\(name): \(writtenFile.path)\n\(source)")
                for (index, (request, wanted)) in zip(reread, safe.requests).enumerated() {
                    #expect(request.method == wanted.method, "\(name)\n\(source)")
                    #expect(request.fullURL == wanted.fullURL, "\(name)\n\(source)")
                    #expect(request.headers.map(\.name) == wanted.headers.map(\.name), "\(name)\n\(source)")
                    #expect(request.headers.map(\.value) == wanted.headers.map(\.value), "\(name)\n\(source)")
                    if let moved = safe.bodies[index] {
                        let include = request.body ?? ""
                        #expect(include.hasPrefix("< ./"), "\(name): \(include)")
                        let bodyFile = workspaceFolder.appendingPathComponent(String(include.dropFirst(4)))
                        #expect(try String(contentsOf: bodyFile, encoding: .utf8) == moved, "\(name)\n\(source)")
                    } else {
                        #expect(request.body == wanted.body, "\(name)\n\(source)")
                    }
                    #expect(request.responseHandlers.isEmpty, "\(name): a handler was written\n\(source)")
                    #expect(!request.headers.contains { $0.name.hasPrefix(":") }, "\(name)")
                }
            }
            #expect(workspace.outsideReferences().isEmpty, "\(name): \(workspace.outsideReferences())\n\(source)")
            #expect(workspace.requests.count <= entries.count, "\(name): requests were injected\n\(source)")
            #expect(report.recordedResponses == workspace.requests.count, "\(name): one recorded response each")
            written += workspace.requests.count
            // Nothing was written outside the workspace folder.
            let outside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            #expect(outside == ["ws"], "\(name): \(outside)")
        }
        #expect(written > Self.captures, "written \(written)")
    }
}
