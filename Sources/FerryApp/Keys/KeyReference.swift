import FerryTerminal

/// The workbench's default key bindings as a reference table, for `ferry keys` and the README: one row per
/// thing a key does, with every key bound to it and every place it applies, read from ``AppKeyMap/defaults``.
///
/// Rows come in the order of ``places`` (the global keys first, then the panes, the text fields and the
/// dialogs), and within a place in the key map's order.
public enum KeyReference {
    /// One row of the table.
    public struct Row: Hashable, Sendable {
        /// The keys, as shown in help: `Ctrl+R`, `F5`.
        public var keys: [String]
        /// Where they apply, as users call the places: `everywhere`, `tree`, `history`.
        public var places: [String]
        /// What they do: the binding's help text.
        public var help: String
        /// The action's id, as `keys.conf` names it: `request.send`.
        public var action: String
    }

    /// The rows of the default key map.
    public static var defaultRows: [Row] { rows(of: AppKeyMap.defaults) }

    /// The names of the key presets (`keys = NAME` in the settings file).
    public static var presetNames: [String] { AppKeyMap.presetNames }

    /// The rows of the key preset called `name`, or `nil` when there is none.
    public static func rows(ofPreset name: String) -> [Row]? { AppKeyMap.preset(named: name).map(rows(of:)) }

    /// The key-map contexts in the order the table lists them, each with the name users know the place by.
    static let places: [(context: String, name: String)] = [
        (KeyMap.global, "everywhere"),
        ("tree", "tree"),
        ("response", "response"),
        ("events", "live events"),
        ("editor", "URL field"),
        ("completion", "URL field, completing {{"),
        ("body", "body editor"),
        ("queryCompletion", "GraphQL query or gRPC body, completing a name"),
        ("table", "tables"),
        ("multipart", "multipart fields"),
        ("help", "help"),
        ("history", "history"),
        ("diff", "history diff"),
        ("trash", "trash"),
        ("problems", "problems"),
        ("run", "run view"),
        ("variables", "variables"),
        ("cookies", "cookies"),
        ("prompt", "filter prompts"),
        ("picker", "pickers"),
        ("namePrompt", "name prompts"),
        ("trust", "trust dialog"),
        ("signIn", "sign-in"),
        ("promptForm", "prompt form"),
        ("confirm", "quit question"),
        ("confirmDelete", "delete question"),
    ]

    /// The rows of `keyMap`: the keys of one command and help text in one context make one row, and rows with
    /// the same keys and help in several contexts become one row naming them all. A context missing from
    /// ``places`` comes last, under its own name.
    static func rows(of keyMap: KeyMap) -> [Row] {
        struct Entry {
            var keys: [String]
            var contexts: [String]
            let action: String
            let help: String
        }
        // One entry per context, command and help, keys in the key map's order.
        var perContext: [Entry] = []
        for binding in keyMap.bindings {
            let key = displayName(of: binding.key)
            if let index = perContext.firstIndex(where: {
                $0.contexts == [binding.context] && $0.action == binding.action && $0.help == binding.help
            }) {
                if !perContext[index].keys.contains(key) { perContext[index].keys.append(key) }
            } else {
                perContext.append(
                    Entry(keys: [key], contexts: [binding.context], action: binding.action, help: binding.help))
            }
        }
        // Entries alike but for their context merge into the first of them.
        var merged: [Entry] = []
        for entry in perContext {
            if let index = merged.firstIndex(where: {
                $0.keys == entry.keys && $0.action == entry.action && $0.help == entry.help
            }) {
                merged[index].contexts += entry.contexts
            } else {
                merged.append(entry)
            }
        }
        let rows = merged.map { entry in
            Row(
                keys: entry.keys, places: entry.contexts.sorted { rank($0) < rank($1) }.map(placeName),
                help: entry.help,
                action: entry.action)
        }
        let firstRanks = merged.map { $0.contexts.map(rank).min() ?? places.count }
        return rows.indices.sorted { (firstRanks[$0], $0) < (firstRanks[$1], $1) }.map { rows[$0] }
    }

    /// Where `context` comes in ``places``; after all of them when it is not there.
    private static func rank(_ context: String) -> Int {
        places.firstIndex { $0.context == context } ?? places.count
    }

    /// The name of `context` in ``places``, or the context itself.
    private static func placeName(_ context: String) -> String {
        places.first { $0.context == context }?.name ?? context
    }

    /// The key as help shows it, with Shift and a letter shown as the capital letter terminals send (`N`).
    static func displayName(of key: KeyEvent) -> String {
        if key.modifiers == .shift, case .character(let character) = key.key, character.isLowercase {
            return character.uppercased()
        }
        return key.displayName
    }
}
