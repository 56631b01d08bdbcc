import FerryTestSupport
import Foundation
import Testing

/// `GRPC` requests sent by the real `ferry send` to the real grpcio peer (`Tests/Peers/grpc_peer.py`), its
/// descriptors from server reflection (then `.ferry/grpc`) or a `# @proto` descriptor set, and
/// `ferry export --format grpcurl`.
@Suite struct GRPCSendTests {
    static let requests = """
        ### echo
        GRPC {{grpc}}/ferry.test.Echo/Echo
        x-ferry-test: {{who}}

        {"name": "{{who}}", "numbers": [1, 2], "id_unused": null, "when": "2026-12-07T08:00:00Z"}

        ### short
        GRPC grpc://{{grpc}}/Echo/Echo

        {"id": "12"}

        ### count
        GRPC {{grpc}}/ferry.test.Streams/Count

        {"text": "tick", "count": 3}

        ### collect
        GRPC {{grpc}}/ferry.test.Streams/Collect

        {"text": "a"}
        {"text": "b"}

        ### fail
        GRPC {{grpc}}/ferry.test.Echo/Fail

        {"text": "no member 8", "count": 5}

        ### typo
        GRPC {{grpc}}/ferry.test.Echo/Echo

        {"nmae": "x"}

        ### nomethod
        GRPC {{grpc}}/ferry.test.Echo/Ech

        {}

        ### proto
        # @proto ferry_test.pb
        GRPC {{grpc}}/ferry.test.Echo/Echo

        {"name": "from a descriptor set"}

        ### source
        # @proto {{protos}}/ferry_test.proto
        GRPC {{grpc}}/ferry.test.Streams/Count

        {"text": "from source", "count": 2}

        ### broken
        # @proto broken.proto
        GRPC {{grpc}}/ferry.test.Echo/Echo

        {}
        """

    func workspace(grpc: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "ferry-grpc")
        try folder.write("api.http", Self.requests.replacingOccurrences(of: "id_unused", with: "maybeText"))
        try folder.write("http-client.env.json", #"{ "test": { "grpc": "\#(grpc)", "who": "Ferry" } }"#)
        return folder
    }

    /// `text` cut at its first blank line: what is before it and what is after it.
    static func split(_ text: String) -> (String, String)? {
        guard let blank = text.range(of: "\n\n") else { return nil }
        return (String(text[..<blank.lowerBound]), String(text[blank.upperBound...]))
    }

    func send(_ id: String, in folder: TemporaryFolder, _ extra: [String] = []) async throws -> FerryProcess.Output {
        try await FerryProcess.run(["send", "api.http#\(id)", "--env", "test"] + extra, currentDirectory: folder.url)
    }

