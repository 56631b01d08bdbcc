import FerryTestSupport
import Foundation
import Testing

/// `ferry export --format python|javascript|httpie|swift-urlsession|swift|go`: the code is run by the real
/// runtime against httpbin and must send what Ferry sends (method, query, headers in order and repeated, the
/// body's exact bytes); Swift with FerryHTTP is type-checked against this package's modules; Go has no
/// toolchain on the test machines, so its text is checked. Secrets are placeholders unless revealed.
@Suite struct CodeExportTests {
    static let request = """
        ### create
        # @name create
        # @timeout 30
        POST {{host}}/anything/items?who={{who}}&key={{apiKey}}
        Content-Type: application/json
        Authorization: Bearer {{token}}
        X-Multi: a
        X-Multi: b

        {"name": "it's \\"Zoë\\"", "cost": "$5", "tab": "\\t"}
        """

    static let body = #"{"name": "it's \"Zoë\"", "cost": "$5", "tab": "\t"}"#

    static func workspace(host: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("api.http", request)
        try folder.write("http-client.env.json", #"{"local": {"host": "\#(host)", "who": "me"}}"#)
        try folder.write("http-client.private.env.json", #"{"local": {"token": "s3cr3t-t0k", "apiKey": "k3y"}}"#)
        return folder
    }

    static func export(_ format: String, in folder: TemporaryFolder, reveal: Bool = true) async throws
        -> FerryProcess.Output
    {
        try await FerryProcess.run(
            ["export", "api.http#create", "--env", "local", "--format", format] + (reveal ? ["--reveal-secrets"] : []),
            currentDirectory: folder.url)
    }

    /// What httpbin's `/anything` echoed: the request as it arrived.
    static func expectEchoed(_ output: String, _ language: String) throws {
        // The code prints the status, then the body.
        let lines = output.split(separator: "\n", maxSplits: 1).map(String.init)
        #expect(lines.first == "200", "\(language): \(output)")
        let echo = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any], "\(language)")
        #expect(echo["method"] as? String == "POST", "\(language)")
        #expect((echo["url"] as? String)?.hasSuffix("/anything/items?who=me&key=k3y") == true, "\(language)")
        #expect(echo["data"] as? String == body, "\(language)")
        let headers = try #require(echo["headers"] as? [String: String], "\(language)")
        #expect(headers["Authorization"] == "Bearer s3cr3t-t0k", "\(language)")
        #expect(headers["Content-Type"] == "application/json", "\(language)")
        #expect(headers["X-Multi"] == "a,b" || headers["X-Multi"] == "a, b", "\(language): \(headers)")
    }

    static var venv: URL { TestServers.packageRoot.appendingPathComponent(".build/venv/bin") }

    @Test func pythonRequestsSendsWhatFerrySends() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try Self.workspace(host: httpbin)
        let export = try await Self.export("python", in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        try folder.write("send.py", export.text)
        let run = try await Process.run(
            Self.venv.appendingPathComponent("python"), [folder.url.appendingPathComponent("send.py").path],
            mergingErrors: true)
        #expect(run.status == 0, "\(run.text)")
        try Self.expectEchoed(run.text, "python")
    }

