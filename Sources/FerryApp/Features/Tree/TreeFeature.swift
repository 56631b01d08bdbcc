import FerryTerminal
import FerryWorkbench

/// The collection tree as a feature: its state is the tree widget's (folders, files and requests, expansion,
/// selection, scroll and filter), its actions are ``TreeAction``, and it reads the rest of the app through a
/// ``Context``. It changes only its own state; dialogs, messages and opening a request are asked of the root
/// (``RootRequest``), and file changes are effects.
enum TreeFeature {
    /// The tree widget's state over the workspace's folders, files and requests.
    typealias State = TreeState<CollectionNode, CollectionRow>

    /// Applies a tree action.
    static func reduce(_ action: TreeAction, _ tree: inout State, _ context: Context) -> FeatureOutput {
        switch action {
        case .requestOpened(let id):
            context.syncViewport(&tree)
            tree.select(id: .request(id))
            return .none
        case .workspaceAdopted(let relocation):
            let collapsed = relocation.map { collapsedBranches(of: tree, after: $0) } ?? []
            rebuild(&tree, from: context.workspace)
            tree.setExpanded(false, ids: collapsed)
            context.syncViewport(&tree)
            return .none
        case .itemRevealed(let item):
            tree.select(id: context.workspace.isFolder(item) ? .folder(item) : .file(item))
            return .none
        case .cursorMoved(let move):
            // The widget moves, pages, expands (→) and collapses or climbs to the parent (←).
            context.syncViewport(&tree)
            _ = tree.handle(KeyEvent(move.treeKey))
            return .none
        case .clicked(let mouse):
            let rows = tree.rowsArea(in: context.listArea)
            let index = tree.visibleOffset(height: rows.height) + mouse.position.y - rows.y
            guard rows.contains(mouse.position), tree.rows.indices.contains(index) else { return .none }
            let wasSelected = tree.selectedID
            let expanded = tree.expanded
            context.syncViewport(&tree)
            _ = tree.handle(.mouse(mouse), area: context.listArea)
            guard let node = tree.selectedID else { return .none }
            guard node.requestID != nil || (node == wasSelected && tree.expanded == expanded) else { return .none }
            return reduce(.rowActivated, &tree, context)
        case .rowActivated:
            guard let node = tree.selectedID, let row = tree.selectedRow else { return .none }
            if let id = node.requestID { return FeatureOutput(requests: [.open(id)]) }
            tree.toggle(row: row)
            return .none
        case .filterCleared:
            let selected = tree.selectedID
            tree.setFilter("")
            if let selected { tree.select(id: selected) }
            return .none
        case .filterRequested:
            // Each `/` starts a new filter: the old one goes, so what is typed is all that is matched.
            let selected = tree.selectedID
            tree.setFilter("")
            if let selected { tree.select(id: selected) }
            return .present(.treeFilter(""))
        case .filterTyped(let filter):
            tree.setFilter(filter)
            return .present(.treeFilter(filter))
        case .unboundLetterTyped(let character):
            let filter = AppKeyMap.hint(for: .filterTree, in: context.keyMap) ?? "/"
            let help = AppKeyMap.hint(for: .help, in: context.keyMap) ?? "F1"
            return .report(
                .info(
                    "\(SafeText.sanitized(String(character))) is no command in the tree: \(filter) filters, "
                        + "\(help) lists the keys."))
        case .importRequested:
            guard context.isFocused else { return .none }
            return askImport(into: selectedFolder(of: tree))
        case .newRequestRequested:
            guard context.isFocused else { return .none }
            // An empty workspace has no file to add to: the first request gets a file of its own.
            guard let row = tree.selectedID else { return askNewFile(inFolder: "") }
            return askNewRequest(in: row)
        case .newFolderRequested:
            guard context.isFocused else { return .none }
            return askNewFolder(in: tree.selectedID ?? .folder(""))
        case .newFileRequested:
            return askNewFile(inFolder: selectedFolder(of: tree))
        case .itemCommand(let command):
            guard context.isFocused, let row = tree.selectedID else { return .none }
            switch row {
            case .request(let id): return change(id, command, context)
            case .folder(let path): return change(path, kind: "folder", command, context)
            case .file(let path): return change(path, kind: "file", command, context)
            }
        }
    }

    /// The folder of the selected row: the folder itself, or the one holding the file or request (`""`: the
    /// workspace, also with nothing selected).
    static func selectedFolder(of tree: State) -> String {
        switch tree.selectedID {
        case .folder(let path): path
        case .file(let path): parentFolder(of: path)
        case .request(let id): parentFolder(of: id.path)
        case nil: ""
        }
    }

    /// The folder holding `path` (`""`: the workspace).
    static func parentFolder(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// Gives the tree `workspace`'s current folders, files and requests; the widget keeps the expansion and the
    /// selection by node, and folders or files not seen before start expanded.
    static func rebuild(_ tree: inout State, from workspace: Workspace) {
        let known = Set(CollectionTree.branches(of: tree.roots))
        tree.roots = CollectionTree.roots(of: workspace)
        let fresh = CollectionTree.branches(of: tree.roots).filter { !known.contains($0) }
        if !fresh.isEmpty { tree.setExpanded(true, ids: fresh) }
    }

    /// The folders and files collapsed inside what `relocation` moved, at their new places.
    static func collapsedBranches(of tree: State, after relocation: Relocation) -> [CollectionNode] {
        CollectionTree.branches(of: tree.roots).compactMap { node -> CollectionNode? in
            guard !tree.expanded.contains(node), let item = node.itemPath,
                let moved = Workspace.path(item, relocatedFrom: relocation.from, to: relocation.to)
            else { return nil }
            if case .folder = node { return .folder(moved) }
            return .file(moved)
        }
    }
}
