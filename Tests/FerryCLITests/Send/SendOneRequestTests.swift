import FerryTestSupport
import Foundation
import Testing

/// `ferry send FILE#NAME`, `FILE#N` and a bare `FILE` read only the sections of the file that can matter
/// (``Workspace/loadOne(_:at:)``, ADR 0106): the same request, id, variables and errors (file:line) as when the
/// whole file was parsed; what only the whole workspace tells (a bare name, `run` lines, no such request) is
/// answered as before.
@Suite struct SendOneRequestTests {
    /// Requests named, named twice and unnamed, one with an error, variables declared above and below them.
    static let file = """
        @greeting = hello

        ### first
        GET {{host}}/echo?g={{greeting}}&l={{late}}

        ### dup
        GET {{host}}/echo?which=dup1

        ### dup
        GET {{host}}/echo?which=dup2

        ###
        # @name broken
        GET {{host}}/echo
        no colon

        ###
        GET {{host}}/echo?unnamed=1

        ###
        @late = L

        """

    @Test func namesPositionsAndErrorsAreThoseOfTheWholeFile() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/echo", responding: .text("ok"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["f.http": Self.file, "one.http": "GET {{host}}/echo?only=1\n"])
        let cases: [(id: String, target: String, recorded: String)] = [
            ("f.http#first", "/echo?g=hello&l=L", "f.http#first"),
            ("f.http#dup", "/echo?which=dup1", "f.http#2"),
            ("f.http#3", "/echo?which=dup2", "f.http#3"),
            ("f.http#5", "/echo?unnamed=1", "f.http#5"),
            ("f.http#1", "/echo?g=hello&l=L", "f.http#first"),
            ("one.http", "/echo?only=1", "one.http#1"),
        ]
        for (id, target, recorded) in cases {
            let output = try await fixture.send([id, "--env", "test"])
            #expect(output.status == 0, "\(id): \(output.standardError)")
            #expect(server.requests.last?.target == target, "\(id)")
            let last = try fixture.history().split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.contains(#""requestPath":"\#(recorded)""#), "\(id): \(last)")
        }
        let sent = server.requests.count
        for id in ["f.http#broken", "f.http#4"] {
            let broken = try await fixture.send([id, "--env", "test"])
            #expect(broken.status == 2)
            #expect(
                broken.standardError.contains(
                    "ferry send: f.http:15:1: error: expected a header `Name: value` or a blank line before the body"),
                "\(id): \(broken.standardError)")
        }
        #expect(server.requests.count == sent)
    }

    @Test func whatOnlyTheWholeWorkspaceTellsIsAnsweredAsBefore() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/echo", responding: .text("ok"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "f.http": Self.file, "composed.http": "run ./f.http\n\n### after\nGET {{host}}/echo?composed=1\n",
            ])
        let missing = try await fixture.send(["f.http#nope", "--env", "test"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("no request 'f.http#nope' in workspace"))
        let many = try await fixture.send(["f.http", "--env", "test"])
        #expect(many.status == 2)
        #expect(many.standardError.contains("name one: the file holds 5 requests"))
        // By `METHOD URL`, the name JetBrains gives a request without one.
        let byLine = try await fixture.send(["f.http#GET {{host}}/echo?unnamed=1", "--env", "test"])
        #expect(byLine.status == 0, "\(byLine.standardError)")
        #expect(server.requests.last?.target == "/echo?unnamed=1")
        // A bare name unique in the workspace, and a file with `run` lines: the whole workspace is loaded.
        #expect(try await fixture.send(["first", "--env", "test"]).status == 0)
        #expect(server.requests.last?.target == "/echo?g=hello&l=L")
        #expect(try await fixture.send(["composed.http#after", "--env", "test"]).status == 0)
        #expect(server.requests.last?.target == "/echo?composed=1")
    }
}
