import FerryJSON
import FerryTestSupport
import Foundation
import Testing

@testable import FerryProtobuf

/// Ferry's own `.proto` reader against protoc (grpcio-tools): the same files give the same descriptors; errors
/// name file:line:column.
@Suite(.offThePool) struct ProtoSourceTests {
    static let peers = TestServers.packageRoot.appendingPathComponent("Tests/Peers/grpc")

    /// protoc's descriptors for `file` (imports from `importPaths`), by file name; `nil` without grpcio.
    static func protocFiles(_ file: URL, importPaths: [URL] = []) async throws -> [String: FileDescriptor]? {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("set.pb")
        guard try await GRPCPeerServer.compileDescriptorSet(file, importPaths: importPaths, to: output) else {
            return nil
        }
        var pool = DescriptorPool()
        try pool.add(fileDescriptorSet: [UInt8](Data(contentsOf: output)))
        return pool.files
    }

    @Test func thePeersProtoReadsAsProtocReadsIt() async throws {
        let file = Self.peers.appendingPathComponent("ferry_test.proto")
        let ours = try ProtoSourceLoader().load(file.path)
        #expect(ours.map(\.name).last == "ferry_test.proto")
        #expect(ours.dropLast().allSatisfy { $0.name.hasPrefix("google/protobuf/") })
        guard let protoc = try await Self.protocFiles(file) else { return }
        #expect(ours.last == protoc["ferry_test.proto"])
    }

