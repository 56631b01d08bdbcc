extension KeyEvent {
    // MARK: - Written form

    /// Parses the written form used in key-map files: modifiers joined with `+` before a key name,
    /// case-insensitive: `ctrl+s`, `alt+x`, `shift+tab`, `f5`, `up`, `pgdn`, `enter`, `esc`, `space`, `q`, `?`.
    ///
    /// A single upper-case letter stays upper case (`G` is Shift-g as terminals send it); with `ctrl`
    /// letters are lower-cased, as `KeyDecoder` reports them.
    public init?(notation: String) {
        let parts = notation.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // A trailing "+" key: "ctrl++" splits into ["ctrl", "", ""].
        var names = parts
        var keyName = names.removeLast()
        if keyName.isEmpty && names.last == "" {
            names.removeLast()
            keyName = "+"
        }
        var modifiers: KeyModifiers = []
        for name in names {
            switch name.lowercased() {
            case "ctrl", "control", "c": modifiers.insert(.control)
            case "alt", "meta", "option", "m", "a": modifiers.insert(.alt)
            case "shift", "s": modifiers.insert(.shift)
            default: return nil
            }
        }
        guard let key = Self.key(named: keyName) else { return nil }
        var finalKey = key
        if case .character(let character) = key, modifiers.contains(.control) {
            finalKey = .character(Character(character.lowercased()))
        }
        self.init(finalKey, modifiers: modifiers)
    }

    /// The written form, such as `ctrl+s` or `shift+tab`; `KeyEvent(notation:)` reads it back.
    public var notation: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        parts.append(Self.name(of: key))
        return parts.joined(separator: "+")
    }

    /// The form shown in help and the status bar: `Ctrl+S`, `Shift+Tab`, `F5`, `↑`, `q`.
    public var displayName: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        let name: String
        switch key {
        case .character(" "): name = "Space"
        case .character(let character):
            name = modifiers.contains(.control) ? character.uppercased() : String(character)
        case .up: name = "↑"
        case .down: name = "↓"
        case .left: name = "←"
        case .right: name = "→"
        case .pageUp: name = "PgUp"
        case .pageDown: name = "PgDn"
        case .function(let number): name = "F\(number)"
        default:
            let raw = Self.name(of: key)
            name = raw.prefix(1).uppercased() + raw.dropFirst()
        }
        parts.append(name)
        return parts.joined(separator: "+")
    }

    // MARK: - Internals

    private static let namedKeys: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "insert": .insert,
        "ins": .insert, "delete": .delete, "del": .delete, "backspace": .backspace, "bs": .backspace,
        "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab,
        "space": .character(" "), "plus": .character("+"),
    ]

    private static func key(named name: String) -> Key? {
        if name.count == 1, let character = name.first { return .character(character) }
        let lowered = name.lowercased()
        if let key = namedKeys[lowered] { return key }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...24).contains(number) {
            return .function(number)
        }
        return nil
    }

    private static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "space"
        case .character("+"): return "plus"
        case .character(let character): return String(character)
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .insert: return "insert"
        case .delete: return "delete"
        case .backspace: return "backspace"
        case .enter: return "enter"
        case .escape: return "esc"
        case .tab: return "tab"
        case .function(let number): return "f\(number)"
        }
    }
}
