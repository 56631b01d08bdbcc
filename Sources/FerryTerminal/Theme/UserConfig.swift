import Foundation

/// Where the user's configuration lives: `$XDG_CONFIG_HOME/ferry` (default `~/.config/ferry`), holding
/// `keys.conf` and `themes/`.
public enum UserConfig {
    /// `$XDG_CONFIG_HOME/ferry` when `XDG_CONFIG_HOME` is an absolute path (as the XDG spec asks), else
    /// `$HOME/.config/ferry`; `nil` without either.
    public static func folder(environment: [String: String]) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("ferry")
        }
        return environment["HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent(".config/ferry") }
    }
}