    @Test func proto2WithGroupsOptionsMapsAndImportPathsReadsAsProtocReadsIt() async throws {
        let file = Self.peers.appendingPathComponent("syntax/shop.proto")
        let include = Self.peers.appendingPathComponent("syntax/include")
        let ours = try ProtoSourceLoader(importPaths: [include.path]).load(file.path)
        #expect(
            ours.map(\.name) == [
                "common/money.proto", "google/protobuf/timestamp.proto", "google/protobuf/descriptor.proto",
                "shop.proto",
            ])
        let order = try #require(ours.last?.messages.first { $0.fullName == "ferry.shop.Order" })
        #expect(order.field(named: "remark")?.name == "note")
        #expect(order.field(named: "shipping")?.type == .group)
        #expect(order.field(named: "lines")?.typeName == "ferry.shop.Order.LinesEntry")
        guard let protoc = try await Self.protocFiles(file, importPaths: [include]) else { return }
        for name in ["shop.proto", "common/money.proto"] {
            let mine = try #require(ours.first { $0.name == name })
            let theirs = try #require(protoc[name])
            #expect(mine.package == theirs.package && mine.dependencies == theirs.dependencies, "\(name)")
            #expect(mine.messages == theirs.messages, "\(name)")
            #expect(mine.enums == theirs.enums, "\(name)")
            #expect(mine.services == theirs.services, "\(name)")
        }
    }

    /// The `.proto` files grpcio-tools ships (Google's: descriptor.proto in proto2 with every option form,
    /// editions files, plugin.proto importing descriptor.proto), each read by us and by protoc.
    @Test func googlesOwnProtoFilesReadAsProtocReadsThem() async throws {
        let lib = TestServers.packageRoot.appendingPathComponent(".build/venv/lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        guard
            let include = pythons.map({ lib.appendingPathComponent("\($0)/site-packages/grpc_tools/_proto") })
                .first(where: { FileManager.default.fileExists(atPath: $0.path) })
        else {
            #expect(GRPCPeerServer.python() == nil, "grpcio-tools is installed but its _proto folder is not found")
            return
        }
        let names = [
            "any", "api", "cpp_features", "descriptor", "duration", "empty", "field_mask", "go_features",
            "java_features", "source_context", "struct", "timestamp", "type", "wrappers", "compiler/plugin",
        ]
        for name in names {
            let path = "google/protobuf/\(name).proto"
            let ours = try #require(
                try ProtoSourceLoader(importPaths: [include.path]).load(include.appendingPathComponent(path).path).last)
            let folder = try TemporaryFolder()
            let output = folder.url.appendingPathComponent("set.pb")
            guard
                try await GRPCPeerServer.compileDescriptorSet(
                    include.appendingPathComponent(path), importPaths: [include], to: output)
            else { return }
            var pool = DescriptorPool()
            try pool.add(fileDescriptorSet: [UInt8](Data(contentsOf: output)))
            let theirs = try #require(pool.files[(path as NSString).lastPathComponent] ?? pool.files[path])
            #expect(ours.package == theirs.package && ours.dependencies == theirs.dependencies, "\(path)")
            #expect(ours.messages == theirs.messages, "\(path)")
            #expect(ours.enums == theirs.enums, "\(path)")
            #expect(ours.services == theirs.services, "\(path)")
        }
    }

    @Test func wellKnownImportsAreBuiltIn() throws {
        let text = """
            syntax = "proto3";
            import "google/protobuf/struct.proto";
            import "google/protobuf/wrappers.proto";
            message M { google.protobuf.Struct s = 1; google.protobuf.Int64Value n = 2; }
            """
        let pool = try ProtoSourceLoader(read: { $0 == "/p/m.proto" ? text : nil }).pool(loading: "/p/m.proto")
        let codec = MessageCodec(pool: pool)
        let json: JSONValue = ["s": ["a": [1, "x"]], "n": "9"]
        #expect(try codec.decode(codec.encode(json, as: "M"), as: "M") == json)
    }

    /// Files in memory, as `name: text`.
    static func load(_ files: [String: String], _ root: String = "a.proto", importPaths: [String] = [])
        throws(ProtoSourceError) -> [FileDescriptor]
    {
        try ProtoSourceLoader(importPaths: importPaths, read: { files[$0] }).load(root)
    }

    @Test(arguments: [
        ("syntax = \"proto3\";\nmessage M {\n  int32 x = 1\n}", "a.proto:4:1: expected ';', found '}'"),
        ("syntax = \"proto3\";\nmessage M { Missing m = 1; }", "a.proto:2:13: Missing is not defined (in M.m)"),
        ("syntax = \"proto3\";\nimport \"b.proto\";", "a.proto:2:8: b.proto is not found (looked in .)"),
        ("syntax = \"proto4\";", "a.proto:1:1: unknown syntax \"proto4\" (expected \"proto2\" or \"proto3\")"),
        ("message M { int32 x = 1; }", "a.proto:1:13: a proto2 field needs a label (optional, required or repeated)"),
        (
            "syntax = \"proto3\";\nmessage M {\n  int32 x = 1;\n  string y = 1;\n}",
            "a.proto:4:3: field number 1 is used twice in M"
        ),
        (
            "syntax = \"proto3\";\nmessage M { int32 x = 0; }",
            "a.proto:2:23: the field number must be from 1 to 536870911"
        ),
        ("/* never closed", "a.proto:1:1: the comment never ends (no */)"),
        (
            "syntax = \"proto3\";\nmessage M { string s = 1 [default = \"x]; }",
            "a.proto:2:37: the string never ends (no closing quote on its line)"
        ),
        (
            "syntax = \"proto3\";\nmessage M { map<float, int32> m = 1; }",
            "a.proto:2:17: float cannot be a map key (integers, bool or string)"
        ),
        (
            "syntax = \"proto3\";\nservice S { rpc Go (E) returns (E); }\nenum E { A = 0; }",
            "a.proto:2:21: E is not a message type"
        ),
        ("syntax = \"proto3\";\nmessage M {}\nmessage M {}", "a.proto: M is defined twice"),
        (
            "syntax = \"proto3\"; message M { int32 x = 1; } @",
            "a.proto:1:47: expected a top-level statement (message, enum, service, import, …), found '@'"
        ),
    ])
    func errorsNameFileLineAndColumn(text: String, expected: String) {
        #expect(throws: ProtoSourceError.self) { _ = try Self.load(["a.proto": text]) }
        do {
            _ = try Self.load(["a.proto": text])
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func importsAreFoundBesideTheImporterThenInImportPathsAndCyclesAreRefused() throws {
        let files = [
            "root/a.proto": "syntax = \"proto3\"; import \"sub/b.proto\"; message A { B b = 1; C c = 2; }",
            "root/sub/b.proto": "syntax = \"proto3\"; import \"c.proto\"; message B {}",
            "lib/c.proto": "syntax = \"proto3\"; message C {}",
        ]
        let loaded = try Self.load(files, "root/a.proto", importPaths: ["lib"])
        #expect(loaded.map(\.name) == ["c.proto", "sub/b.proto", "a.proto"])
        let cycle = [
            "a.proto": "syntax = \"proto3\"; import \"b.proto\";",
            "b.proto": "syntax = \"proto3\";\nimport \"a.proto\";",
        ]
        #expect(
            throws: ProtoSourceError("import cycle: a.proto → b.proto → a.proto", file: "b.proto", line: 2, column: 8)
        ) {
            _ = try Self.load(cycle)
        }
    }

    @Test func namesResolveFromTheInnermostScopeOutwards() throws {
        let text = """
            syntax = "proto3";
            package p.q;
            message T {}
            message Outer {
              message T {}
              message Inner { T inner = 1; .p.q.T root = 2; q.T package_relative = 3; Outer.T sibling = 4; }
            }
            """
        let file = try #require(try Self.load(["a.proto": text]).last)
        let inner = try #require(file.messages.first { $0.fullName == "p.q.Outer.Inner" })
        #expect(inner.fields.map(\.typeName) == ["p.q.Outer.T", "p.q.T", "p.q.T", "p.q.Outer.T"])
    }

    /// Hostile text: deep nesting, huge numbers, broken escapes and seeded mutations of real files end in a
    /// value or a ``ProtoSourceError``, never a trap or a hang.
    @Test func hostileTextEndsInAnErrorNeverATrap() throws {
        let deep = String(repeating: "message A { ", count: 10_000) + String(repeating: "}", count: 10_000)
        #expect(throws: ProtoSourceError.self) { _ = try Self.load(["a.proto": deep]) }
        let braces = "option (x) = " + String(repeating: "{", count: 100_000) + ";"
        #expect(throws: ProtoSourceError.self) { _ = try Self.load(["a.proto": braces]) }
        for text in [
            "syntax = \"proto3\"; message M { int32 x = 99999999999999999999999; }",
            "syntax = \"proto3\"; enum E { A = -9223372036854775809; }", "\"\\u12", "\"\\U0011FFFF\"", "\"\\777\"",
            "0x", "1e", "message", "syntax = \"proto3\"; message M { int32 x = 1; } `", "message M { optional group",
            "service S { rpc", "import", "syntax = ",
            "message M { map<", "message M { map<int32,", "\u{0}", "é", "message M { oneof o { oneof",
        ] {
            #expect(throws: ProtoSourceError.self, "\(text)") { _ = try Self.load(["a.proto": text]) }
        }
        let seeds = try [
            String(contentsOf: Self.peers.appendingPathComponent("ferry_test.proto"), encoding: .utf8),
            String(contentsOf: Self.peers.appendingPathComponent("syntax/shop.proto"), encoding: .utf8),
        ]
        var random = SeededGenerator(seed: 38)
        let alphabet: [String] =
            "{}[]()<>;=,.\"'/*-+ \n0123456789abcxyz_".map(String.init) + ["message ", "map<", "oneof ", "group "]
        for round in 0..<3000 {
            var scalars = Array(seeds[round % 2].unicodeScalars)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                guard !scalars.isEmpty else { break }
                let at = Int.random(in: 0..<scalars.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: scalars.remove(at: at)
                case 1:
                    let piece: String = alphabet.randomElement(using: &random) ?? ""
                    scalars.insert(contentsOf: piece.unicodeScalars, at: at)
                default:
                    let end = min(scalars.count, at + Int.random(in: 1...40, using: &random))
                    scalars.removeSubrange(at..<end)
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            _ = try? Self.load(["a.proto": text, "common/money.proto": "syntax = \"proto3\"; package common;"])
        }
    }
}
