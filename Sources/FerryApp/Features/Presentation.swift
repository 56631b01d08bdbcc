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

/// What a list dialog a feature owns reads of the rest of the app.
struct ListDialogContext: Sendable {
    /// How many rows Page Up and Page Down move.
    var page: Int
}

extension ListDialogContext {
    /// The context in `state`: a page is the screen less the dialog's frame.
    init(_ state: AppState) { self.init(page: max(1, state.size.height - 6)) }
}

extension AppState {
    /// The state of a dialog a feature owns while it is on top (also under its help), found by `extract`;
    /// `nil` otherwise.
    func presented<Dialog>(_ extract: (Overlay) -> Dialog?) -> Dialog? {
        overlay.flatMap { extract($0.dialog) }
    }

    /// Shows `dialog` (made an overlay by `embed`) in place of the one `extract` finds, keeping the help over it;
    /// `nil` closes it. A dialog shown where another was on top replaces it.
    mutating func present<Dialog>(
        _ dialog: Dialog?, extract: (Overlay) -> Dialog?, embed: (Dialog) -> Overlay
    ) {
        guard let overlay, extract(overlay.dialog) != nil else {
            if let dialog { self.overlay = embed(dialog) }
            return
        }
        self.overlay = overlay.replacingDialog(with: dialog.map(embed))
    }
}