    @Test func sendsEveryKindAndPrintsOneLinePerMessage() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace(grpc: server.authority)
        let echo = try await send("echo", in: folder, ["-i"])
        #expect(echo.status == 0, "\(echo.standardError)")
        // -i: the headers, a blank line, the message, then after another blank line the trailers.
        let (head, rest) = try #require(Self.split(echo.text))
        #expect(head.contains("x-ferry-echo: Ferry") && !head.contains("grpc-status"), "\(echo.text)")
        let (message, trailers) = try #require(Self.split(rest))
        #expect(message == #"{"numbers":[1,2],"name":"Ferry","when":"2026-12-07T08:00:00Z"}"#, "\(echo.text)")
        #expect(trailers.contains("grpc-status: 0") && trailers.contains("x-ferry-trailer: Ferry"), "\(echo.text)")
        // maybeText: null is left unset. Reflection's answer was cached for the endpoint.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(".ferry/grpc").path)
                .count == 1)
        let history = try String(
            contentsOf: folder.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        #expect(history.contains(#""method":"GRPC""#) && history.contains("x-ferry-echo"), "\(history)")
        #expect(history.contains(#""responseTrailerCount":"#), "\(history)")
        let short = try await send("short", in: folder)
        #expect(short.text == #"{"id":"12"}"# + "\n", "\(short.standardError)")
        let count = try await send("count", in: folder)
        #expect(
            count.text == #"{"text":"tick 0"}"# + "\n" + #"{"text":"tick 1","index":1}"# + "\n"
                + #"{"text":"tick 2","index":2}"# + "\n")
        let collect = try await send("collect", in: folder)
        #expect(collect.text == #"{"text":"a b"}"# + "\n", "\(collect.standardError)")
    }

    @Test func failuresExitNonZeroWithTheStatusOrAPlace() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace(grpc: server.authority)
        let fail = try await send("fail", in: folder)
        #expect(fail.status == 7)
        #expect(fail.standardError.contains("NOT_FOUND: no member 8"), "\(fail.standardError)")
        let typo = try await send("typo", in: folder)
        #expect(typo.status == 3)
        #expect(
            typo.standardError.contains(".nmae: ferry.test.Everything has no field \"nmae\""), "\(typo.standardError)")
        let method = try await send("nomethod", in: folder)
        #expect(method.standardError.contains("ferry.test.Echo has no method Ech (methods: Echo, Fail, Slow)"))
    }

    @Test func reflectionOffNeedsADescriptorSet() async throws {
        guard let server = try await GRPCPeerServer.start(reflection: false) else { return }
        defer { server.stop() }
        let folder = try workspace(grpc: server.authority)
        let echo = try await send("echo", in: folder)
        #expect(echo.status == 3)
        #expect(echo.standardError.contains("the server offers no reflection"), "\(echo.standardError)")
        guard try await GRPCPeerServer.writeDescriptorSet(to: folder.url.appendingPathComponent("ferry_test.pb")) else {
            return
        }
        let proto = try await send("proto", in: folder)
        #expect(proto.text == #"{"name":"from a descriptor set"}"# + "\n", "\(proto.standardError)")
    }

    @Test func reflectionOffReadsTheProtoSourceNamedInTheFileOrTheEnvironment() async throws {
        guard let server = try await GRPCPeerServer.start(reflection: false) else { return }
        defer { server.stop() }
        let folder = try workspace(grpc: server.authority)
        let peers = TestServers.packageRoot.appendingPathComponent("Tests/Peers/grpc")
        // Outside an untrusted workspace the file is refused; --trust reads it.
        let outside = try await send("source", in: folder, ["--var", "protos=\(peers.path)"])
        #expect(outside.status == 3)
        #expect(
            outside.standardError.contains("# @proto refused: ")
                && outside.standardError.contains("is outside the workspace"),
            "\(outside.standardError)")
        let trusted = try await send("source", in: folder, ["--var", "protos=\(peers.path)", "--trust"])
        #expect(trusted.status == 0, "\(trusted.standardError)")
        try folder.write(
            "protos/ferry_test.proto",
            String(contentsOf: peers.appendingPathComponent("ferry_test.proto"), encoding: .utf8))
        let source = try await send("source", in: folder, ["--var", "protos=protos"])
        #expect(
            source.text == #"{"text":"from source 0"}"# + "\n" + #"{"text":"from source 1","index":1}"# + "\n",
            "\(source.standardError)")
        // No # @proto: the environment's proto variable names the file.
        let echo = try await send("echo", in: folder, ["--var", "proto=protos/ferry_test.proto"])
        #expect(echo.status == 0, "\(echo.standardError)")
        #expect(echo.text.contains(#""name":"Ferry""#))
        try folder.write("broken.proto", "syntax = \"proto3\";\nmessage M {\n  int32 x = 1\n}\n")
        let broken = try await send("broken", in: folder)
        #expect(broken.status == 3)
        #expect(broken.standardError.contains("broken.proto:4:1: expected ';', found '}'"), "\(broken.standardError)")
    }

    @Test func exportsAsGrpcurlAndCurlRefuses() async throws {
        let folder = try workspace(grpc: "localhost:50051")
        let grpcurl = try await FerryProcess.run(
            ["export", "api.http#echo", "--env", "test", "--format", "grpcurl"], currentDirectory: folder.url)
        #expect(
            grpcurl.text
                == #"grpcurl -plaintext -H 'x-ferry-test: Ferry' -d '{"name": "Ferry", "numbers": [1, 2], "maybeText": null, "when": "2026-12-07T08:00:00Z"}' localhost:50051 ferry.test.Echo/Echo"#
                + "\n", "\(grpcurl.standardError)")
        let source = try await FerryProcess.run(
            ["export", "api.http#source", "--env", "test", "--format", "grpcurl", "--var", "protos=/protos"],
            currentDirectory: folder.url)
        #expect(
            source.text
                == #"grpcurl -plaintext -import-path /protos -proto ferry_test.proto -d '{"text": "from source", "count": 2}' localhost:50051 ferry.test.Streams/Count"#
                + "\n", "\(source.standardError)")
        let curl = try await FerryProcess.run(
            ["export", "api.http#echo", "--env", "test"], currentDirectory: folder.url)
        #expect(curl.status != 0)
        #expect(curl.standardError.contains("a GRPC request has no curl command"), "\(curl.standardError)")
    }
}
