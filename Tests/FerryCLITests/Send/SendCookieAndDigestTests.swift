import FerryTestSupport
import Foundation
import Testing

/// `ferry send` as separate processes: the workspace's cookie jar (`.ferry/cookies`) and Digest auth.
@Suite struct SendCookieAndDigestTests {
    /// A workspace with `files`, the environment `test` pointing at `base`.
    func workspace(base: String, _ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "ferry-cookies")
        try folder.write("http-client.env.json", #"{ "test": { "host": "\#(base)" } }"#)
        for (path, text) in files { try folder.write(path, text) }
        return folder
    }

    func send(_ id: String, in folder: TemporaryFolder) async throws -> FerryProcess.Output {
        try await FerryProcess.run(["send", id, "--env", "test"], currentDirectory: folder.url)
    }

    @Test func aLoginCookieReachesTheNextProcessUnlessNoCookieJar() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/login", responding: TestResponse(headers: [("Set-Cookie", "sid=abc; Path=/; HttpOnly")]))
        server.route("/me") { request in .text(request.header("Cookie") ?? "(none)") }
        let folder = try workspace(
            base: server.baseURL,
            [
                "auth.http": """
                ### login
                # @name login
                POST {{host}}/login

                ### me
                # @name me
                GET {{host}}/me

                ### bare
                # @name bare
                # @no-cookie-jar
                GET {{host}}/me

                """
            ])
        #expect(try await send("me", in: folder).text == "(none)")
        #expect(try await send("login", in: folder).status == 0)
        #expect(try folder.read(".ferry/cookies").contains("sid\tabc"))
        #expect(try folder.read(".ferry/.gitignore") == "*\n")
        #expect(try await send("me", in: folder).text == "sid=abc")
        #expect(try await send("bare", in: folder).text == "(none)")
    }

    @Test func httpbinCookiesPersistBetweenTwoProcesses() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let folder = try workspace(
            base: base,
            [
                "cookies.http": """
                ### set
                # @name set
                GET {{host}}/cookies/set?k=v

                ### show
                # @name show
                GET {{host}}/cookies

                """
            ])
        #expect(try await send("set", in: folder).status == 0)
        let shown = try await send("show", in: folder)
        #expect(shown.status == 0)
        #expect(shown.text.contains(#""k": "v""#))
    }

    @Test func digestAuthFromAnHTTPFileAgainstHttpbin() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let folder = try workspace(
            base: base,
            [
                "digest.http": """
                ### good
                # @name good
                GET {{host}}/digest-auth/auth/user/passwd
                Authorization: Digest user {{password}}

                ### bad
                # @name bad
                GET {{host}}/digest-auth/auth/user/passwd
                Authorization: Digest user wrong

                """,
                "http-client.private.env.json": #"{ "test": { "password": "passwd" } }"#,
            ])
        let good = try await send("good", in: folder)
        #expect(good.status == 0)
        #expect(good.text.contains(#""authenticated": true"#))
        #expect(try await send("bad", in: folder).status == 4)
        // The password is a secret: it is not in the history.
        let history = try folder.read(".ferry/history.jsonl")
        #expect(history.contains("Digest user ") && !history.contains("Digest user passwd"))
    }
}
