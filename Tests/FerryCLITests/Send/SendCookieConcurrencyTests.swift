import FerryTestSupport
import Foundation
import Testing

/// Many `ferry send` processes sharing one workspace's `.ferry/cookies` at once: each merges its cookies into
/// the file under the lock, so none is lost, and a cookie the server removes stays removed.
@Suite struct SendCookieConcurrencyTests {
    static let count = 50

    /// A server whose `/set?NAME=VALUE` sets that cookie and `/unset?NAME` expires it.
    static func server() throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        server.route("/set") { request in
            let pair = request.target.split(separator: "?", maxSplits: 1).last.map(String.init) ?? ""
            return TestResponse(headers: [("Set-Cookie", "\(pair); Path=/")])
        }
        server.route("/unset") { request in
            let name = request.target.split(separator: "?", maxSplits: 1).last.map(String.init) ?? ""
            return TestResponse(headers: [("Set-Cookie", "\(name)=; Path=/; Max-Age=0")])
        }
        return server
    }

    static func fixture(base: String) throws -> SendCommandTests.Fixture {
        try SendCommandTests.Fixture(
            base: base,
            files: [
                "c.http": """
                ### set
                # @name set
                GET {{host}}/set?{{name}}={{value}}

                ### unset
                # @name unset
                GET {{host}}/unset?{{name}}

                """
            ])
    }

    /// The `name=value` pairs in the workspace's cookie file.
    static func cookies(in fixture: SendCommandTests.Fixture) throws -> Set<String> {
        let text = try String(contentsOf: fixture.root.appendingPathComponent(".ferry/cookies"), encoding: .utf8)
        return Set(
            text.split(separator: "\n").filter { !$0.hasPrefix("# ") }.map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                return "\(fields[5])=\(fields[6])"
            })
    }

    @Test func fiftyParallelSendsKeepAllFiftyCookies() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let fixture = try Self.fixture(base: server.baseURL)
        let runs = try (0..<Self.count).map { index in
            try FerryProcess.start(
                ["send", "set", "--env", "test", "--var", "name=c\(index)", "--var", "value=v\(index)"],
                currentDirectory: fixture.root)
        }
        var statuses: [Int32] = []
        for run in runs { statuses.append(await run.wait().status) }
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
        let expected = Set((0..<Self.count).map { "c\($0)=v\($0)" })
        #expect(try Self.cookies(in: fixture) == expected)
    }

    @Test func aCookieRemovedWhileOthersSendStaysRemoved() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let fixture = try Self.fixture(base: server.baseURL)
        let seed = try await fixture.send(["set", "--env", "test", "--var", "name=sid", "--var", "value=old"])
        #expect(seed.status == 0)
        // Every process below loads sid=old; one removes it while the others add their own.
        var runs = [
            try FerryProcess.start(
                ["send", "unset", "--env", "test", "--var", "name=sid"], currentDirectory: fixture.root)
        ]
        for index in 0..<20 {
            runs.append(
                try FerryProcess.start(
                    ["send", "set", "--env", "test", "--var", "name=k\(index)", "--var", "value=\(index)"],
                    currentDirectory: fixture.root))
        }
        for run in runs { #expect(await run.wait().status == 0) }
        let cookies = try Self.cookies(in: fixture)
        #expect(!cookies.contains("sid=old"), "\(cookies)")
        #expect(cookies == Set((0..<20).map { "k\($0)=\($0)" }))
    }
}
