import FerryTerminal
import FerryWorkbench

/// What the user asked of the collection tree.
enum TreeAction: Sendable {
    /// Move the selection (→ expands, ← collapses or climbs to the parent).
    case cursorMoved(CursorMove)
    /// Enter: open the selected request in the editor, or toggle the folder or file.
    case rowActivated
    /// A left click on the tree's rows: the row is selected (a folder toggles when its ▸/▾ is hit); a request
    /// opens, and a second click on a selected folder or file toggles it.
    case clicked(MouseEvent)
    /// Start filtering the collection tree.
    case filterRequested
    /// Esc on a filtered tree: the filter goes, the selection stays.
    case filterCleared
    /// The filter typed so far is now this text.
    case filterTyped(String)
    /// A letter typed in the tree that no key is bound to: it does nothing but say how to filter.
    case unboundLetterTyped(Character)
    /// Add a request to the selected file (asks for its name).
    case newRequestRequested
    /// Make a folder in the selected folder (asks for its name).
    case newFolderRequested
    /// Make a `.http` file with one request in the selected folder, or the workspace (asks for its name).
    case newFileRequested
    /// Rename, duplicate, delete or move the selected request, file or folder.
    case itemCommand(TreeItemCommand)
    /// Import a curl command, Postman collection or OpenAPI document (asks for the file).
    case importRequested
    /// A request opened in the editor: the tree selects it.
    case requestOpened(RequestID)
    /// The session holds a new workspace: the tree shows its folders, files and requests, and the folders
    /// collapsed inside what moved (`nil`: nothing moved) stay collapsed at their new place.
    case workspaceAdopted(Relocation?)
    /// Select this file or folder.
    case itemRevealed(String)
}

/// A tree command that applies to the selected row, whether a request, a file or a folder.
enum TreeItemCommand: Sendable, Hashable {
    /// Rename it (asks for the name).
    case rename
    /// Copy it beside itself.
    case duplicate
    /// Move it to the trash (asks first).
    case delete
    /// Move it: a request to another file, a file or folder into a folder (asks where).
    case move
}
