import FerryTestSupport
import Foundation
import Testing

/// `scripts/install.sh` into a temporary DESTDIR, the installed binary run from another folder: its themes
/// found beside it, its bash completion loaded and offering the workspace's ids, its man page rendered, and
/// `scripts/uninstall.sh` leaving nothing behind.
@Suite struct InstallTests {
    /// The environment of a user with no configuration of their own.
    static func bareUser(home: URL) -> [String: String?] {
        ["HOME": home.path, "XDG_CONFIG_HOME": nil, "FERRY_THEMES": nil, "FERRY_THEME": nil]
    }

    /// A workspace with three requests and two environments.
    static func workspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "ferry-install-workspace")
        try folder.write("http-client.env.json", #"{ "dev": { "host": "http://127.0.0.1:1" }, "prod": {} }"#)
        try folder.write("api/users.http", "### list\nGET {{host}}/users\n\n###\nPOST {{host}}/users\n")
        try folder.write("root.http", "# @name ping\nHEAD {{host}}/ping\n")
        return folder
    }

    @Test func installedBinaryFindsTheInstalledThemesFromAnotherFolder() async throws {
        let tree = try await InstalledTree()
        let elsewhere = try TemporaryFolder()
        let themes = try await InstalledTree.run(
            tree.binary.path, ["themes"], environment: Self.bareUser(home: elsewhere.url), in: elsewhere.url)
        let shipped = try FileManager.default.contentsOfDirectory(
            atPath: TestServers.packageRoot.appendingPathComponent("Themes").path
        ).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(themes.status == 0, "\(themes.errors)")
        let installed = tree.root.appendingPathComponent("share/ferry/themes").standardizedFileURL.path
        #expect(Self.listing(themes.text) == shipped.map { [$0, "\(installed)/\($0).json"] })
        let folders = try await InstalledTree.run(tree.binary.path, ["themes", "--folders"], in: elsewhere.url)
        #expect(folders.text.contains(tree.root.appendingPathComponent("share/ferry/themes").path + "\n"))
        // The same binary outside an install tree or a checkout still offers every theme: they are built in.
        let copy = elsewhere.url.appendingPathComponent("bin/ferry")
        try FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tree.binary, to: copy)
        let bare = try await InstalledTree.run(
            copy.path, ["themes"], environment: Self.bareUser(home: elsewhere.url), in: elsewhere.url)
        #expect(bare.status == 0, "\(bare.errors)")
        #expect(Self.listing(bare.text) == shipped.map { [$0, "built in"] }, "\(bare.text)")
    }

    /// `ferry themes`'s lines as [name, origin], in the order printed.
    static func listing(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { line in
            let name = line.prefix { $0 != " " }
            return [String(name), String(line.dropFirst(name.count).drop { $0 == " " })]
        }
    }

    @Test func configFolderFollowsXDGConfigHome() async throws {
        let tree = try await InstalledTree()
        let config = try TemporaryFolder()
        try config.write("ferry/themes/mine.json", #"{ "name": "mine", "colors": {} }"#)
        let environment = Self.bareUser(home: config.url).merging(["XDG_CONFIG_HOME": config.url.path]) { $1 }
        let themes = try await InstalledTree.run(tree.binary.path, ["themes"], environment: environment)
        let mine = config.url.appendingPathComponent("ferry/themes/mine.json").standardizedFileURL.path
        #expect(Self.listing(themes.text).contains(["mine", mine]), "\(themes.text) \(themes.errors)")
    }

    @Test func bashCompletionLoadsAndOffersTheWorkspaceIdsAndEnvironments() async throws {
        let tree = try await InstalledTree()
        let workspace = try Self.workspace()
        let script = tree.root.appendingPathComponent("share/bash-completion/completions/ferry").path
        let path =
            tree.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        func complete(_ words: [String]) async throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let output = try await InstalledTree.run(
                "/bin/bash",
                [
                    "-c",
                    "source '\(script)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && _ferry "
                        + "&& printf '%s\\n' \"${COMPREPLY[@]}\"",
                ], environment: ["PATH": path], in: workspace.url)
            #expect(output.status == 0, "\(output.errors)")
            return output.text.split(separator: "\n").map(String.init)
        }
        let loaded = try await InstalledTree.run(
            "/bin/bash", ["-c", "source '\(script)' && complete -p ferry"], in: workspace.url)
        #expect(loaded.status == 0 && loaded.text == "complete -F _ferry ferry\n", "\(loaded.text)\(loaded.errors)")
        #expect(
            try await complete(["ferry", "send", ""]) == ["api/users.http#list", "api/users.http#2", "root.http#ping"])
        #expect(try await complete(["ferry", "send", "api/users.http#l"]) == ["api/users.http#list"])
        #expect(try await complete(["ferry", "send", "root.http#ping", "--env", ""]) == ["dev", "prod"])
        #expect(try await complete(["ferry", "export", "--format", "h"]) == ["http", "har", "httpie"])
        #expect(try await complete(["ferry", "sen"]) == ["send"])
        #expect(try await complete(["ferry", "send", "--connect-t"]) == ["--connect-timeout"])
    }

    @Test func manPageRendersWithASectionPerCommand() async throws {
        let tree = try await InstalledTree()
        let page = tree.root.appendingPathComponent("share/man/man1/ferry.1").path
        let output = try await InstalledTree.run(
            "/usr/bin/man", ["--warnings", "-l", page],
            environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(output.status == 0)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("FERRY(1)") == true)
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
            #expect(lines.contains(heading), "no \(heading)")
        }
        for command in ["version", "list", "send", "export", "env", "json", "import", "keys", "themes"] {
            #expect(lines.contains("   ferry \(command)"), "no section for \(command)")
        }
        #expect(output.text.contains("--connect-timeout SEC"))
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func uninstallRemovesExactlyWhatWasInstalled() async throws {
        let tree = try await InstalledTree()
        let installed = InstalledTree.files(under: tree.destination)
        #expect(installed.contains("usr/local/bin/ferry"))
        #expect(installed.contains("usr/local/share/zsh/site-functions/_ferry"))
        #expect(installed.contains("usr/local/share/fish/vendor_completions.d/ferry.fish"))
        // A file someone else put in one of the folders stays, and so does its folder.
        let other = tree.root.appendingPathComponent("share/man/man1/other.1")
        try Data("other\n".utf8).write(to: other)
        let output = try await tree.uninstall()
        #expect(output.status == 0, "\(output.errors)")
        #expect(InstalledTree.files(under: tree.destination) == ["usr/local/share/man/man1/other.1"])
        try FileManager.default.removeItem(at: other)
        let again = try await InstalledTree()
        #expect(try await again.uninstall().status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: again.destination.path) == [])
    }
}
