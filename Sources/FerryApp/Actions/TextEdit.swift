/// An edit of the text being entered, wherever the keyboard is: ``InputRouter`` turns it into the action of the
/// text entry in charge.
enum TextEdit: Sendable, Hashable {
    /// Typed or pasted text, inserted.
    case insert(String)
    /// Backspace (`backwards`) or Delete: one character goes.
    case erase(backwards: Bool)

    /// `text` after the edit, for a query typed at its end.
    func applied(to text: String) -> String {
        switch self {
        case .insert(let typed): text + typed
        case .erase: String(text.dropLast())
        }
    }
}
