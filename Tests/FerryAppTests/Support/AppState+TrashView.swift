@testable import FerryApp

extension AppState {
    /// Whether the trash view is the dialog on top, listing (no question asked), with row `selection` selected.
    func showsTrashList(selection: Int) -> Bool {
        guard case .trash(let view) = overlay else { return false }
        return view.question == nil && view.selection == selection
    }

    /// The trash view's rows as last listed (none while it is closed).
    var trashRows: [TrashRow] { trashView?.rows ?? [] }
}