    @Test func javascriptFetchSendsWhatFerrySends() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try Self.workspace(host: httpbin)
        let export = try await Self.export("javascript", in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        // Top-level await: an ES module.
        try folder.write("send.mjs", export.text)
        let run = try await Process.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["node", folder.url.appendingPathComponent("send.mjs").path],
            mergingErrors: true)
        #expect(run.status == 0, "\(run.text)")
        try Self.expectEchoed(run.text, "javascript")
    }

    @Test func httpieSendsWhatFerrySends() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try Self.workspace(host: httpbin)
        let export = try await Self.export("httpie", in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        // The command as a user pastes it: through the shell, with HTTPie on the PATH. It prints the body only,
        // so the status line the others print is added here.
        let run = try await Process.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo 200; " + export.text],
            environment: ["PATH": Self.venv.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")],
            mergingErrors: true)
        #expect(run.status == 0, "\(run.text)")
        try Self.expectEchoed(run.text, "httpie")
    }

    @Test func swiftURLSessionSendsWhatFerrySends() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try Self.workspace(host: httpbin)
        let export = try await Self.export("swift-urlsession", in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        try folder.write("main.swift", export.text)
        let binary = folder.url.appendingPathComponent("send").path
        let build = try await Process.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-o", binary, folder.url.appendingPathComponent("main.swift").path], mergingErrors: true)
        #expect(build.status == 0, "\(build.text)")
        let run = try await Process.run(URL(fileURLWithPath: binary), [], mergingErrors: true)
        #expect(run.status == 0, "\(run.text)")
        try Self.expectEchoed(run.text, "swift-urlsession")
    }

    @Test func swiftWithFerryHTTPTypeChecksAgainstThisPackage() async throws {
        let folder = try Self.workspace(host: "http://127.0.0.1:9")
        let export = try await Self.export("swift", in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.text.contains(#"request.headers.add("X-Multi", "b")"#))
        try folder.write("main.swift", export.text)
        // The modules of the build the tests run from, and the C modules FerryHTTP's interface names.
        let products = FerryProcess.executableURL.deletingLastPathComponent()
        let sources = TestServers.packageRoot.appendingPathComponent("Sources")
        let check = try await Process.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swiftc", "-typecheck", "-I", products.appendingPathComponent("Modules").path,
                // CCurl is a C target: the build writes its module map (decision 0098).
                "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("CCurl.build/module.modulemap").path,
                "-Xcc", "-I" + sources.appendingPathComponent("CCurl/include").path,
                "-Xcc", "-fmodule-map-file=" + sources.appendingPathComponent("CZlib/module.modulemap").path,
                folder.url.appendingPathComponent("main.swift").path,
            ], mergingErrors: true)
        #expect(check.status == 0, "\(check.text)\n\(export.text)")
    }

    @Test func goHasEveryPartOfTheRequest() async throws {
        let folder = try Self.workspace(host: "http://127.0.0.1:9")
        let export = try await Self.export("go", in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        let text = export.text
        #expect(text.contains(#"http.NewRequest("POST", "http://127.0.0.1:9/anything/items?who=me&key=k3y", "#))
        #expect(
            text.contains(#"strings.NewReader("{\"name\": \"it's \\\"Zoë\\\"\", \"cost\": \"$5\", \"tab\": \"\\t\"}")"#)
        )
        #expect(text.contains("request.Header.Add(\"X-Multi\", \"a\")\n\trequest.Header.Add(\"X-Multi\", \"b\")"))
        #expect(text.contains("client.Timeout = time.Duration(30000) * time.Millisecond"))
        #expect(text.contains("\t\"time\"\n") && text.contains("\t\"strings\"\n"))
    }

    @Test func secretsArePlaceholdersUnlessRevealedAndWhatCannotBeSaidIsRefused() async throws {
        let folder = try Self.workspace(host: "http://127.0.0.1:9")
        for format in ["swift", "swift-urlsession", "python", "javascript", "httpie", "go"] {
            let export = try await Self.export(format, in: folder, reveal: false)
            #expect(export.status == 0, "\(format): \(export.standardError)")
            #expect(!export.text.contains("s3cr3t-t0k") && !export.text.contains("k3y"), "\(format)")
            #expect(export.text.contains("<token>") && export.text.contains("key=<apiKey>"), "\(format)")
            #expect(export.standardError.contains("secrets are placeholders: <apiKey>, <token>"), "\(format)")
        }
        try folder.write("ws.http", "### chat\nWEBSOCKET ws://127.0.0.1:9/chat\n")
        let refused = try await FerryProcess.run(
            ["export", "ws.http#1", "--format", "python"], currentDirectory: folder.url)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("a WEBSOCKET request has no Python (requests) code"))
    }
}
