/// The declaration of one `ferry` subcommand: what the parser reads, and what the usage text, the man page
/// and the shell completions are generated from, so the four cannot drift apart.
struct CommandSpec: Sendable {
    /// The word that selects the command: `send` in `ferry send`.
    var name: String
    /// One line for `ferry --help` and the man page's NAME of the command.
    var summary: String
    /// Paragraphs printed after the synopsis (how the command behaves, what its formats are).
    var discussion: String = ""
    /// The arguments without a dash, in order.
    var positionals: [PositionalSpec] = []
    /// The options, in the order the help lists them.
    var options: [OptionSpec] = []
    /// Other forms of the command line, each after `ferry NAME ` (the first form is generated).
    var alternateForms: [String] = []
    /// Left out of `ferry --help` (commands for packagers and tests).
    var isHidden = false

    /// The option spelled `word` (its long or short name), if declared.
    func option(named word: String) -> OptionSpec? {
        options.first { $0.long == word || $0.short == word }
    }
}

/// One option of a command: `-e, --env NAME`.
struct OptionSpec: Sendable {
    /// The long name with its dashes: `--env`.
    var long: String
    /// The short name with its dash, if any: `-e`.
    var short: String?
    /// What the value is called in the help (`NAME`); `nil` for a flag that takes no value.
    var valueName: String?
    /// One sentence for people; wrapped by the usage text.
    var help: String
    /// May be given more than once (each value kept, in order).
    var isRepeatable = false
    /// How a shell completes the value.
    var completion = CompletionKind.none

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }
}

/// One argument without a dash: `ID` in `ferry send ID`.
struct PositionalSpec: Sendable {
    /// What the help calls it: `ID`, `[WORKSPACE]` is written from `name` and `isOptional`.
    var name: String
    /// What messages call it: `request id` in "one request id at a time".
    var title: String
    /// One sentence for people.
    var help: String
    /// May be left out.
    var isOptional = false
    /// May be given more than once (only the last positional).
    var isRepeatable = false
    /// How a shell completes it.
    var completion = CompletionKind.none
}

/// How a shell completes a value or an argument.
enum CompletionKind: Sendable, Equatable {
    /// Nothing to offer (a number, free text).
    case none
    /// The request ids of the current workspace (`ferry list --ids`).
    case requestID
    /// The environment names of the current workspace (`ferry env --names`).
    case environment
    /// A file name.
    case file
    /// A folder name.
    case directory
    /// One of a fixed set of words.
    case words([String])
}
