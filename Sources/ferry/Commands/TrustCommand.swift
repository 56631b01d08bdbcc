import FerryTerminal
import FerryWorkbench
import Foundation

/// `ferry trust [PATH]`: trust a workspace, so its files may read (`<`) and write (`>>`) outside it; kept in the
/// user's config (`trusted-workspaces.json`), never in the repository. `--list` prints the trusted ones.
enum TrustCommand: FerryCommand {
    static let list = OptionSpec(long: "--list", help: "print the trusted workspaces, one path a line")

    static let spec = CommandSpec(
        name: "trust", summary: "trust a workspace: its files may read and write outside it",
        discussion: """
            A workspace is confined until you trust it: its `>>` outputs and `<` includes must stay inside it
            (symlinks followed, devices refused), so a cloned or imported file cannot write over ~/.bashrc or
            send ~/.ssh/id_rsa. Trust is kept in $XDG_CONFIG_HOME/ferry/trusted-workspaces.json.
            `--trust` on send and run trusts for one command.
            """,
        positionals: [
            PositionalSpec(
                name: "PATH", title: "workspace", help: "the workspace folder (default: the current folder)",
                completion: .file)
        ],
        options: [list])

    /// The user's trust store.
    static func store(environment: [String: String] = ProcessInfo.processInfo.environment) -> TrustStore {
        TrustStore(file: UserConfig.folder(environment: environment)?.appendingPathComponent("trusted-workspaces.json"))
    }

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let store = store()
        if arguments.flag(list) {
            for path in store.trustedPaths() { printOutput(path) }
            return ExitCode.success
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = (arguments.positional(0).map { URL(fileURLWithPath: $0, relativeTo: cwd) } ?? cwd)
            .standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            printError("ferry trust: no such folder: \(root.path)")
            return ExitCode.usage
        }
        let workspace = try? Workspace.load(at: root)
        if let references = workspace?.outsideReferences(), !references.isEmpty {
            printOutput("Its files may now reach outside it:")
            for reference in references { printOutput("  \(reference)") }
        }
        do {
            if let workspace { try store.trust(workspace) } else { try store.trust(root) }
            let path = root.resolvingSymlinksInPath().path
            printOutput("Trusted \(path): its files may read and write outside it.")
            return ExitCode.success
        } catch {
            printError("ferry trust: \(error)")
            return ExitCode.usage
        }
    }
}
