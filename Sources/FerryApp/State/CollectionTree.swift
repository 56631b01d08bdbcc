import FerryWorkbench

/// One row of the collection tree: a folder, a file, or a request.
struct TreeRow: Sendable, Hashable {
    /// What the row shows.
    enum Kind: Sendable, Hashable {
        /// A folder (workspace-relative path).
        case folder(String)
        /// A request file (workspace-relative path).
        case file(String)
        /// A request.
        case request(RequestID)
    }

    /// What the row shows.
    var kind: Kind
    /// The nesting depth: 0 for top-level entries.
    var depth: Int
    /// The text shown.
    var title: String
    /// The method, for request rows.
    var method: String?
    /// Whether the folder or file is expanded.
    var isExpanded: Bool

    /// The key used to remember expansion: the path of a folder or file.
    var expansionKey: String? {
        switch kind {
        case .folder(let path), .file(let path): path
        case .request: nil
        }
    }

    /// The request id of a request row.
    var requestID: RequestID? {
        if case .request(let id) = kind { return id }
        return nil
    }
}

/// Builds the visible rows of the collection tree from the workspace (pure).
enum CollectionTree {
    /// The visible rows: folders and files in path order, requests in file order; children of
    /// collapsed entries are left out.
    static func rows(of workspace: Workspace, collapsed: Set<String>, filter: String = "") -> [TreeRow] {
        let needle = filter.lowercased()
        var rows: [TreeRow] = []
        func children(of folder: String) -> (folders: [String], files: [WorkspaceFile]) {
            let prefix = folder.isEmpty ? "" : folder + "/"
            let folders = workspace.folders.filter {
                $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") && $0 != folder
            }
            let files = workspace.files.filter {
                $0.path.hasPrefix(prefix) && !$0.path.dropFirst(prefix.count).contains("/")
            }
            return (folders, files)
        }
        func matches(_ request: WorkspaceRequest) -> Bool {
            needle.isEmpty || title(of: request).lowercased().contains(needle)
                || request.request.fullURL.lowercased().contains(needle)
        }
        func hasMatch(folder: String) -> Bool {
            if needle.isEmpty { return true }
            let prefix = folder + "/"
            return workspace.requests.contains { $0.path.hasPrefix(prefix) && matches($0) }
        }
        func visit(_ folder: String, depth: Int) {
            let (folders, files) = children(of: folder)
            for sub in folders where hasMatch(folder: sub) {
                let expanded = !collapsed.contains(sub) || !needle.isEmpty
                rows.append(
                    TreeRow(
                        kind: .folder(sub), depth: depth, title: lastComponent(sub), method: nil,
                        isExpanded: expanded))
                if expanded { visit(sub, depth: depth + 1) }
            }
            for file in files {
                let requests = file.requests.filter(matches)
                if !needle.isEmpty && requests.isEmpty { continue }
                let expanded = !collapsed.contains(file.path) || !needle.isEmpty
                rows.append(
                    TreeRow(
                        kind: .file(file.path), depth: depth, title: lastComponent(file.path), method: nil,
                        isExpanded: expanded))
                guard expanded else { continue }
                for request in requests {
                    rows.append(
                        TreeRow(
                            kind: .request(request.id), depth: depth + 1, title: title(of: request),
                            method: request.request.method, isExpanded: false))
                }
            }
        }
        visit("", depth: 0)
        return rows
    }

    /// The name shown for a request: its `@name`, its `###` title, or its URL.
    static func title(of request: WorkspaceRequest) -> String {
        request.request.name ?? request.request.title ?? request.request.fullURL
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
