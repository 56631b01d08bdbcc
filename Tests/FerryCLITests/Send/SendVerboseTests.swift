import FerryTestSupport
import Foundation
import Testing

/// `ferry send -v|--verbose`: the heads libcurl wrote on stderr as `> ` lines, the response's as `< ` lines and
/// the timing, secrets masked, stdout untouched; `-V` sets variables, and the old `-v NAME=VALUE` says so.
@Suite struct SendVerboseTests {
    @Test func printsEverySentHeadMaskedOnStandardError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/old", responding: .redirect(to: "/echo"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": "GET {{host}}/old\nAuthorization: Basic ada s3cret\nX-Key: {{key}}\n",
                "http-client.private.env.json": #"{ "test": { "key": "key-SECRET-9" } }"#,
            ])
        let output = try await fixture.send(["a.http#1", "--env", "test", "--verbose"])
        #expect(output.status == 0)
        let recorded = server.requests
        #expect(recorded.map(\.path) == ["/old", "/echo"])
        let errors = output.standardError
        #expect(errors.contains("> GET /old HTTP/1.1\n"), "\(errors)")
        #expect(errors.contains("> GET /echo HTTP/1.1\n"), "\(errors)")
        #expect(errors.contains("> Host: \(recorded[1].header("Host") ?? "?")\n"), "\(errors)")
        #expect(errors.contains("> User-Agent: \(recorded[1].header("User-Agent") ?? "?")\n"), "\(errors)")
        #expect(errors.contains("> Authorization: Basic ••••••\n"), "\(errors)")
        #expect(errors.contains("> X-Key: ••••••\n"), "\(errors)")
        #expect(!errors.contains("key-SECRET-9") && !errors.contains("YWRh"), "\(errors)")
        #expect(recorded[1].header("X-Key") == "key-SECRET-9")
        // The body on stdout is the echo, unchanged by --verbose.
        #expect(
            output.text.contains(#""target":"\/echo""#) || output.text.contains(#""target": "/echo""#), "\(output.text)"
        )

        let quiet = try await fixture.send(["a.http#1", "--env", "test"])
        #expect(quiet.status == 0)
        #expect(!quiet.standardError.contains("> GET"))
    }

    @Test func dashVShowsTheResponseHeadAndTheTimingWithTheCookieMasked() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/login",
            responding: TestResponse(
                status: 201,
                headers: [
                    ("Content-Type", "text/plain"), ("Set-Cookie", "sid=cookie-SECRET-7; Path=/; HttpOnly"),
                    ("X-Trace", "t-1"),
                ], body: Data("ok".utf8)))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "POST {{host}}/{{path}}\n"])
        let output = try await fixture.send(["a.http#1", "--env", "test", "-v", "-V", "path=login"])
        #expect(output.status == 0, "\(output.standardError)")
        let errors = output.standardError
        #expect(errors.contains("> POST /login HTTP/1.1\n"), "\(errors)")
        #expect(errors.contains("< HTTP/1.1 201"), "\(errors)")
        #expect(errors.contains("< X-Trace: t-1\n"), "\(errors)")
        #expect(errors.contains("< Set-Cookie: sid=••••••; Path=/; HttpOnly\n"), "\(errors)")
        #expect(errors.contains("Total "), "the timing follows the heads: \(errors)")
        #expect(!errors.contains("cookie-SECRET-7"), "\(errors)")
        #expect(output.text == "ok", "stdout is the body alone: \(output.text)")
    }

    @Test func theOldDashVFormForVariablesNamesTheNewOne() async throws {
        let fixture = try SendCommandTests.Fixture(base: "http://127.0.0.1:9", files: ["a.http": "GET {{host}}/\n"])
        for arguments in [["-v", "host=x", "a.http#1"], ["a.http#1", "-v", "host=x"]] {
            let output = try await fixture.send(arguments)
            #expect(output.status == 2)
            #expect(output.standardError.contains("set a variable with -V NAME=VALUE or --var NAME=VALUE"))
        }
        let run = try await FerryProcess.run(["run", "a.http", "-v", "host=x"], currentDirectory: fixture.root)
        #expect(run.status == 2)
        #expect(run.standardError.contains("-v is not --var any more"), "\(run.standardError)")
    }
}
