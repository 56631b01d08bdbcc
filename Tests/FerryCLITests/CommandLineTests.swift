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

    @Test func aMistypedCommandOrOptionSuggestsTheClosest() async throws {
        let command = try await FerryProcess.run(["sned", "a.http"])
        #expect(command.status == 2)
        #expect(
            command.standardError.contains(#"no command or workspace folder named "sned" (did you mean ferry send?)"#))
        let option = try await FerryProcess.run(["send", "a.http", "--verbos"])
        #expect(option.status == 2)
        #expect(option.standardError.contains(#"unknown option "--verbos" (did you mean --verbose?)"#))
        let top = try await FerryProcess.run(["--vesrion"])
        #expect(top.standardError.contains("(did you mean --version?)"), "\(top.standardError)")
        let help = try await FerryProcess.run(["help", "imprt"])
        #expect(help.standardError.contains("(did you mean import?)"), "\(help.standardError)")
        // Nothing close: no guess.
        let far = try await FerryProcess.run(["send", "a.http", "--zzzzzz"])
        #expect(!far.standardError.contains("did you mean"), "\(far.standardError)")
    }

    @Test func missingWorkspaceIsAUsageError() async throws {
        let output = try await FerryProcess.run(["/nonexistent/workspace"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("no workspace folder"))
    }
}
