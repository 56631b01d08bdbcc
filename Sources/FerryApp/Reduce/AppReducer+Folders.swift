import FerryTerminal
import FerryWorkbench

// MARK: - Files and folders in the tree: rename, move, duplicate, delete

extension AppReducer {
    /// The rename of the file or folder at `path` to the name typed (`nil`: the name it has). A request file
    /// keeps a request extension, or it would drop out of the workspace.
    static func renaming(_ path: String, to text: String, in workspace: Workspace) -> FileWork? {
        var name = text
        if !workspace.isFolder(path), !Workspace.requestExtensions.contains(extensionOf(name)) {
            name += "." + (extensionOf(path).isEmpty ? "http" : extensionOf(path))
        }
        guard name != lastComponent(of: path) else { return nil }
        return .change(.renameItem(path, to: name))
    }

    /// A folder was typed to move the file or folder at `path` into.
    static func moveItem(_ path: String, into text: String) -> FileWork? {
        let folder = text.split(separator: "/").joined(separator: "/")
        guard folder != TreeFeature.parentFolder(of: path) else { return nil }
        return .change(.moveItem(path, intoFolder: folder))
    }

    /// What the confirmation asks before a file or folder goes to the trash.
    static func deleteQuestion(path: String, requests: Int, unsaved: Int, isFolder: Bool) -> String {
        let holding = requests == 1 ? "the 1 request" : "the \(requests) requests"
        var text = "Move the \(isFolder ? "folder" : "file") \(path) and \(holding) in it to the trash (.ferry/trash)?"
        if unsaved > 0 {
            text +=
                " \(unsaved) of them \(unsaved == 1 ? "has" : "have") unsaved edits, which go to the trash with it"
                + " (F9 restores both)."
        }
        return text + " y deletes, n keeps it."
    }

    private static func extensionOf(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
