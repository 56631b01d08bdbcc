import FerryTestSupport
import Foundation
import Testing

/// A cloned repository's files cannot reach outside it until the user trusts it: `>>!` to a path above the
/// workspace and `<` of a file outside it are refused before anything is sent, naming the file, the line and
/// how to trust; `--trust` allows one command, `ferry trust PATH` for good (kept in the user's config).
@Suite struct WorkspaceTrustCommandTests {
    let server: TestHTTPServer
    let home: TemporaryFolder
    let outside: URL
    let repo: URL

    init() throws {
        server = try TestHTTPServer()
        server.route("/answer", responding: .text("server-chosen bytes\n"))
        server.route("/echo") { request in .text("got \(request.body.count) bytes") }
        home = try TemporaryFolder(prefix: "ferry-trust")
        outside = home.url.appendingPathComponent("victim.txt")
        try Data("keep me\n".utf8).write(to: outside)
        try Data("SECRET KEY\n".utf8).write(to: home.url.appendingPathComponent("id_rsa"))
        try Data("request.variables.set('stolen', 'yes');\n".utf8).write(
            to: home.url.appendingPathComponent("steal.js"))
        repo = home.url.appendingPathComponent("clone/repo")
        let files = [
            "write.http": "GET {{host}}/answer\n\n>>! ../../victim.txt\n",
            "read.http": "POST {{host}}/echo\nContent-Type: text/plain\n\n< ../../id_rsa\n",
            "inside.http": "GET {{host}}/answer\n\n>>! ./out/answer.txt\n",
            "script.http": "< ../../steal.js\nGET {{host}}/answer\n",
            "http-client.env.json": #"{ "test": { "host": "\#(server.baseURL)" } }"#,
        ]
        for (path, text) in files {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// `ferry` with the user's config in the temporary home, never the real one.
    func ferry(_ arguments: [String]) async throws -> FerryProcess.Output {
        try await FerryProcess.run(
            arguments,
            environment: ["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.appendingPathComponent(".config").path],
            currentDirectory: repo)
    }

    @Test func anUntrustedWorkspaceCannotWriteOrReadOutsideIt() async throws {
        let written = try await ferry(["send", "write.http", "--env", "test"])
        #expect(written.status == 2, "\(written.standardError)")
        #expect(
            written.standardError.contains("write.http:3:1: >>! ../../victim.txt refused"), "\(written.standardError)")
        #expect(written.standardError.contains("outside the workspace"))
        #expect(written.standardError.contains("ferry trust \(repo.path)"))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me\n")

        let read = try await ferry(["send", "read.http", "--env", "test"])
        #expect(read.status == 2, "\(read.standardError)")
        #expect(read.standardError.contains("< ../../id_rsa refused"), "\(read.standardError)")
        #expect(server.requests.isEmpty, "nothing was sent")

        // Inside the workspace, outputs work as before.
        let inside = try await ferry(["send", "inside.http", "--env", "test"])
        #expect(inside.status == 0, "\(inside.standardError)")
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("out/answer.txt").path))

        // ferry run refuses the same requests, one by one.
        let run = try await ferry(["run", ".", "--env", "test"])
        #expect(run.status != 0)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me\n")
    }

    @Test func trustForOneCommandThenForGood() async throws {
        let once = try await ferry(["send", "write.http", "--env", "test", "--trust"])
        #expect(once.status == 0, "\(once.standardError)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "server-chosen bytes\n")
        try Data("keep me\n".utf8).write(to: outside)
        // Without --trust again, refused again: nothing was kept.
        #expect(try await ferry(["send", "write.http", "--env", "test"]).status == 2)

        let trusted = try await ferry(["trust", repo.path])
        #expect(trusted.status == 0, "\(trusted.standardError)")
        let store = home.url.appendingPathComponent(".config/ferry/trusted-workspaces.json")
        #expect(try String(contentsOf: store, encoding: .utf8).contains(repo.resolvingSymlinksInPath().path))
        #expect(
            !FileManager.default.fileExists(atPath: repo.appendingPathComponent(".ferry/trusted-workspaces.json").path))
        let listed = try await ferry(["trust", "--list"])
        #expect(String(decoding: listed.standardOutput, as: UTF8.self).contains(repo.resolvingSymlinksInPath().path))
        let now = try await ferry(["send", "read.http", "--env", "test"])
        #expect(now.status == 0, "\(now.standardError)")
        #expect(server.requests.last?.body == Data("SECRET KEY\n".utf8))
    }

    @Test func aScriptFileOutsideAnUntrustedWorkspaceIsNotRead() async throws {
        let refused = try await ferry(["send", "script.http", "--env", "test"])
        #expect(refused.status != 0, "\(refused.standardError)")
        #expect(refused.standardError.contains("the script ../../steal.js refused"), "\(refused.standardError)")
        #expect(refused.standardError.contains("outside the workspace"), "\(refused.standardError)")
        #expect(server.requests.isEmpty, "nothing was sent")
        let trusted = try await ferry(["send", "script.http", "--env", "test", "--trust"])
        #expect(trusted.status == 0, "\(trusted.standardError)")
        #expect(server.requests.count == 1)
    }
}
