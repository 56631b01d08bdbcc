extension Overlay {
    /// The dialog itself, also while its keys' help (F1) is open over it.
    var dialog: Overlay {
        if case .overlayHelp(let under, _, _) = self { return under }
        return self
    }

    /// Whether this is a list of keys (F1), whose search is typed into.
    var isHelp: Bool {
        if case .help = self { return true }
        if case .overlayHelp = self { return true }
        return false
    }

    /// This overlay with its dialog replaced by `dialog` (the help over it stays), or `nil` when the dialog
    /// closes (its help goes with it).
    func replacingDialog(with dialog: Overlay?) -> Overlay? {
        guard let dialog else { return nil }
        if case .overlayHelp(_, let scroll, let query) = self {
            return .overlayHelp(under: dialog, scroll: scroll, query: query)
        }
        return dialog
    }
}
