import FerryTestSupport
import Foundation
import Testing

/// `ferry send` driven as the real binary against the loopback test server (and httpbin under `make test`).
@Suite struct SendCommandTests {
    /// A workspace folder with an environment pointing at `base`, removed on release.
    final class Fixture {
        let root: URL

        init(base: String, files: [String: String]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-send-\(UUID().uuidString)")
            var all = files
            all["http-client.env.json"] = all["http-client.env.json"] ?? #"{ "test": { "host": "\#(base)" } }"#
            for (path, text) in all {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func send(_ arguments: [String]) async throws -> FerryProcess.Output {
            try await FerryProcess.run(["send"] + arguments, currentDirectory: root)
        }

        func history() throws -> String {
            try String(contentsOf: root.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        }
    }

    @Test func printsTheBodyBytesUnchangedWhenPipedAndRecordsHistory() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let compact = #"{"b":[1,2],"a":"x"}"#
        server.route("/data", responding: .json(compact))
        let fixture = try Fixture(
            base: server.baseURL,
            files: [
                "api/data.http": "### get data\n# @name data\nGET {{host}}/data?x={{x}}\nAccept: application/json\n"
            ])
        let output = try await fixture.send(["api/data.http#data", "--env", "test", "--var", "x=42"])
        #expect(output.status == 0)
        #expect(output.text == compact)
        #expect(server.requests.last?.target == "/data?x=42")
        #expect(server.requests.last?.header("Accept") == "application/json")
        let history = try fixture.history()
        #expect(history.contains(#""status":200"#))
        #expect(history.contains(#""requestPath":"api/data.http#data""#))
        // The same request by its bare name, from a sub-folder of the workspace.
        let again = try await FerryProcess.run(
            ["send", "data", "--env", "test", "--var", "x=1"],
            currentDirectory: fixture.root.appendingPathComponent("api"))
        #expect(again.status == 0)
    }

    @Test func exitCodesFollowTheStatus() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/missing", responding: .text("nope", status: 404))
        server.route("/broken", responding: .text("oops", status: 500))
        server.route("/moved", responding: TestResponse(status: 304))
        let fixture = try Fixture(
            base: server.baseURL,
            files: ["a.http": "GET {{host}}/missing\n\n###\nGET {{host}}/broken\n\n###\nGET {{host}}/moved\n"])
        #expect(try await fixture.send(["a.http#1", "--env", "test"]).status == 4)
        let broken = try await fixture.send(["a.http#2", "--env", "test"])
        #expect(broken.status == 5)
        #expect(broken.text == "oops")
        #expect(try await fixture.send(["a.http#3", "--env", "test"]).status == 0)
    }

