/// Key bindings as data: one table drives dispatch, the help overlay and the user's remapping file.
///
/// ```swift
/// var keyMap = KeyMap([
///     KeyBinding(KeyEvent(.character("q")), action: "quit", help: "Quit"),
///     KeyBinding(KeyEvent(.down), action: "list.next", help: "Next item", context: "list"),
/// ])
/// let problems = keyMap.apply(userFile: try String(contentsOf: url))
/// if let action = keyMap.action(for: keyEvent, in: ["list"]) { … }
/// ```
public struct KeyMap: Hashable, Sendable {
    /// The context that applies everywhere, consulted after the specific ones.
    public static let global = "global"

    /// Every binding, in the order given (help lists them in this order).
    public var bindings: [KeyBinding] { slots.compactMap { $0 } }

    /// The keys unbound in each context and not bound there again since (`down = none` in a user file),
    /// so a reader can tell a key the user took away from one that was never bound.
    public private(set) var unboundKeys: [String: Set<KeyEvent>] = [:]

    /// The bindings in the order given, with a hole where one was replaced or removed: a file of any length
    /// applies in linear time (a binding is found through ``positions``, never by a scan).
    private var slots: [KeyBinding?] = []
    /// Where each context's binding of each key is in ``slots``.
    private var positions: [Place: Int] = [:]

    /// A key in a context: what a binding is found by.
    private struct Place: Hashable {
        var context: String
        var key: KeyEvent
    }

    /// Creates a key map from bindings; a later binding of the same key in the same context wins.
    public init(_ bindings: [KeyBinding]) {
        bindings.forEach { bind($0) }
    }

    /// Two maps are equal when they bind the same keys in the same order and unbind the same keys.
    public static func == (lhs: KeyMap, rhs: KeyMap) -> Bool {
        lhs.bindings == rhs.bindings && lhs.unboundKeys == rhs.unboundKeys
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bindings)
        hasher.combine(unboundKeys)
    }

    // MARK: - Dispatch

    /// The action bound to `key` in the first of `contexts` that binds it, else in `global`.
    public func action(for key: KeyEvent, in contexts: [String] = []) -> String? {
        for context in contexts + [Self.global] {
            if let index = positions[Place(context: context, key: key)], let binding = slots[index] {
                return binding.action
            }
        }
        return nil
    }

    /// Whether `key` was unbound in `context` itself (and not bound there again): there it means nothing,
    /// even where a widget would otherwise read the key as typed.
    public func isUnbound(_ key: KeyEvent, in context: String) -> Bool {
        unboundKeys[context]?.contains(key) ?? false
    }

    /// The bindings of `action`, for hints such as "Send: Ctrl+S".
    public func bindings(for action: String) -> [KeyBinding] {
        bindings.filter { $0.action == action }
    }

    /// The bindings active in `contexts` (and `global`), for the help overlay: one per key, most specific first.
    public func activeBindings(in contexts: [String] = []) -> [KeyBinding] {
        var seen = Set<KeyEvent>()
        var result: [KeyBinding] = []
        for context in contexts + [Self.global] {
            for binding in bindings where binding.context == context && seen.insert(binding.key).inserted {
                result.append(binding)
            }
        }
        return result
    }

    // MARK: - Changing

    /// Adds `binding`, replacing any binding of the same key in the same context (and any unbinding of it).
    public mutating func bind(_ binding: KeyBinding) {
        let place = Place(context: binding.context, key: binding.key)
        if let index = positions[place] { slots[index] = nil }
        positions[place] = slots.count
        slots.append(binding)
        unboundKeys[binding.context]?.remove(binding.key)
        if unboundKeys[binding.context]?.isEmpty == true { unboundKeys[binding.context] = nil }
    }

    /// Removes whatever `key` does in `context` and remembers that it was taken away there
    /// (``isUnbound(_:in:)``); dispatch still falls back to `global` for it.
    public mutating func unbind(_ key: KeyEvent, context: String = KeyMap.global) {
        if let index = positions.removeValue(forKey: Place(context: context, key: key)) { slots[index] = nil }
        unboundKeys[context, default: []].insert(key)
    }
}
