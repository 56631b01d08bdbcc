extension OptionSpec {
    /// `--trust`: let this run's files read and write outside the workspace, as `ferry trust` does for good.
    static let trust = OptionSpec(
        long: "--trust",
        help: "let the files read (<) and write (>>) outside the workspace for this run (see `ferry trust`)")
}