    @Test func includePutsTheStatusLineAndHeadersFirst() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/h",
            responding: TestResponse(status: 201, reason: "Created", headers: [("X-Id", "7")], body: Data("ok".utf8)))
        let fixture = try Fixture(base: server.baseURL, files: ["a.http": "POST {{host}}/h\n\nbody\n"])
        let output = try await fixture.send(["a.http", "--env", "test", "--include", "--timing"])
        #expect(output.status == 0)
        #expect(output.text.hasPrefix("HTTP/1.1 201 Created\n"))
        #expect(output.text.contains("X-Id: 7\n"))
        #expect(output.text.hasSuffix("\n\nok"))
        #expect(output.standardError.contains("Total"))
        #expect(server.requests.last?.bodyText == "body")
    }

    @Test func retriesTransientFailures() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let counter = Counter()
        server.route("/flaky") { _ in
            counter.next() < 2 ? .unavailable(retryAfter: 0) : .text("finally")
        }
        let fixture = try Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/flaky\n"])
        let output = try await fixture.send(["a.http", "--env", "test", "--retry", "3"])
        #expect(output.status == 0)
        #expect(output.text == "finally")
        #expect(server.requests.count == 3)
        #expect(output.standardError.contains("retry 2 of 3"))
        let exhausted = try Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/flaky\n"])
        counter.reset()
        #expect(try await exhausted.send(["a.http", "--env", "test", "--retry", "1"]).status == 5)
    }

    @Test func transportErrorsExitThree() async throws {
        let base = "http://127.0.0.1:\(try LoopbackPort.refusing())"
        let fixture = try Fixture(base: base, files: ["a.http": "GET {{host}}/x\n"])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 3)
        #expect(output.standardError.contains("ferry send: GET \(base)/x"))
        let slow = try TestHTTPServer()
        defer { slow.stop() }
        slow.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(5)))
        let timed = try Fixture(base: slow.baseURL, files: ["a.http": "GET {{host}}/slow\n"])
        let timeout = try await timed.send(["a.http", "--env", "test", "--timeout", "0.3"])
        #expect(timeout.status == 3)
    }

    @Test func inputErrorsExitTwoWithLocations() async throws {
        let fixture = try Fixture(
            base: "http://127.0.0.1:9",
            files: ["a.http": "### one\nGET {{host}}/{{missing}}\n\n### two\nGET {{host}}/x\nbroken header line\n"])
        let unresolved = try await fixture.send(["a.http#one", "--env", "test"])
        #expect(unresolved.status == 2)
        #expect(unresolved.standardError.contains("a.http:2: unresolved variable {{missing}} in the URL"))
        let broken = try await fixture.send(["a.http#two", "--env", "test"])
        #expect(broken.status == 2)
        #expect(broken.standardError.contains("a.http:6:1: error: expected a header"))
        #expect(try await fixture.send(["a.http#nope"]).status == 2)
        #expect(
            try await fixture.send(["a.http#one", "--env", "prod"]).standardError.contains(
                "no environment 'prod' (known: test)"))
        #expect(try await fixture.send(["a.http#one", "--bogus"]).status == 2)
        #expect(try await fixture.send([]).status == 2)
    }

    @Test func outputFileIsWrittenWholeOrNotAtAll() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/file", responding: .text("file body"))
        // Answered only once the test is over: the cancel never races the answer, however loaded the machine.
        let answered = TestGate()
        defer { answered.open() }
        server.route("/slow", responding: TestResponse.text("x").held(until: answered))
        let fixture = try Fixture(
            base: server.baseURL, files: ["a.http": "GET {{host}}/file\n\n###\nGET {{host}}/slow\n"])
        let target = fixture.root.appendingPathComponent("out.txt")
        let output = try await fixture.send(["a.http#1", "--env", "test", "-o", target.path])
        #expect(output.status == 0)
        #expect(output.text.isEmpty)
        #expect(try String(contentsOf: target, encoding: .utf8) == "file body")

        // Ctrl-C while waiting: exit 130, `canceled`, and no partial output file anywhere.
        let partial = fixture.root.appendingPathComponent("partial.txt")
        let running = try FerryProcess.start(
            ["send", "a.http#2", "--env", "test", "-o", partial.path], currentDirectory: fixture.root)
        await eventually(timeout: .seconds(20)) { server.requests.count >= 2 }
        #expect(server.requests.count == 2)
        running.interrupt()
        let canceled = await running.wait()
        #expect(canceled.status == 130)
        #expect(canceled.standardError.contains("canceled"))
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
        #expect(!leftovers.contains { $0.contains(".ferry-") })
    }

    /// With `-o` the body is streamed to a file, not kept: the request's `>>` redirect still gets the whole
    /// body, and its handler still reads it.
    @Test func outputFileAndRedirectAndHandlerAllSeeTheBody() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/file", responding: .text("file body"))
        let request = "GET {{host}}/file\n\n> {% client.log(\"seen \" + response.body); %}\n>>! saved.txt\n"
        let fixture = try Fixture(base: server.baseURL, files: ["a.http": request])
        let target = fixture.root.appendingPathComponent("out.txt")
        let output = try await fixture.send(["a.http", "--env", "test", "-o", target.path])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "file body")
        let saved = fixture.root.appendingPathComponent("saved.txt")
        #expect(try String(contentsOf: saved, encoding: .utf8) == "file body")
        #expect(output.standardError.contains("seen file body"), "\(output.standardError)")
    }

    @Test func secretsNeverReachTheHistory() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/echo") { request in TestResponse(status: 200, body: request.echoJSON) }
        let fixture = try Fixture(
            base: server.baseURL,
            files: [
                "http-client.private.env.json": #"{ "test": { "token": "tok-very-secret" } }"#,
                "a.http": "GET {{host}}/echo?t={{token}}\nAuthorization: Bearer {{token}}\n",
            ])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 0)
        #expect(output.text.contains("tok-very-secret"))
        let history = try fixture.history()
        #expect(!history.contains("tok-very-secret"))
        #expect(history.contains("Bearer ••••••"))
    }

    @Test func controlCharactersAreEscapedOnATerminal() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/esc", responding: .text("a\u{1B}[31mred\u{07}"))
        let fixture = try Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/esc\n"])
        let piped = try await fixture.send(["a.http", "--env", "test"])
        #expect(piped.text == "a\u{1B}[31mred\u{07}")
        let text = try await Self.runOnTerminal(["send", "a.http", "--env", "test"], in: fixture.root)
        #expect(text.contains(#"a\x1b[31mred^G"#))
        #expect(!text.contains("\u{1B}[31m"))
    }

    @Test func progressBarOnATerminalForSlowTransfers() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = Data(repeating: UInt8(ascii: "x"), count: 40_000)
        server.route(
            "/slow", responding: TestResponse(status: 200, body: body).dripping(4_000, every: .milliseconds(80)))
        let fixture = try Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/slow\n"])
        let out = fixture.root.appendingPathComponent("body.bin")
        let text = try await Self.runOnTerminal(["send", "a.http", "--env", "test", "-o", out.path], in: fixture.root)
        #expect(text.contains("%"))
        #expect(text.contains("[#"))
        #expect(try Data(contentsOf: out) == body)
    }

    /// Runs `ferry` under `script`, which gives it a pseudo-terminal for standard output and error;
    /// returns everything the terminal received.
    static func runOnTerminal(_ arguments: [String], in folder: URL) async throws -> String {
        let command = ([FerryProcess.executableURL.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = Pipe()
        let exit = try process.start()
        let data = await pipe.fileHandleForReading.readToEndInBackground().value
        _ = await exit.value
        return String(decoding: data, as: UTF8.self)
    }

    @Test func basicAuthAgainstHttpbin() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let fixture = try Fixture(
            base: httpbin,
            files: [
                "http-client.private.env.json": #"{ "test": { "password": "pw-123" } }"#,
                "auth.http":
                    "# @name basic\nGET {{host}}/basic-auth/ferry/pw-123\nAuthorization: Basic ferry {{password}}\n",
                "json.http": "GET {{host}}/json\n",
            ])
        let output = try await fixture.send(["auth.http#basic", "--env", "test"])
        #expect(output.status == 0)
        #expect(output.text.contains(#""authenticated": true"#))
        let denied = try await fixture.send(["auth.http#basic", "--env", "test", "--var", "password=wrong"])
        #expect(denied.status == 4)
        let json = try await fixture.send(["json.http", "--env", "test", "-i"])
        #expect(json.status == 0)
        #expect(json.text.contains("Content-Type: application/json"))
    }
}

