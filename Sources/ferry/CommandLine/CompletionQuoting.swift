/// Quoting for the generated completion scripts.
enum CompletionQuoting {
    /// `text` in single quotes for bash, zsh and fish (a `'` inside closes, escapes and reopens).
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The names an option goes by: `-e`, `--env`.
    static func names(_ option: OptionSpec) -> [String] {
        [option.short, option.long].compactMap { $0 }
    }
}
