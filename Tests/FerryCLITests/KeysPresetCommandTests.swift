import FerryTestSupport
import Foundation
import Testing

/// `ferry keys --preset NAME`: the table of a key preset (the settings file's `keys = NAME`).
@Suite struct KeysPresetCommandTests {
    @Test func theVimPresetAddsItsKeysToTheDefaultOnes() async throws {
        let vim = try await FerryProcess.run(["keys", "--markdown", "--preset", "vim"])
        let standard = try await FerryProcess.run(["keys", "--markdown"])
        #expect(vim.status == 0)
        let added = Set(vim.text.split(separator: "\n")).subtracting(standard.text.split(separator: "\n"))
        #expect(added.contains { $0.hasPrefix("| ←, h | tree, response | Collapse") }, "\(added)")
        #expect(added.contains { $0.hasPrefix("| →, l | tree, response | Expand") }, "\(added)")
        #expect(added.contains { $0.contains(": | tree, response | Command line: :w saves") }, "\(added)")
        // The default preset is the default table.
        let named = try await FerryProcess.run(["keys", "--markdown", "--preset", "default"])
        #expect(named.text == standard.text)
    }

    @Test func anUnknownPresetIsAUsageErrorInWords() async throws {
        let output = try await FerryProcess.run(["keys", "--preset", "emacs"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("no key preset is named"), "\(output.standardError)")
        #expect(output.standardError.contains("default, vim"))
        #expect(output.text.isEmpty)
    }
}
