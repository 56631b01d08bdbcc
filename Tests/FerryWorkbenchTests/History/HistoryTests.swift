import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

@Suite struct HistoryTests {
    static let secret = EnvironmentVariable(
        name: "password", value: "s3cret-pw", isSecret: true, location: SourceLocation(file: "p", line: 1))

    func entry(body: String = "ok", status: Int = 200) throws -> HistoryEntry {
        let saved = HTTPFileParser.parse(
            text:
                "POST http://h/login?pw={{password}}\nAuthorization: Basic ferry {{password}}\nX-Plain: 1\n\npw={{password}}\n",
            path: "a.http"
        ).requests[0]
        let prepared = try saved.prepared(with: VariableContext(environment: [Self.secret]))
        let response = HTTPResponse(
            status: status, reason: "OK", headers: ["Content-Type": "text/plain"],
            url: URL(string: "http://h/login")!, body: Data(body.utf8))
        return HistoryEntry(
            prepared: prepared, requestID: "id-1", requestPath: "a.http#1", environment: "local",
            started: Date(timeIntervalSince1970: 5), result: .success(response), bodyCap: 32)
    }

    @Test func entriesMaskSecretsEverywhereAndCapBodies() throws {
        let basic = Data("ferry:s3cret-pw".utf8).base64EncodedString()
        let recorded = try entry(body: "echo \(basic) and s3cret-pw and more text past the cap")
        let encoded = String(decoding: try JSONEncoder().encode(recorded), as: UTF8.self)
        #expect(!encoded.contains("s3cret-pw"))
        #expect(!encoded.contains(basic))
        #expect(recorded.url == "http://h/login?pw=\(Secrets.mask)")
        #expect(recorded.requestHeaders.first?.value == "Basic \(Secrets.mask)")
        #expect(recorded.requestHeaders.last?.value == "1")
        #expect(recorded.requestBody == "pw=\(Secrets.mask)")
        #expect(recorded.responseBodyTruncated)
        #expect(recorded.responseBody?.hasPrefix("echo \(Secrets.mask) and ") == true)
        #expect(recorded.responseSize > 32)
        #expect(HistoryEntry.text(Data("a•b".utf8), cap: 2) == "a")
    }

    @Test func appendsFromManyWritersWithoutInterleavingAndRotates() throws {
        let folder = try TemporaryFolder()
        let log = HistoryLog(stateFolder: folder.url.appendingPathComponent(".ferry"), maximumBytes: 1 << 20)
        let one = try entry(body: String(repeating: "x", count: 10))
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<25 { try? log.append(one) }
            _ = worker
        }
        #expect(log.entries().count == 200)
        #expect(log.entries().allSatisfy { $0 == one })

