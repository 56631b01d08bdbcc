import Foundation

// The `ferry` executable: `ferry [WORKSPACE]` opens the workbench; subcommands work headless.
exit(FerryCommandLine.run(Array(CommandLine.arguments.dropFirst())))
