// MARK: - What a file or folder holds

extension Workspace {
    /// Whether `path` is `item` or lies inside it (`item` a workspace path of a file or folder).
    public static func path(_ path: String, isInside item: String) -> Bool {
        path == item || path.hasPrefix(item + "/")
    }

    /// `path` after the file or folder `item` became `newItem`, or `nil` when `path` is not inside `item`.
    public static func path(_ path: String, relocatedFrom item: String, to newItem: String) -> String? {
        guard Self.path(path, isInside: item) else { return nil }
        return newItem + path.dropFirst(item.count)
    }

    /// Every request in the file at `path`, or in every file below the folder at `path`, in tree order.
    public func requests(under path: String) -> [WorkspaceRequest] {
        files.filter { Self.path($0.path, isInside: path) }.flatMap(\.requests)
    }

    /// Whether a folder exists at `path` (loaded or created since).
    public func isFolder(_ path: String) -> Bool {
        folders.contains(path)
    }
}
