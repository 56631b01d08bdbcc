/// The state of a `PromptDialog`: a title, a label and a one-line field.
///
/// Enter confirms (read `text`), Esc cancels; everything else edits the field (see `TextEditorState`).
///
/// ```swift
/// var rename = PromptDialogState(title: "Rename", label: "New name:", text: request.name)
/// if rename.handle(event, area: screen) == .confirmed { apply(rename.text) }
/// ```
public struct PromptDialogState: Hashable, Sendable {
    /// The title on the box.
    public var title: String
    /// The line above the field.
    public var label: String
    /// Shown in the field while it is empty.
    public var placeholder: String
    /// The field.
    public internal(set) var field: TextEditorState

    /// Creates a prompt with `text` in the field, cursor at its end.
    public init(title: String, label: String = "", text: String = "", placeholder: String = "") {
        self.title = title
        self.label = label
        self.placeholder = placeholder
        self.field = TextEditorState(text: text)
    }

    /// The text in the field.
    public var text: String { field.text }

    // MARK: - Layout

    /// The widest box a prompt takes.
    public static let maximumWidth = 60

    /// The dialog's box when drawn over `screen`.
    public func frame(in screen: Rect) -> Rect {
        DialogFrame.area(width: Self.maximumWidth, height: label.isEmpty ? 3 : 4, in: screen)
    }

    /// The field's row when drawn over `screen`.
    public func fieldArea(in screen: Rect) -> Rect {
        let inner = frame(in: screen).inset(by: 1).inset(horizontal: 1, vertical: 0)
        return inner.rows(inner.bottom - 1, count: 1)
    }

    // MARK: - Events

    /// Applies `event` to the dialog drawn over `screen`.
    public mutating func handle(_ event: InputEvent, area screen: Rect) -> DialogResponse {
        if case .key(let key) = event, key.modifiers.isEmpty {
            if key.key == .enter { return .confirmed }
            if key.key == .escape && field.selection == nil { return .cancelled }
        }
        return field.handle(event, area: fieldArea(in: screen)) ? .handled : .ignored
    }
}
