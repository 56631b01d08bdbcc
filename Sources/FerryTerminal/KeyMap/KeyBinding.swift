/// One entry of a key map: a key, the action it triggers in a context, and the help line for it.
public struct KeyBinding: Hashable, Sendable {
    /// The key press.
    public var key: KeyEvent
    /// The action's name, such as `request.send`; the app turns it into its own action type.
    public var action: String
    /// One line for the help overlay and status bar hints.
    public var help: String
    /// Where the binding applies, such as `list` or `editor`; `KeyMap.global` applies everywhere.
    public var context: String

    /// Creates a binding.
    public init(_ key: KeyEvent, action: String, help: String, context: String = KeyMap.global) {
        self.key = key
        self.action = action
        self.help = help
        self.context = context
    }

    /// Creates a binding from a written key (`"ctrl+s"`); `nil` when the key cannot be read.
    public init?(_ notation: String, action: String, help: String, context: String = KeyMap.global) {
        guard let key = KeyEvent(notation: notation) else { return nil }
        self.init(key, action: action, help: help, context: context)
    }
}
