import FerryTestSupport
import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func helpListsCommands() async throws {
        let output = try await FerryProcess.run(["--help"])
        #expect(output.status == 0)
        #expect(output.text.contains("usage: ferry [WORKSPACE]"))
        #expect(output.text.contains("version"))
    }

    @Test func unknownOptionIsAUsageError() async throws {
        let output = try await FerryProcess.run(["--bogus"])
        #expect(output.status == 2)
        #expect(output.standardError.contains(#"unknown option "--bogus""#))
    }

    @Test func missingWorkspaceIsAUsageError() async throws {
        let output = try await FerryProcess.run(["/nonexistent/workspace"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("no workspace folder"))
    }
}
