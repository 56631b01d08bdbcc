import FerryTestSupport
import Foundation
import Testing

/// `ferry export` driven as the real binary on a temporary workspace.
@Suite struct ExportCommandTests {
    static let requests = """
        ### create
        # @name create
        # @timeout 5
        POST {{host}}/echo?who={{who}}
        Content-Type: application/json
        X-Token: {{token}}

        {"name": "it's Zoë", "cost": "$5"}

        ### upload
        # @no-redirect
        PUT {{host}}/echo
        Content-Type: application/octet-stream

        < ./data.bin
        """

    /// A workspace pointing at `base`, with a private token.
    static func workspace(base: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("api/r.http", requests)
        try folder.write("api/data.bin", "bytes\n")
        try folder.write("http-client.env.json", #"{"local": {"host": "\#(base)", "who": "me"}}"#)
        try folder.write("http-client.private.env.json", #"{"local": {"token": "s3'cret"}}"#)
        return folder
    }

    @Test func curlExportIsExactAndSendsWhatFerrySendSends() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let folder = try Self.workspace(base: server.baseURL)
        let export = try await FerryProcess.run(
            ["export", "api/r.http#create", "--env", "local"], currentDirectory: folder.url)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(
            export.text == """
                curl '\(server.baseURL)/echo?who=me' \\
                  -H 'Content-Type: application/json' \\
                  -H 'X-Token: s3'\\''cret' \\
                  --data-raw '{"name": "it'\\''s Zoë", "cost": "$5"}' \\
                  -L \\
                  --max-time 5 \\
                  --compressed

                """)
        let send = try await FerryProcess.run(
            ["send", "api/r.http#create", "--env", "local"], currentDirectory: folder.url)
        #expect(send.status == 0)
        let curl = try await FerryProcess.shell(export.text + " -s", in: FileManager.default.temporaryDirectory)
        #expect(String(decoding: curl, as: UTF8.self).contains(#""method":"POST""#))
        let recorded = server.requests
        try #require(recorded.count == 2)
        #expect(recorded[1].method == recorded[0].method && recorded[1].target == recorded[0].target)
        #expect(recorded[1].body == recorded[0].body)
        let own: Set<String> = ["user-agent", "accept", "accept-encoding", "expect"]
        let headers = recorded.map {
            $0.headers.filter { !own.contains($0.name.lowercased()) }.map { "\($0.name): \($0.value)" }
        }
        #expect(headers[1] == headers[0])
        #expect(recorded[1].header("X-Token") == "s3'cret")

        let masked = try await FerryProcess.run(
            ["export", "create", "--env", "local", "--mask-secrets", "--one-line"], currentDirectory: folder.url)
        #expect(masked.text.contains("-H 'X-Token: ••••••'") && !masked.text.contains("s3"))
        #expect(masked.text.split(separator: "\n").count == 1)
    }

    @Test func fileIncludesAreAbsoluteAndOutputGoesToAFile() async throws {
        let folder = try Self.workspace(base: "http://127.0.0.1:9")
        let output = try await FerryProcess.run(
            ["export", "upload", "--env", "local", "-o", "out.sh"], currentDirectory: folder.url)
        #expect(output.status == 0 && output.standardOutput.isEmpty)
        let text = try folder.read("out.sh")
        let path = folder.url.appendingPathComponent("api/data.bin").standardizedFileURL.path
        #expect(text.contains("--data-binary @\(path)"))
        #expect(text.contains("-X PUT") && !text.contains("-L"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.contains("partial")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func httpExportKeepsTemplatesOrResolvesWithSecretsMasked() async throws {
        let folder = try Self.workspace(base: "http://h.example")
        let kept = try await FerryProcess.run(["export", "create", "--format", "http"], currentDirectory: folder.url)
        #expect(kept.status == 0)
        #expect(kept.text.contains("POST {{host}}/echo?who={{who}}\n") && kept.text.contains("X-Token: {{token}}"))
        let resolved = try await FerryProcess.run(
            ["export", "create", "--format", "http", "--resolve", "--env", "local"], currentDirectory: folder.url)
        #expect(resolved.text.contains("POST http://h.example/echo?who=me\n"))
        #expect(resolved.text.contains("X-Token: ••••••"))
        let revealed = try await FerryProcess.run(
            ["export", "create", "--format", "http", "--resolve", "--reveal-secrets", "--env", "local"],
            currentDirectory: folder.url)
        #expect(revealed.text.contains("X-Token: s3'cret"))
        let all = try await FerryProcess.run(["export", "--all", "--format", "http"], currentDirectory: folder.url)
        #expect(all.text.components(separatedBy: "\n###").count == 2)
    }

    @Test func allRequestsOfAWorkspaceExportFromAnywhere() async throws {
        let folder = try Self.workspace(base: "http://h.example")
        let output = try await FerryProcess.run(
            ["export", "--all", "--workspace", folder.url.path, "--env", "local", "--one-line"],
            currentDirectory: FileManager.default.temporaryDirectory)
        #expect(output.status == 0, "\(output.standardError)")
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("# ") } == ["# api/r.http#create", "# api/r.http#upload"])
        #expect(lines.filter { $0.hasPrefix("curl ") }.count == 2)
    }

    @Test func errorsAreLocatedWithExitTwo() async throws {
        let folder = try Self.workspace(base: "http://h.example")
        let unresolved = try await FerryProcess.run(["export", "create"], currentDirectory: folder.url)
        #expect(unresolved.status == 2)
        #expect(unresolved.standardError.contains("api/r.http:4"))
        #expect(unresolved.standardError.contains("environments: local"))
        let unknown = try await FerryProcess.run(["export", "nope", "--env", "local"], currentDirectory: folder.url)
        #expect(unknown.status == 2 && unknown.standardError.contains("no request 'nope'"))
        let badFormat = try await FerryProcess.run(
            ["export", "create", "--format", "xml"], currentDirectory: folder.url)
        #expect(badFormat.status == 2 && badFormat.standardError.contains("--format expects"))
        let missing = try await FerryProcess.run(["export"], currentDirectory: folder.url)
        #expect(missing.status == 2)
        let help = try await FerryProcess.run(["export", "--help"])
        #expect(help.status == 0 && help.text.contains("usage: ferry export"))
    }
}

extension FerryProcess {
    /// Standard output of `sh -c command` run in `folder`.
    static func shell(_ command: String, in folder: URL) async throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        let data = pipe.fileHandleForReading.readToEndInBackground()
        try await process.runToExit()
        return await data.value
    }
}
