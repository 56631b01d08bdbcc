import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Copying the open request as a curl command (Y) and importing a foreign file into the workspace (i), on
/// the real loop against the in-memory terminal.
@Suite("Import and export keys", .serialized)
final class ImportExportAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    let outside: TemporaryFolder

    init() throws {
        server = try TestHTTPServer()
        folder = try TemporaryWorkspace(
            requests: """
                ### Create
                # @name create
                POST {{host}}/echo?source=ferry
                Content-Type: application/json
                X-Token: {{token}}

                {"name": "it's {{host}}"}
                """,
            environments: ["local": server.baseURL],
            extraFiles: ["api/users.http": "### list\n# @name list\nGET {{host}}/users\n"])
        try folder.write("http-client.private.env.json", #"{"local": {"token": "s3cret"}}"#)
        outside = try TemporaryFolder(prefix: "ferry-import-source")
    }

    deinit { server.stop() }

    private func launch() async throws -> AppHarness {
        let app = try AppHarness(workspace: folder.url)
        try await app.settle()
        return app
    }

    @Test func yCopiesTheOpenRequestWithItsEditsAsACurlCommandThatSendsTheSameRequest() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.function(2))
        try await app.waitFor("the environment picker") { app.shows("local") }
        try await app.press(.key(.enter))
        #expect(app.state.environment == "local", "\(app.screen)")
        // An unsaved edit of the URL goes out too.
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#create" }
        try await app.press(.key(.enter))
        try await app.type("&edited=1")
        try await app.press(.key(.tab, modifiers: .shift))
        #expect(app.state.panes.focus == .tree)
        try await app.press(.character("Y"))
        let command = try #require(app.backend.copiedTexts.last, "\(app.screen)")
        #expect(app.shows("Copied requests.http#create as a curl command (secrets in clear)."), "\(app.screen)")
        #expect(command.hasPrefix("curl '\(server.baseURL)/echo?source=ferry&edited=1'"), "\(command)")

        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/bin/sh")
        curl.arguments = ["-c", command + " -s -o /dev/null"]
        #expect(try await curl.runToExit() == 0)
        let sent = try #require(server.requests.last)
        #expect(sent.method == "POST")
        #expect(sent.target == "/echo?source=ferry&edited=1")
        #expect(sent.headers.first { $0.name == "X-Token" }?.value == "s3cret")
        #expect(sent.headers.first { $0.name == "Content-Type" }?.value == "application/json")
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"name": "it's \#(server.baseURL)"}"#)
        try await app.quit()
    }

    @Test func altYOpensThePickerOfLanguagesAndTheCodeCopiedSendsTheSameRequest() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.function(2))
        try await app.waitFor("the environment picker") { app.shows("local") }
        try await app.press(.key(.enter))
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#create" }
        try await app.press(.key(.enter))
        // Alt-Y is not text: it opens the picker from the URL field too.
        try await app.press(.key(KeyEvent(.character("y"), modifiers: .alt)))
        try await app.waitFor("the language picker") { app.shows("Copy the request as code") }
        for language in CodeLanguage.allCases { #expect(app.shows(language.title), "\(language)\n\(app.screen)") }
        try await app.type("python")
        try await app.press(.key(.enter))
        try await app.waitFor("the copy") { !app.backend.copiedTexts.isEmpty }
        let code = try #require(app.backend.copiedTexts.last)
        #expect(
            app.state.message?.text
                == "Copied requests.http#create as Python (requests) code (secrets are placeholders: <token>).",
            "\(app.screen)")
        #expect(code.contains("import requests") && code.contains(#""X-Token": "<token>","#), "\(code)")
        #expect(!code.contains("s3cret"))

        // With the placeholder filled in, the code sends what Ferry sends.
        try outside.write("send.py", code.replacingOccurrences(of: "<token>", with: "s3cret"))
        let python = TestServers.packageRoot.appendingPathComponent(".build/venv/bin/python")
        let run = try await Process.run(
            python, [outside.url.appendingPathComponent("send.py").path], mergingErrors: true)
        #expect(run.status == 0, "\(run.text)")
        let sent = try #require(server.requests.last)
        #expect(sent.method == "POST")
        #expect(sent.target == "/echo?source=ferry")
        #expect(sent.headers.first { $0.name == "X-Token" }?.value == "s3cret")
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"name": "it's \#(server.baseURL)"}"#)
        try await app.quit()
    }

    @Test func yCopiesARequestWhoseBodyIsAFileOnceTheFileIsRead() async throws {
        try folder.write(
            "api/upload.http",
            "### upload\n# @name upload\nPUT {{host}}/echo\nContent-Type: text/plain\n\n< ./note.txt\n")
        try folder.write("api/note.txt", "bytes from a file\n")
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.requestID?.description == "api/upload.http#upload" }
        try await app.press(.key(.enter), .key(.tab, modifiers: .shift))
        try await app.press(.character("Y"))
        try await app.waitFor("the copy") { !app.backend.copiedTexts.isEmpty }
        let command = try #require(app.backend.copiedTexts.last)
        #expect(app.shows("Copied api/upload.http#upload as a curl command."), "\(app.screen)")
        #expect(
            command.contains("--data-binary @\(folder.url.appendingPathComponent("api/note.txt").path)"), "\(command)")

        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/bin/sh")
        curl.arguments = ["-c", command + " -s -o /dev/null"]
        #expect(try await curl.runToExit() == 0)
        let sent = try #require(server.requests.last)
        #expect(sent.method == "PUT")
        #expect(String(decoding: sent.body, as: UTF8.self) == "bytes from a file\n")
        try await app.quit()
    }

    @Test func iImportsACurlCommandIntoTheSelectedFolderAndOpensIt() async throws {
        try outside.write(
            "signup.sh", "curl -X PUT https://api.example.com/users/7 -H 'X-Team: core' --json '{\"a\":1}'\n")
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.itemPath == "api" }
        try await app.press(.character("i"))
        #expect(app.shows("Import a curl, Postman or OpenAPI file into api"), "\(app.screen)")
        try await app.type(outside.url.appendingPathComponent("signup.sh").path)
        try await app.press(.key(.enter))
        try await app.waitFor("the import") { app.state.message?.text.hasPrefix("Imported") == true }
        #expect(app.shows("Imported 1 request into api/signup.http from signup.sh."), "\(app.screen)")
        let text = try folder.read("api/signup.http")
        #expect(text.contains("PUT https://api.example.com/users/7"), "\(text)")
        #expect(text.contains("X-Team: core"), "\(text)")
        let opened = try #require(app.state.openRequest)
        #expect(opened.path == "api/signup.http")
        #expect(app.state.currentRequest?.method == "PUT")
        #expect(app.state.tree.rows.contains { $0.id.itemPath == "api/signup.http" })
        // The same file again goes beside it, never over it.
        #expect(app.state.panes.focus == .tree)
        try await app.selectTreeRow { $0.itemPath == "api" }
        try await app.press(.character("i"))
        try await app.type(outside.url.appendingPathComponent("signup.sh").path)
        try await app.press(.key(.enter))
        try await app.waitFor("the second import") { app.state.message?.text.contains("signup-2.http") == true }
        #expect(try folder.read("api/signup.http") == text)
        #expect(folder.exists("api/signup-2.http"))
        try await app.quit()
    }

    @Test func anImportedEnvironmentCanBeChosenAtOnce() async throws {
        try outside.write(
            "staging.postman_environment.json",
            #"{"name": "staging", "values": [{"key": "host", "value": "http://127.0.0.1:9", "enabled": true}]}"#)
        let app = try await launch()
        defer { app.stop() }
        #expect(!app.state.environments.names.contains("staging"))
        try await app.press(.character("i"))
        try await app.type(outside.url.appendingPathComponent("staging.postman_environment.json").path)
        try await app.press(.key(.enter))
        try await app.waitFor("the import") { app.state.message?.text.hasPrefix("Imported") == true }
        #expect(app.shows("Imported 1 variable from staging.postman_environment.json."), "\(app.screen)")
        #expect(app.state.environments.names == ["local", "staging"])
        // The watcher's news of the file the import wrote (passed on here as the watcher does, whenever it
        // comes) is Ferry's own change: it reloads nothing and leaves the import's message.
        app.app.runner.post(.workspace(.changedOnDisk([EnvironmentFiles.publicFileName])))
        try await app.settle()
        #expect(app.shows("Imported 1 variable from staging.postman_environment.json."), "\(app.screen)")
        try await app.press(.control("e"))
        #expect(app.state.environment == "staging", "\(app.screen)")
        // A change made outside Ferry afterwards is still read again.
        let written = try folder.read(EnvironmentFiles.publicFileName)
        try folder.write(
            EnvironmentFiles.publicFileName,
            written.replacingOccurrences(of: #""http://127.0.0.1:9""#, with: #""http://127.0.0.1:10""#))
        try await app.waitFor("the reload") { app.state.message?.text.hasPrefix("Reloaded from disk") == true }
        #expect(app.shows("Reloaded from disk: \(EnvironmentFiles.publicFileName)."), "\(app.screen)")
        try await app.quit()
    }

    @Test func aFileNoImporterReadsIsRefusedInWordsAndNothingIsWritten() async throws {
        try outside.write("notes.txt", "just some notes\n")
        let app = try await launch()
        defer { app.stop() }
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        try await app.press(.character("i"))
        try await app.type(outside.url.appendingPathComponent("notes.txt").path)
        try await app.press(.key(.enter))
        try await app.waitFor("the refusal") { app.state.message?.isError == true }
        #expect(app.shows("notes.txt is not a curl command"), "\(app.screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == before)
        try await app.quit()
    }
}
