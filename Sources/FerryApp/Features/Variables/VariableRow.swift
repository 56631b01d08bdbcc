import FerryWorkbench

/// One row of the variables view: a variable as it resolves for the open request, where that value comes
/// from, and whether it may be shown. A secret's value is held here only, in memory, to be revealed on screen.
struct VariableRow: Sendable, Equatable {
    /// The variable's name.
    var name: String
    /// The value (a secret's too: ``shownValue`` masks it until revealed).
    var value: String
    /// Where the value comes from: `file:line` of an environment file (with `$shared` when from that block),
    /// `@name in file.http`, `captured (history)`, `script global` or `--var`.
    var origin: String
    /// The environment file it is defined in (relative to the workspace), `nil` when no environment file
    /// gives the value.
    var file: String? = nil
    /// The block of ``file`` that defines it: the active environment's name or `$shared`.
    var block: String? = nil
    /// Whether the value is a secret, or derived from one.
    var isSecret = false
    /// Whether a secret's value is shown (`r` in the view); never written anywhere.
    var isRevealed = false

    /// The value as drawn: ``Secrets/mask`` for a secret not revealed.
    var shownValue: String { isSecret && !isRevealed ? Secrets.mask : value }
}
