import FerryTerminal

// MARK: - Keys in the widgets' pickers and prompts

extension InputRouter {
    /// The action for `key` in the picker or prompt `overlay`: a command bound in its key-map context becomes the
    /// key the widget reads for it (so a remapped key moves, chooses or closes as the default did), F1 opens the
    /// picker's help, and any other key goes to the widget as typed (it filters the list or edits the name).
    /// A key the user unbound there (`down = none` under `[picker]`) means nothing.
    static func pickerAction(for key: KeyEvent, in overlay: Overlay, state: AppState) -> AppAction? {
        let context = overlay.keyContext
        let keyMap = state.keyMap
        if let name = keyMap.action(for: key, onlyIn: context) {
            guard let command = AppCommand(rawValue: name) else { return nil }
            if let widgetKey = command.pickerKey { return .overlay(.dialogEvent(.key(KeyEvent(widgetKey)))) }
            return command.action(in: state)
        }
        if keyMap.isUnbound(key, in: context) { return nil }
        return .overlay(.dialogEvent(.key(key)))
    }
}

extension AppCommand {
    /// The key a picker or prompt widget reads for the command, if the widget itself does it.
    var pickerKey: Key? {
        switch self {
        case .up: .up
        case .down: .down
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .left: .left
        case .right: .right
        case .home: .home
        case .end: .end
        case .activate: .enter
        case .dismiss: .escape
        case .backspace: .backspace
        case .delete: .delete
        default: nil
        }
    }
}
