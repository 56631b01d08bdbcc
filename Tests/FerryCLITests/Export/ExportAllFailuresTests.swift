import FerryTestSupport
import Foundation
import Testing

/// `ferry export --all` with requests that cannot be exported: every other request is exported, each
/// failure is reported as `file:line: error: why`, and the exit status is 1 only when something failed.
@Suite struct ExportAllFailuresTests {
    /// Two good requests around a bad URL, and a second file whose header cannot be resolved.
    static func workspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(
            "a.http",
            """
            ### first
            # @name first
            GET {{host}}/first

            ### broken
            # @name broken
            GET {{host}}/{{missing}}

            ### last
            # @name last
            GET {{host}}/last

            """)
        try folder.write(
            "b.http",
            """
            ### header
            # @name header
            GET {{host}}/header
            X-Token: {{absent}}

            """)
        try folder.write("http-client.env.json", #"{"local": {"host": "http://h.example"}}"#)
        return folder
    }

    @Test func curlExportsEveryRequestItCanAndLocatesEachFailure() async throws {
        let folder = try Self.workspace()
        let output = try await FerryProcess.run(
            ["export", "--all", "--env", "local", "--one-line"], currentDirectory: folder.url)
        #expect(output.status == 1, "\(output.standardError)")
        let commands = output.text.split(separator: "\n").filter { $0.hasPrefix("curl ") }
        #expect(
            commands == ["curl http://h.example/first -L --compressed", "curl http://h.example/last -L --compressed"])
        let errors = output.standardError.split(separator: "\n").map(String.init)
        #expect(
            errors.contains { $0.hasPrefix("a.http:7: error: unresolved variable {{missing}} in the URL") }, "\(errors)"
        )
        #expect(
            errors.contains { $0.hasPrefix("b.http:4: error: unresolved variable {{absent}} in header X-Token") },
            "\(errors)")
        #expect(errors.count == 2, "\(errors)")
    }

    @Test func resolvedHTTPExportDoesTheSame() async throws {
        let folder = try Self.workspace()
        let output = try await FerryProcess.run(
            ["export", "--all", "--format", "http", "--resolve", "--env", "local"], currentDirectory: folder.url)
        #expect(output.status == 1, "\(output.standardError)")
        #expect(
            output.text.contains("GET http://h.example/first\n") && output.text.contains("GET http://h.example/last\n"))
        #expect(!output.text.contains("{{missing}}"))
        #expect(
            output.standardError.contains("a.http:7: error: unresolved variable {{missing}}"), "\(output.standardError)"
        )
        #expect(output.standardError.contains("b.http:4: error:"), "\(output.standardError)")
    }

    @Test func aFileGetsWhatExportedAndNothingFailingMeansExitZero() async throws {
        let folder = try Self.workspace()
        let partial = try await FerryProcess.run(
            ["export", "--all", "--env", "local", "-o", "out.sh"], currentDirectory: folder.url)
        #expect(partial.status == 1)
        let written = try folder.read("out.sh")
        #expect(written.contains("# a.http#first") && written.contains("# a.http#last"))
        #expect(!written.contains("broken"))

        let complete = try await FerryProcess.run(
            ["export", "--all", "--env", "local", "--var", "missing=m", "--var", "absent=a"],
            currentDirectory: folder.url)
        #expect(complete.status == 0, "\(complete.standardError)")
        #expect(complete.standardError.isEmpty)
        #expect(complete.text.split(separator: "\n").filter { $0.hasPrefix("curl ") }.count == 4)
    }
}
