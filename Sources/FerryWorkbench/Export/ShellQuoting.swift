// MARK: - Quoting words for a POSIX shell

/// Quoting of words for a POSIX shell (`sh`, `bash`, `zsh`): what a pasted command line needs so each
/// word reaches the program exactly as given.
public enum ShellQuoting {
    /// `word` as the shell must see it: unchanged when every character is safe unquoted (letters, digits
    /// and `_@%+=:,./-`), else in single quotes, each `'` written as `'\''`. Inside single quotes nothing
    /// is special (not `$`, a backquote, `\`, `!` in a script, nor a line break), so any text round-trips.
    public static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.unicodeScalars.allSatisfy(isSafe) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `bytes` as a `printf` format that prints them exactly: printable ASCII as itself (`%` doubled),
    /// everything else (line breaks, NUL, bytes that are not UTF-8) as a three-digit octal escape, which
    /// POSIX `printf` understands.
    public static func printfFormat(_ bytes: some Sequence<UInt8>) -> String {
        var format = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "%"): format += "%%"
            case UInt8(ascii: "\\"): format += "\\\\"
            case 0x20...0x7E: format.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                format += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return format
    }

    // MARK: - Internals

    private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "_", "@", "%", "+", "=", ":", ",", ".", "/", "-": true
        default: false
        }
    }
}
