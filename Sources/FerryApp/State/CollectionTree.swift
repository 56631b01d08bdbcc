import FerryTerminal
import FerryWorkbench

/// A node of the collection tree: a folder, a request file, or a request; the tree widget's node identifier.
enum CollectionNode: Sendable, Hashable {
    /// A folder (workspace-relative path).
    case folder(String)
    /// A request file (workspace-relative path).
    case file(String)
    /// A request.
    case request(RequestID)

    /// The request id of a request node.
    var requestID: RequestID? {
        if case .request(let id) = self { return id }
        return nil
    }

    /// The workspace path of a folder or file node.
    var itemPath: String? {
        switch self {
        case .folder(let path), .file(let path): path
        case .request: nil
        }
    }
}

/// What a collection-tree row shows: its name (what the filter matches and highlights) and, for a request,
/// its method and URL (the filter matches the URL too). The method badge and the unsaved / in-flight
/// markers are drawn by `CollectionTreeView` through the tree view's badge and marker columns.
struct CollectionRow: ListRow, Sendable, Hashable {
    /// The name shown: `folder/`, `file.http`, or the request's name.
    var title: String
    /// The request's method.
    var method: String?
    /// The request's URL, matched by the filter without being shown.
    var url: String
    /// The node's id in words (`api/users.http`, `api/users.http#me`), matched by the filter too.
    var idText = ""
    /// The row's colour, as a role of the theme: the view asks the theme shown now for it, so a theme switch
    /// repaints the tree (a style kept here would stay in the old theme's colours).
    var role: ThemeRole

    /// The name shown.
    var text: String { title }

    /// The id and the URL, so typing part of either (`#me`, `users.http`, `/search`) finds the row.
    var filterKeywords: String { url.isEmpty ? idText : idText + " " + url }
}

/// Builds the collection tree's nodes from the workspace (pure): folders and files in path order,
/// requests in file order.
enum CollectionTree {
    /// A node of the tree widget.
    typealias Item = TreeItem<CollectionNode, CollectionRow>

    /// The root nodes of `workspace`.
    static func roots(of workspace: Workspace) -> [Item] {
        var folders: [String: [String]] = [:]
        for folder in workspace.folders { folders[parent(of: folder), default: []].append(folder) }
        var files: [String: [WorkspaceFile]] = [:]
        for file in workspace.files { files[parent(of: file.path), default: []].append(file) }
        func children(of folder: String) -> [Item] {
            let subfolders = (folders[folder] ?? []).map { path in
                Item(
                    id: .folder(path),
                    row: CollectionRow(
                        title: lastComponent(path) + "/", url: "", idText: path + "/", role: .accent),
                    children: children(of: path))
            }
            let requestFiles = (files[folder] ?? []).map { file in
                Item(
                    id: .file(file.path),
                    row: CollectionRow(
                        title: lastComponent(file.path), url: "", idText: file.path, role: .text),
                    children: file.requests.map { request in
                        Item(
                            id: .request(request.id),
                            row: CollectionRow(
                                title: title(of: request), method: request.request.method,
                                url: request.request.fullURL, idText: request.id.description, role: .text))
                    })
            }
            return subfolders + requestFiles
        }
        return children(of: "")
    }

    /// Every folder and file node (the ones that expand) under `items`.
    static func branches(of items: [Item]) -> [CollectionNode] {
        var result: [CollectionNode] = []
        var stack = items
        while let item = stack.popLast() {
            guard !item.children.isEmpty || item.id.itemPath != nil else { continue }
            if item.id.itemPath != nil { result.append(item.id) }
            stack.append(contentsOf: item.children)
        }
        return result
    }

    /// The name shown for a request: its `@name`, its `###` title, or its URL.
    static func title(of request: WorkspaceRequest) -> String {
        request.request.name ?? request.request.title ?? request.request.fullURL
    }

    private static func parent(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
