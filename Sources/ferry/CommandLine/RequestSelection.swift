import FerryWorkbench
import Foundation

/// What a request is resolved against, the one option group `send`, `export` and `run` share: the workspace,
/// the environment (`-e|--env NAME`) and the variables set over it (`-V|--var NAME=VALUE`), declared and parsed
/// here once, with the hint all three give when a variable is unresolved and no environment was chosen.
struct RequestSelection {
    /// `--env NAME`.
    var environment: String?
    /// `--var name=value`, in order (later ones win).
    var variables: [String: String] = [:]
    /// `--workspace DIR`, for a command that takes it (``Option/workspace``): the workspace folder.
    var workspacePath: String?

    /// The options of the group.
    enum Option {
        /// `-e|--env NAME`: the environment to resolve variables in.
        static let environment = OptionSpec(
            long: "--env", short: "-e", valueName: "NAME", help: "the environment to resolve variables in",
            completion: .environment)
        /// `-V|--var NAME=VALUE`, repeatable: a variable over the environment's (`-v` is `--verbose`, as in curl).
        static let variable = OptionSpec(
            long: "--var", short: "-V", valueName: "NAME=VALUE",
            help: "set a variable (over the environment's; later ones win)", isRepeatable: true)
        /// `--workspace DIR`: the workspace folder, else the one around the current folder (`export --all`,
        /// `export --history`).
        static let workspace = OptionSpec(
            long: "--workspace", valueName: "DIR",
            help: "with --all or --history: the workspace folder (default: the one around the current folder)",
            completion: .directory)
    }

    /// Reads the group's options from `arguments`; throws a message for people (a `--var` without `=`).
    init(_ arguments: ParsedArguments) throws(UsageError) {
        environment = arguments.value(Option.environment)
        for pair in arguments.values(Option.variable) {
            let (name, assigned) = try UsageError.variableAssignment(pair)
            variables[name] = assigned
        }
        workspacePath = arguments.value(Option.workspace)
    }

    /// The workspace to work in and, when `requestID` is given (not empty), the id relative to it
    /// (``WorkspaceLocator/locate(requestID:currentFolder:)``); without one, `--workspace` or the workspace
    /// around `currentFolder`, else `currentFolder` itself.
    func workspace(for requestID: String, currentFolder: URL) -> (root: URL, id: String?) {
        guard requestID.isEmpty else {
            let (root, id) = WorkspaceLocator.locate(requestID: requestID, currentFolder: currentFolder)
            return (root, id)
        }
        let root =
            workspacePath.map { URL(fileURLWithPath: $0, relativeTo: currentFolder).standardizedFileURL }
            ?? WorkspaceLocator.nearestWorkspace(from: currentFolder) ?? currentFolder
        return (root, nil)
    }

    /// The line after an unresolved variable when no `--env` was given and the workspace has environments
    /// (which they are), else `nil`.
    func environmentHint(_ environments: EnvironmentFiles) -> String? {
        guard environment == nil, !environments.names.isEmpty else { return nil }
        return "\n  (no --env given; environments: \(environments.names.joined(separator: ", ")))"
    }
}
