import FerryTestSupport
import Foundation
import Testing

/// `ferry help COMMAND` and `ferry COMMAND --help` print the same text, for every command `ferry --help`
/// lists, and the usage lines a usage error prints are the help's.
@Suite struct HelpParityTests {
    /// The command names in `ferry --help`.
    static func listedCommands() async throws -> [String] {
        let help = try await FerryProcess.run(["--help"])
        let lines = help.text.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "commands:"))
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first }
            .map(String.init)
    }

    @Test func helpCommandPrintsTheCommandsOwnHelp() async throws {
        let commands = try await Self.listedCommands()
        #expect(commands.contains("send") && commands.contains("themes") && !commands.contains("generate"))
        for command in commands {
            let viaHelp = try await FerryProcess.run(["help", command])
            let viaOption = try await FerryProcess.run([command, "--help"])
            #expect(viaHelp.status == 0 && viaOption.status == 0, "\(command)")
            #expect(viaHelp.text == viaOption.text, "\(command)")
            #expect(viaHelp.text.hasPrefix("usage: ferry \(command)"), "\(command)")
        }
        let unknown = try await FerryProcess.run(["help", "nope"])
        #expect(unknown.status == 2 && unknown.standardError.contains(#"no command named "nope""#))
    }

    @Test func usageErrorsPrintTheHelpsUsageLines() async throws {
        let error = try await FerryProcess.run(["export", "--bogus"])
        let help = try await FerryProcess.run(["export", "--help"])
        #expect(error.status == 2)
        let usage = help.text.split(separator: "\n\n", maxSplits: 1).first.map(String.init) ?? ""
        #expect(usage.hasPrefix("usage: ferry export"))
        #expect(error.standardError == "ferry export: unknown option \"--bogus\"\n\n\(usage)\n")
    }

    @Test func optionsTakeAttachedValuesAndDoubleDashEndsThem() async throws {
        let folder = try TemporaryFolder()
        try folder.write("-odd.json", "[1,2]")
        let attached = try await FerryProcess.run(
            ["json", "--indent=0", "--", "-odd.json"], currentDirectory: folder.url)
        #expect(attached.status == 0, "\(attached.standardError)")
        #expect(attached.text == "[\n1,\n2\n]\n")
        let flagWithValue = try await FerryProcess.run(["json", "--compact=yes"])
        #expect(flagWithValue.status == 2 && flagWithValue.standardError.contains("--compact takes no value"))
    }
}