        let small = HistoryLog(stateFolder: folder.url.appendingPathComponent("small"), maximumBytes: 4_000)
        for _ in 0..<100 { try small.append(one) }
        let current = try FileManager.default.attributesOfItem(atPath: small.url.path)[.size] as? Int ?? 0
        #expect(current <= 4_000 + 2_000)
        #expect(FileManager.default.fileExists(atPath: small.rotatedURL.path))
        #expect(small.entries().count < 100)
        #expect(small.entries().count > 2)
    }

    @Test func twoProcessesAppendingAtOnceKeepEveryLine() async throws {
        let folder = try TemporaryFolder()
        let log = HistoryLog(stateFolder: folder.url)
        let line = try entry()
        // A child process appends with its own descriptor while this one does too.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        let encoded = String(decoding: try JSONEncoder().encode(line), as: UTF8.self)
        child.arguments = [
            "-c",
            "for i in $(seq 1 100); do flock \"$1/history.lock\" sh -c 'printf \"%s\\n\" \"$2\" >> \"$1/history.jsonl\"' _ \"$1\" \"$2\"; done",
            "_", folder.url.path, encoded,
        ]
        let exit = try child.start()
        for _ in 0..<100 { try log.append(line) }
        #expect(await exit.value == 0)
        #expect(log.entries().count == 200)
    }

    @Test func stableIDsSurviveRenamesMovesAndEdits() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "### one\nGET http://h/1\n\n### two\nGET http://h/2\n")
        var workspace = try Workspace.load(at: folder.url)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let first = try identities.assign(workspace.requests)
        let one = try #require(first[RequestID(parsing: "a.http#one")])
        let two = try #require(first[RequestID(parsing: "a.http#two")])
        #expect(one != two)

        let renamed = try workspace.renameRequest(RequestID(parsing: "a.http#one"), to: "uno")
        #expect(try identities.assign(workspace.requests)[renamed] == one)
        let moved = try workspace.moveRequest(renamed, toFile: "sub/b.http")
        #expect(try identities.assign(workspace.requests)[moved] == one)
        var edited = try workspace.request("a.http#two").request
        edited.url = "http://h/changed"
        try workspace.updateRequest(RequestID(parsing: "a.http#two"), with: edited)
        let afterEdit = try identities.assign(workspace.requests)
        #expect(afterEdit[RequestID(parsing: "a.http#two")] == two)
        let copy = try workspace.duplicateRequest(RequestID(parsing: "a.http#two"))
        let afterCopy = try identities.assign(workspace.requests)
        #expect(afterCopy[RequestID(parsing: "a.http#two")] == two)
        #expect(afterCopy[copy] != two)
        // A fresh process reads the same ids from disk.
        let reloaded = try Workspace.load(at: folder.url)
        #expect(try RequestIdentities(stateFolder: reloaded.stateFolder).assign(reloaded.requests) == afterCopy)
    }
}

@Suite struct CapturedValueTests {
    @Test func pathsIntoRecordedBodies() throws {
        let steps = Workspace.steps(of: "$.a[2].b['c d']")
        #expect(steps.count == 4)
        let entry = HistoryEntry(
            time: 0, requestID: "x", requestPath: "a.http#x", environment: nil, method: "GET", url: "http://h",
            requestHeaders: [], requestBody: nil, requestSize: 0, status: 200, error: nil,
            responseHeaders: [.init(name: "ETag", value: "\"v1\"")],
            responseBody: #"{"a":[0,1,{"b":{"c d":true}}],"s":"text"}"#, responseBodyTruncated: false, responseSize: 10,
            timing: nil)
        func value(_ expression: String) -> String? {
            let request = HTTPFileParser.parse(text: "GET http://h/{{\(expression)}}\n", path: "b.http").requests[0]
            guard let reference = Workspace.responseReferences(in: request).first else { return nil }
            return Workspace.value(of: reference, in: entry)
        }
        #expect(value("x.response.body.$.a[2].b['c d']") == "true")
        #expect(value("x.response.body.s") == "text")
        #expect(value("x.response.body.a[1]") == "1")
        #expect(value("x.response.body.a[2]") == #"{"b":{"c d":true}}"#)
        #expect(value("x.response.body.$") == entry.responseBody)
        #expect(value("x.response.body.missing") == nil)
        #expect(value("x.response.headers.etag") == "\"v1\"")
    }
}

@Suite struct HistoryQueryTests {
    @Test func entriesForOneRequest() throws {
        let folder = try TemporaryFolder()
        let log = HistoryLog(stateFolder: folder.url)
        for id in ["a", "b", "a", "ab"] {
            try log.append(
                HistoryEntry(
                    time: 0, requestID: id, requestPath: "x.http#\(id)", environment: nil, method: "GET",
                    url: "http://h",
                    requestHeaders: [], requestBody: nil, requestSize: 0, status: 200, error: nil, responseHeaders: [],
                    responseBody: nil, responseBodyTruncated: false, responseSize: 0, timing: nil))
        }
        #expect(log.entries(forRequest: "a").count == 2)
        #expect(log.entries(forRequest: "ab").count == 1)
        #expect(log.entries().count == 4)
    }
}
