import FerryTerminal

/// A picker row standing for a typed value: the picker shows and filters `text`, the reducer reads `value`
/// (never the words on the row).
struct PickerChoice<Value: Sendable & Equatable>: ListRow, Sendable, Equatable {
    /// What choosing the row means.
    var value: Value
    /// The row's words.
    var text: String

    /// A row showing `text` for `value`.
    init(_ value: Value, _ text: String) {
        self.value = value
        self.text = text
    }
}

extension PickerChoice where Value == String {
    /// A row whose value is its text (an environment's name, a method).
    init(_ text: String) {
        self.init(text, text)
    }
}

/// The Auth tab's choices.
enum AuthChoice: Sendable, Equatable, CaseIterable {
    /// No `Authorization` header.
    case none
    /// `Authorization: Basic` from a user and a password.
    case basic
    /// `Authorization: Bearer` with a token.
    case bearer

    /// The picker's row.
    var row: PickerChoice<AuthChoice> {
        switch self {
        case .none: PickerChoice(self, "None")
        case .basic: PickerChoice(self, "Basic")
        case .bearer: PickerChoice(self, "Bearer")
        }
    }
}
