import FerryTestSupport
import Foundation
import Testing

/// `ferry send` of a `WEBSOCKET` request, the real binary against the `websockets` echo server.
@Suite struct SendWebSocketTests {
    @Test func runsTheScriptAndPrintsTheConversation() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-send-ws")
        try folder.write("http-client.env.json", #"{ "test": { "ws": "\#(server.baseURL)" } }"#)
        try folder.write(
            "chat.http",
            """
            ### echo
            WEBSOCKET {{ws}}/echo

            first {{name}}
            === wait-for-server
            bell\u{7}here
            === wait-for-server
            """)
        let output = try await FerryProcess.run(
            ["send", "chat.http#echo", "--env", "test", "--var", "name=ana"], currentDirectory: folder.url)
        #expect(output.status == 0, "\(output.standardError)")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(output.text)")
        #expect(lines.first?.hasPrefix("→ ") == true)
        #expect(lines.first?.hasSuffix(" first ana") == true)
        #expect(lines.dropFirst().first?.hasPrefix("← ") == true)
        #expect(lines.dropFirst().first?.hasSuffix(" first ana") == true)
        // The server's text reaches the terminal with its control character escaped.
        #expect(lines.dropFirst(3).first?.hasSuffix(#" bell\u{7}here"#) == true)
        #expect(!output.text.contains("\u{7}"))
        #expect(lines.last?.hasSuffix("close 1000") == true)
    }

    @Test func refusedConnectionExitsWithTheTransportCode() async throws {
        let port = try LoopbackPort.refusing()
        let folder = try TemporaryFolder(prefix: "ferry-send-ws")
        try folder.write("a.http", "### a\nWEBSOCKET ws://127.0.0.1:\(port)/\n\nhello\n")
        let output = try await FerryProcess.run(["send", "a.http#a"], currentDirectory: folder.url)
        #expect(output.status == 3)
        #expect(output.standardError.contains("Connection refused"), "\(output.standardError)")
    }
}

/// `ferry send` of a `WEBSOCKET` request goes through the one send pipeline: its pre-request script runs,
/// the conversation is recorded in the history with secrets masked, and its handler reads the messages.
@Suite struct SendWebSocketPipelineTests {
    @Test func preRequestScriptHistoryAndHandler() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-send-ws")
        try folder.write("http-client.env.json", #"{ "test": { "ws": "\#(server.baseURL)" } }"#)
        try folder.write("http-client.private.env.json", #"{ "test": { "key": "key-SECRET-7" } }"#)
        try folder.write(
            "chat.http",
            """
            ### echo
            < {% request.variables.set("greeting", "hi from a script"); %}
            WEBSOCKET {{ws}}/echo

            {{greeting}} {{key}}
            === wait-for-server

            > {%
              let count = 0;
              response.body.onEachMessage((message) => {
                count += 1;
                client.log("got: " + message.length + " characters");
              }, () => client.test("one message came back", () => client.assert(count === 1, "count " + count)));
            %}
            """)
        let output = try await FerryProcess.run(
            ["send", "chat.http#echo", "--env", "test"], currentDirectory: folder.url)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text.contains("→ "), "\(output.text)")
        #expect(output.text.contains(" hi from a script key-SECRET-7"), "\(output.text)")
        #expect(output.standardError.contains("test passed: one message came back"), "\(output.standardError)")
        #expect(output.standardError.contains("got: 29 characters"), "\(output.standardError)")
        let history = try String(
            contentsOf: folder.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        #expect(history.contains(#""method":"WEBSOCKET""#), "\(history)")
        #expect(history.contains("hi from a script"), "\(history)")
        #expect(history.contains(#""status":101"#), "\(history)")
        #expect(!history.contains("key-SECRET-7"), "\(history)")
    }
}

extension SendWebSocketPipelineTests {
    /// The handler runs while the conversation is open: its callback answers a message with `output()`,
    /// the answer goes out at once (printed `→`), and the server's echo of it comes back to the callback;
    /// once the callback unsubscribed, the script (which ends waiting) closes.
    @Test func aHandlerAnswersWhileTheConversationIsOpen() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-send-ws-live")
        try folder.write("http-client.env.json", #"{ "test": { "ws": "\#(server.baseURL)" } }"#)
        try folder.write(
            "chat.http",
            """
            WEBSOCKET {{ws}}/echo

            ping
            === wait-for-server

            > {%
              const seen = [];
              response.body.onEachMessage((message, unsubscribe, output) => {
                seen.push(message);
                if (message === "ping") output("pong " + seen.length);
                if (message.startsWith("pong")) unsubscribe();
              }, () => client.test("the answer was echoed", () => client.assert(seen.join() === "ping,pong 1", seen.join())));
            %}
            """)
        // The script ends waiting: once the callback unsubscribed it closes, not after the 600 s idle time (the
        // bound is half of it, so a loaded machine cannot fail it).
        let started = ContinuousClock.now
        let output = try await FerryProcess.run(
            ["send", "chat.http", "--env", "test", "--idle-timeout", "600"], currentDirectory: folder.url)
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(output.status == 0, "\(output.standardError)")
        let lines = output.text.split(separator: "\n").map(String.init)
        let answer = lines.firstIndex { $0.hasPrefix("→ ") && $0.hasSuffix(" pong 1") }
        let echo = lines.firstIndex { $0.hasPrefix("← ") && $0.hasSuffix(" pong 1") }
        #expect((answer ?? .max) < (echo ?? -1), "\(output.text)")
        #expect(output.standardError.contains("test passed: the answer was echoed"), "\(output.standardError)")
    }
}

/// `ferry send` of a `WEBSOCKET` request uses the workspace's cookie jar like an HTTP request: a cookie an
/// earlier `ferry send` stored goes on the handshake, and the cookie the `101` sets is saved for the next.
@Suite struct SendWebSocketCookieTests {
    @Test func aLoginCookieGoesOnTheHandshakeAndTheUpgradesCookieIsSaved() async throws {
        guard let peer = try await WebSocketEchoServer.start() else { return }
        defer { peer.stop() }
        let http = try TestHTTPServer()
        defer { http.stop() }
        http.route("/login", responding: TestResponse(headers: [("Set-Cookie", "sid=abc; Path=/")]))
        let folder = try TemporaryFolder(prefix: "ferry-send-ws-cookies")
        try folder.write(
            "http-client.env.json", #"{ "test": { "host": "\#(http.baseURL)", "ws": "\#(peer.baseURL)" } }"#)
        try folder.write(
            "chat.http",
            """
            ### login
            POST {{host}}/login

            ### chat
            WEBSOCKET {{ws}}/cookies

            === wait-for-server
            """)
        let login = try await FerryProcess.run(
            ["send", "chat.http#login", "--env", "test"], currentDirectory: folder.url)
        #expect(login.status == 0, "\(login.standardError)")
        let chat = try await FerryProcess.run(
            ["send", "chat.http#chat", "--env", "test"], currentDirectory: folder.url)
        #expect(chat.status == 0, "\(chat.standardError)")
        #expect(chat.text.split(separator: "\n").first?.hasSuffix(" sid=abc") == true, "\(chat.text)")
        #expect(try folder.read(".ferry/cookies").contains("ws_session\tfrom-101"))
    }
}
