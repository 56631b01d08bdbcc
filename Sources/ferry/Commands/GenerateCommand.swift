import FerryHTTP
import Foundation

/// `ferry generate man|bash|zsh|fish`: the man page or a shell's completions, written from the command
/// table to standard output. For packagers (`make install`, `make deb`); not listed in `ferry --help`.
enum GenerateCommand: FerryCommand {
    /// What can be generated.
    enum Target: String, CaseIterable {
        /// `ferry(1)` in roff.
        case man
        /// The bash completion script.
        case bash
        /// The zsh completion function.
        case zsh
        /// The fish completions.
        case fish
    }

    static let spec = CommandSpec(
        name: "generate", summary: "write the man page or a shell's completions (for packagers)",
        positionals: [
            PositionalSpec(
                name: "man|bash|zsh|fish", title: "target", help: "what to write to standard output",
                completion: .words(Target.allCases.map(\.rawValue)))
        ],
        isHidden: true)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let given = arguments.positional(0) else { throw UsageError("what? man, bash, zsh or fish") }
        guard let target = Target(rawValue: given) else {
            throw UsageError("expects man, bash, zsh or fish, got \(InputExcerpt(given))")
        }
        let specs = FerryCommandLine.commands.map { $0.spec }
        let text =
            switch target {
            case .man: ManPage.render(specs, version: VersionCommand.version)
            case .bash: BashCompletion.render(specs)
            case .zsh: ZshCompletion.render(specs)
            case .fish: FishCompletion.render(specs)
            }
        FileHandle.standardOutput.write(Data(text.utf8))
        return ExitCode.success
    }
}
