/// A dialog over the panes; it takes the keyboard until closed.
enum Overlay: Sendable, Hashable {
    /// The key bindings, scrolled to `scroll`.
    case help(scroll: Int)
    /// The command palette: the typed filter and the selected entry.
    case palette(query: String, selection: Int)
    /// The environment picker with the selected entry.
    case environmentPicker(selection: Int)
    /// Asks whether to quit with unsaved edits.
    case confirmQuit
    /// The `/` search of the response body: the text typed so far.
    case search(String)
    /// The collection tree filter: the text typed so far.
    case treeFilter(String)
    /// The history list: filter, selection and the entry marked for a diff.
    case history(query: String, selection: Int, marked: Int?)
    /// A diff of two history entries, scrolled.
    case historyDiff(first: Int, second: Int, scroll: Int)

    /// The key-map context while this overlay is open.
    var keyContext: String {
        switch self {
        case .help: "help"
        case .palette: "palette"
        case .environmentPicker: "picker"
        case .confirmQuit: "confirm"
        case .search, .treeFilter: "prompt"
        case .history: "history"
        case .historyDiff: "diff"
        }
    }
}
