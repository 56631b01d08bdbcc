import FerryTerminal

// MARK: - Key presets: the default keys, or those with vim's added (`keys = vim` in the settings file)

extension AppKeyMap {
    /// The presets a settings file can choose, by name.
    static let presetNames = ["default", "vim"]

    /// The key map of preset `name`, or `nil` when no preset has that name.
    static func preset(named name: String) -> KeyMap? {
        switch name {
        case "default": defaults
        case "vim": vim
        default: nil
        }
    }

    /// The default keys with vim's added: `h`/`l` collapse and expand, `g`/`G` go to the first and last row,
    /// `:` opens vim's command line (`:w`, `:q`, `:wq`, `:x`, `:q!`, then the palette's commands); `j`/`k`, `/`
    /// and `n`/`N` are the default's already.
    static let vim: KeyMap = {
        var keyMap = defaults
        let panes: [KeyContext] = [.tree, .response]
        let lists: [KeyContext] = [.tree, .response, .help, .diff, .problems, .trash, .run, .variables]
        let added: [(String, AppCommand, String, [KeyContext])] = [
            ("h", .left, "Collapse", panes), ("l", .right, "Expand", panes),
            ("h", .left, "Collapse the selected event's JSON data a level", [.events]),
            ("l", .right, "Expand the selected event's JSON data a level", [.events]),
            ("g", .home, "Select the oldest event kept", [.events]),
            ("G", .end, "Select none: follow the newest event", [.events]),
            ("shift+g", .end, "Select none: follow the newest event", [.events]),
            ("g", .home, "First row", lists), ("G", .end, "Last row", lists), ("shift+g", .end, "Last row", lists),
            ("k", .up, "Up", [.help, .diff, .problems]), ("j", .down, "Down", [.help, .diff, .problems]),
            (":", .commandLine, "Command line: :w saves, :q quits, :wq or :x both, :q! without saving", panes),
        ]
        for (notation, command, help, contexts) in added {
            for context in contexts {
                if let binding = KeyBinding(notation, action: command.rawValue, help: help, context: context.rawValue) {
                    keyMap.bind(binding)
                }
            }
        }
        return keyMap
    }()
}