/// A thread-safe counter for route handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Returns the current value and increments it.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }

    /// Back to zero.
    func reset() {
        lock.lock()
        value = 0
        lock.unlock()
    }
}

@Suite struct SendChainingTests {
    @Test func responseValuesOfAnEarlierRequestFeedTheNextOne() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/login",
            responding: TestResponse(
                status: 200, headers: [("Content-Type", "application/json"), ("X-Session", "s-9")],
                body: Data(#"{"token":"t-42","items":[{"id":7}]}"#.utf8)))
        server.route("/use", responding: .text("used"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "flow.http": """
                ### login
                POST {{host}}/login

                ### use
                GET {{host}}/use?id={{login.response.body.$.items[0].id}}
                Authorization: Bearer {{login.response.body.token}}
                X-Session: {{login.response.headers.X-Session}}
                """
            ])
        let early = try await fixture.send(["flow.http#use", "--env", "test"])
        #expect(early.status == 2)
        #expect(early.standardError.contains("unresolved variable {{login.response.body.$.items[0].id}}"))
        #expect(early.standardError.contains("send 'login' first"))
        #expect(try await fixture.send(["flow.http#login", "--env", "test"]).status == 0)
        let output = try await fixture.send(["flow.http#use", "--env", "test"])
        #expect(output.status == 0)
        let used = try #require(server.requests.last)
        #expect(used.target == "/use?id=7")
        #expect(used.header("Authorization") == "Bearer t-42")
        #expect(used.header("X-Session") == "s-9")
    }

    @Test func missingEnvironmentIsHinted() async throws {
        let fixture = try SendCommandTests.Fixture(base: "http://127.0.0.1:9", files: ["a.http": "GET {{host}}/x\n"])
        let output = try await fixture.send(["a.http"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("no --env given; environments: test"))
    }
}
