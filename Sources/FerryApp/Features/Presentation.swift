extension Overlay {
    /// The dialog itself, also while its keys' help (F1) is open over it.
    var dialog: Overlay {
        if case .overlayHelp(let under, _) = self { return under }
        return self
    }

    /// This overlay with its dialog replaced by `dialog` (the help over it stays), or `nil` when the dialog
    /// closes (its help goes with it).
    func replacingDialog(with dialog: Overlay?) -> Overlay? {
        guard let dialog else { return nil }
        if case .overlayHelp(_, let scroll) = self { return .overlayHelp(under: dialog, scroll: scroll) }
        return dialog
    }
}
