/// The state of a `ConfirmDialog`: the question and which button is selected.
///
/// Keys: Left/Right, Tab, `h`/`l` switch buttons; Enter picks the selected one; `y` confirms; `n` and Esc
/// cancel. A click on a button picks it.
///
/// ```swift
/// var confirm = ConfirmDialogState(title: "Delete request", message: "Delete “Get users”? It goes to the trash.")
/// switch confirm.handle(event, area: screen) {
/// case .confirmed: delete()
/// case .cancelled: close()
/// default: break
/// }
/// ```
public struct ConfirmDialogState: Hashable, Sendable {
    /// The title on the box.
    public var title: String
    /// The question.
    public var message: String
    /// The confirm button's label.
    public var confirmLabel: String
    /// The cancel button's label.
    public var cancelLabel: String
    /// Whether the confirm button is selected (else cancel).
    public internal(set) var isConfirmSelected: Bool

    /// Creates a confirmation with the cancel button selected unless `confirmSelected`.
    public init(
        title: String, message: String, confirmLabel: String = "Yes", cancelLabel: String = "No",
        confirmSelected: Bool = false
    ) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.cancelLabel = cancelLabel
        self.isConfirmSelected = confirmSelected
    }

    // MARK: - Layout

    /// The widest box a confirmation takes.
    public static let maximumWidth = 60

    /// The dialog's box when drawn over `screen`.
    public func frame(in screen: Rect) -> Rect {
        let buttonsWidth = Self.buttonWidth(confirmLabel) + 2 + Self.buttonWidth(cancelLabel)
        let contentWidth = max(
            buttonsWidth, CharacterWidth.columns(of: title) + 2, min(Self.maximumWidth - 4, Line(message).width))
        let width = min(Self.maximumWidth, contentWidth + 4)
        let lines = Paragraph.wrapped(Line(message), width: max(1, min(width, screen.width - 2) - 4)).count
        return DialogFrame.area(width: width, height: lines + 4, in: screen)
    }

    /// The confirm and cancel buttons when drawn over `screen`.
    public func buttons(in screen: Rect) -> (confirm: Rect, cancel: Rect) {
        let box = frame(in: screen)
        let y = box.bottom - 2
        let confirmWidth = Self.buttonWidth(confirmLabel)
        let cancelWidth = Self.buttonWidth(cancelLabel)
        let start = box.x + max(1, (box.width - confirmWidth - 2 - cancelWidth) / 2)
        return (
            Rect(x: start, y: y, width: confirmWidth, height: 1),
            Rect(x: start + confirmWidth + 2, y: y, width: cancelWidth, height: 1)
        )
    }

    /// `[ label ]` is the label plus four columns.
    static func buttonWidth(_ label: String) -> Int { CharacterWidth.columns(of: label) + 4 }

    // MARK: - Events

    /// Applies `event` to the dialog drawn over `screen`.
    public mutating func handle(_ event: InputEvent, area screen: Rect) -> DialogResponse {
        switch event {
        case .key(let key):
            return handle(key)
        case .mouse(let mouse):
            guard case .press(.left) = mouse.kind else { return .ignored }
            let buttons = buttons(in: screen)
            if buttons.confirm.contains(mouse.position) { return .confirmed }
            if buttons.cancel.contains(mouse.position) { return .cancelled }
            return .ignored
        case .paste, .resize:
            return .ignored
        }
    }

    /// Applies a key press.
    public mutating func handle(_ key: KeyEvent) -> DialogResponse {
        let plain = key.modifiers.subtracting(.shift).isEmpty
        switch key.key {
        case .left, .right, .tab:
            isConfirmSelected.toggle()
            return .handled
        case .character("h") where plain, .character("l") where plain:
            isConfirmSelected.toggle()
            return .handled
        case .enter:
            return isConfirmSelected ? .confirmed : .cancelled
        case .character("y") where plain, .character("Y") where plain:
            return .confirmed
        case .escape:
            return .cancelled
        case .character("n") where plain, .character("N") where plain:
            return .cancelled
        default:
            return .ignored
        }
    }
}
