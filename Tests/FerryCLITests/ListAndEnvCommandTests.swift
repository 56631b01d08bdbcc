import FerryTestSupport
import Foundation
import Testing

@Suite struct ListAndEnvCommandTests {
    static func makeWorkspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-cli-\(UUID().uuidString)")
        let files = [
            "http-client.env.json": #"{ "$shared": { "user": "ann" }, "dev": { "host": "http://127.0.0.1:1" } }"#,
            "http-client.private.env.json": #"{ "dev": { "token": "very-secret-token" } }"#,
            "api/users.http": "### list\nGET {{host}}/users\n\n###\nPOST {{host}}/users\n",
            "root.http": "# @name ping\nHEAD {{host}}/ping\n",
            ".ferry/hidden.http": "GET http://hidden\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func listPrintsIdsMethodsAndURLs() async throws {
        let root = try Self.makeWorkspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try await FerryProcess.run(["list", root.path])
        #expect(output.status == 0)
        #expect(
            output.text == """
                api/users.http#list  GET   {{host}}/users
                api/users.http#2     POST  {{host}}/users
                root.http#ping       HEAD  {{host}}/ping

                """)
        let fromInside = try await FerryProcess.run(["list"], currentDirectory: root)
        #expect(fromInside.text == output.text)
    }

    @Test func aListingLongerThanOnePieceIsWholeAndAlignedAcrossPieces() async throws {
        let root = try Self.makeWorkspace()
        defer { try? FileManager.default.removeItem(at: root) }
        // About 200 kB of lines: written in several pieces, aligned by the widest id of them all.
        let count = 4000
        let text = (0..<count).map { "### r\($0)\nGET http://127.0.0.1:9/item?n=\($0)\n" }.joined(separator: "\n")
        try Data(text.utf8).write(to: root.appendingPathComponent("many.http"))
        let output = try await FerryProcess.run(["list", root.path])
        #expect(output.status == 0)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == count + 3 + 1, "three other requests, and the empty end after the last line break")
        let many = lines.filter { $0.hasPrefix("many.http#") }
        #expect(many.count == count)
        let width = "api/users.http#list".count
        for (number, line) in many.enumerated() {
            let id = "many.http#r\(number)"
            let expected =
                id + String(repeating: " ", count: width - id.count) + "  GET   http://127.0.0.1:9/item?n=\(number)"
            guard line == expected else {
                Issue.record("line \(number): \(line)")
                return
            }
        }
    }

    @Test func onATerminalEachLineFitsItsWidthAndWideOrPipedLinesAreWhole() async throws {
        // `script` (bsdutils, an essential package) gives ferry a terminal 60 columns wide.
        guard let script = TestServers.executable(named: "script") else {
            if TestServers.serversRequired { Issue.record("script (bsdutils) is missing") }
            return
        }
        let root = try Self.makeWorkspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let long = String(repeating: "n", count: 90)
        try Data("### \(long)\nGET http://127.0.0.1:9/\(String(repeating: "p", count: 80))\n".utf8)
            .write(to: root.appendingPathComponent("long.http"))
        func listed(_ options: String) async throws -> [String] {
            let command = "stty cols 60; \(FerryProcess.executableURL.path) list \(root.path) \(options)"
            let result = try await Process.run(script, ["-qec", command, "/dev/null"], mergingErrors: true)
            #expect(result.status == 0, "\(result.text)")
            return result.text.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        }
        let fitted = try await listed("")
        #expect(fitted.count == 4 && fitted.allSatisfy { $0.count <= 60 }, "\(fitted)")
        let cut = try #require(fitted.first { $0.hasPrefix("long.http#") })
        #expect(cut.hasSuffix("…") && cut.contains(" GET "), "the id is cut, the method still shows: \(cut)")
        #expect(fitted.contains { $0.hasPrefix("root.http#ping") && $0.hasSuffix("{{host}}/ping") })
        let whole = try await listed("--wide")
        #expect(whole.contains { $0.contains("#\(long)") && $0.hasSuffix(String(repeating: "p", count: 80)) })
    }

    @Test func listReportsBrokenFilesWithLocationsAndStillListsTheRest() async throws {
        let root = try Self.makeWorkspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("GET http://a/\nbroken header\n\n### ok\nGET http://b/\n".utf8)
            .write(to: root.appendingPathComponent("bad.http"))
        let output = try await FerryProcess.run(["list", root.path])
        #expect(output.status == 2)
        #expect(output.text.contains("bad.http#ok"))
        #expect(output.standardError.contains("bad.http:2:1: error: expected a header"))
    }

    @Test func envMasksSecretsAndMergesShared() async throws {
        let root = try Self.makeWorkspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try await FerryProcess.run(["env", root.path])
        #expect(output.status == 0)
        #expect(!output.text.contains("very-secret-token"))
        #expect(output.text.contains("token = ••••••"))
        #expect(output.text.contains("dev\n  user  = ann"))
        #expect(output.text.contains("host  = http://127.0.0.1:1"))
    }

    @Test func envReportsMalformedFileWithItsLine() async throws {
        let root = try Self.makeWorkspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{\n \"dev\": {\n  \"a\": tru\n }\n}\n".utf8)
            .write(to: root.appendingPathComponent("http-client.env.json"))
        let output = try await FerryProcess.run(["env", root.path])
        #expect(output.status == 2)
        #expect(output.standardError.contains("http-client.env.json:3:8: error:"))
        #expect(output.text.contains("token = ••••••"))
    }

    @Test func sampleCollectionsList() async throws {
        let output = try await FerryProcess.run([
            "list", TestServers.packageRoot.appendingPathComponent("Collections").path,
        ])
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        #expect(output.text.contains("basics/requests.http#search"))
    }
}
