import FerryTestSupport
import Foundation
import Testing

/// The zsh and fish completions `ferry generate` writes are valid scripts for those shells, and fish's offer
/// the workspace's ids (each shell only where installed: `scripts/install-deps.sh` installs both).
@Suite struct GeneratedScriptsTests {
    /// The first of `paths` that is an executable, if any.
    static func program(_ paths: [String]) -> String? {
        paths.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func zshCompletionParses() async throws {
        guard let zsh = Self.program(["/usr/bin/zsh", "/bin/zsh"]) else {
            print("GeneratedScriptsTests: skipped, zsh is not installed")
            return
        }
        let folder = try TemporaryFolder()
        let script = try await FerryProcess.run(["generate", "zsh"])
        #expect(script.status == 0 && script.text.hasPrefix("#compdef ferry\n"))
        try folder.write("_ferry", script.text)
        let parsed = try await InstalledTree.run(zsh, ["-n", folder.url.appendingPathComponent("_ferry").path])
        #expect(parsed.status == 0, "\(parsed.errors)")
    }

    @Test func fishCompletionOffersTheWorkspaceIds() async throws {
        guard let fish = Self.program(["/usr/bin/fish", "/bin/fish"]) else {
            print("GeneratedScriptsTests: skipped, fish is not installed")
            return
        }
        let tree = try await InstalledTree()
        let workspace = try InstallTests.workspace()
        let script = tree.root.appendingPathComponent("share/fish/vendor_completions.d/ferry.fish").path
        let path =
            tree.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let output = try await InstalledTree.run(
            fish, ["-c", "source '\(script)'; complete -C 'ferry send '; complete -C 'ferry send x --env '"],
            environment: ["PATH": path, "HOME": workspace.url.path], in: workspace.url)
        #expect(output.status == 0, "\(output.errors)")
        let offered = output.text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        // fish sorts what it offers.
        #expect(offered == ["api/users.http#2", "api/users.http#list", "root.http#ping", "dev", "prod"])
    }
}
