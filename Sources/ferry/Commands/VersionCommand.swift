/// `ferry version`: prints the version.
enum VersionCommand: FerryCommand {
    static let spec = CommandSpec(name: "version", summary: "print the version")
    /// The version of this build.
    static let version = "0.1.0"

    static func run(_ arguments: ParsedArguments) -> Int32 {
        printOutput("ferry \(version)")
        return ExitCode.success
    }
}
