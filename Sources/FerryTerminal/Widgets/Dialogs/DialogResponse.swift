/// What a modal dialog made of an event.
public enum DialogResponse: Hashable, Sendable {
    /// The dialog did not use the event (the app may still swallow it while the dialog is open).
    case ignored
    /// The dialog used the event and stays open.
    case handled
    /// The user accepted (Enter, `y`, a click on the confirm button); read the result from the state.
    case confirmed
    /// The user backed out (Esc, `n`, a click on the cancel button).
    case cancelled
}
