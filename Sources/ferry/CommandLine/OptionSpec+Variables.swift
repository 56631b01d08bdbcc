/// The options every command that resolves a request's variables shares, declared once.
extension OptionSpec {
    /// `-e|--env NAME`: the environment to resolve variables in.
    static let environment = OptionSpec(
        long: "--env", short: "-e", valueName: "NAME", help: "the environment to resolve variables in",
        completion: .environment)
    /// `-v|--var NAME=VALUE`, repeatable: a variable over the environment's.
    static let variable = OptionSpec(
        long: "--var", short: "-v", valueName: "NAME=VALUE",
        help: "set a variable (over the environment's; later ones win)", isRepeatable: true)
    /// `--trust`: let this run's files read and write outside the workspace, as `ferry trust` does for good.
    static let trust = OptionSpec(
        long: "--trust",
        help: "let the files read (<) and write (>>) outside the workspace for this run (see `ferry trust`)")
}
