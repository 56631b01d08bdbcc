import Foundation

// MARK: - Requests: create, rename, duplicate, move, delete

extension Workspace {
    /// Adds a request at the end of the file at `path` (created when missing) and saves it.
    @discardableResult
    public mutating func createRequest(_ request: SavedRequest, inFile path: String) throws -> WorkspaceRequest {
        try Self.validate(path: path)
        let index = fileIndex(path) ?? addFile(path)
        files[index].content.insertRequest(request)
        try save(path)
        guard let created = files[index].requests.last else { throw WorkspaceError.noSuchItem(path) }
        return created
    }

    /// Gives a request a new `# @name` and saves its file; returns its new id.
    @discardableResult
    public mutating func renameRequest(_ id: RequestID, to name: String) throws -> RequestID {
        guard !name.isEmpty, !name.contains("#"), !name.contains("\n") else { throw WorkspaceError.invalidName(name) }
        let found = try request(id.description)
        var renamed = found.request
        renamed.name = name
        if renamed.title != nil { renamed.title = name }
        let identity = identitiesBeforeChange()?[found.id]
        try updateRequest(found.id, with: renamed)
        let newID = requestID(inFile: found.path, at: found.position)
        followIdentity(identity, to: newID)
        return newID
    }

    /// Inserts a copy of a request right after it, named `NAME copy`; returns the copy's id.
    @discardableResult
    public mutating func duplicateRequest(_ id: RequestID) throws -> RequestID {
        let found = try request(id.description)
        guard let index = fileIndex(found.path) else { throw WorkspaceError.noSuchItem(found.path) }
        var copy = found.request
        let baseName = found.request.name ?? "request \(found.position + 1)"
        copy.name = uniqueName(baseName + " copy", inFile: index)
        if copy.title != nil { copy.title = copy.name }
        files[index].content.insertRequest(copy, at: found.position + 1)
        try save(found.path)
        return requestID(inFile: found.path, at: found.position + 1)
    }

    /// Moves a request to the end of another file (created when missing); returns its new id.
    @discardableResult
    public mutating func moveRequest(_ id: RequestID, toFile path: String) throws -> RequestID {
        try Self.validate(path: path)
        let found = try request(id.description)
        guard path != found.path else { return found.id }
        let target = fileIndex(path) ?? addFile(path)
        if hasChangedOnDisk(path) { throw WorkspaceError.changedOnDisk(path) }
        guard let source = fileIndex(found.path) else { throw WorkspaceError.noSuchItem(found.path) }
        let identity = identitiesBeforeChange()?[found.id]
        try files[source].content.removeRequest(at: found.position)
        try save(found.path)
        files[target].content.insertRequest(found.request)
        try save(path)
        let newID = requestID(inFile: path, at: files[target].content.requests.count - 1)
        followIdentity(identity, to: newID)
        return newID
    }

    /// Removes a request from its file into the trash; returns the trash entry to restore it.
    @discardableResult
    public mutating func deleteRequest(_ id: RequestID) throws -> TrashEntry {
        let found = try request(id.description)
        guard let index = fileIndex(found.path) else { throw WorkspaceError.noSuchItem(found.path) }
        var entry = try makeTrashEntry(kind: .request, originalPath: found.path)
        entry.position = found.position
        let folder = trashFolder.appendingPathComponent(entry.id)
        try FileIO.writeAtomically(
            Array(found.request.rendered(separator: true).utf8), to: folder.appendingPathComponent("request.http"))
        try writeManifest(entry)
        try files[index].content.removeRequest(at: found.position)
        try save(found.path)
        return entry
    }

    /// The current id of the request at `position` in the file at `path`.
    func requestID(inFile path: String, at position: Int) -> RequestID {
        guard let index = fileIndex(path), position < files[index].requests.count else {
            return RequestID(path: path, selector: "#\(position + 1)")
        }
        return files[index].requests[position].id
    }

    func uniqueName(_ base: String, inFile index: Int) -> String {
        let names = Set(files[index].content.requests.compactMap(\.name))
        var candidate = base
        var counter = 2
        while names.contains(candidate) {
            candidate = "\(base) \(counter)"
            counter += 1
        }
        return candidate
    }

    mutating func addFile(_ path: String) -> Int {
        files.append(WorkspaceFile(path: path, content: HTTPFile(path: path), fingerprint: nil))
        files.sort { $0.path < $1.path }
        return fileIndex(path) ?? files.count - 1
    }

    static func validate(path: String) throws {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"),
            parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") })
        else { throw WorkspaceError.invalidName(path) }
    }
}

// MARK: - Files and folders: create, rename, duplicate, move, delete

extension Workspace {
    /// Creates a folder (and its parents) at a workspace path.
    public mutating func createFolder(_ path: String) throws {
        try Self.validate(path: path)
        guard !FileManager.default.fileExists(atPath: url(of: path).path) else {
            throw WorkspaceError.alreadyExists(path)
        }
        try wrap(path) { try FileManager.default.createDirectory(at: url(of: path), withIntermediateDirectories: true) }
        try reload()
    }

    /// Renames a file or folder in place; returns its new path.
    @discardableResult
    public mutating func renameItem(_ path: String, to name: String) throws -> String {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { throw WorkspaceError.invalidName(name) }
        let parent = (path as NSString).deletingLastPathComponent
        let newPath = parent.isEmpty ? name : parent + "/" + name
        try relocate(path, to: newPath, copying: false)
        return newPath
    }

    /// Moves a file or folder into another folder (`""` for the root); returns its new path.
    @discardableResult
    public mutating func moveItem(_ path: String, intoFolder folder: String) throws -> String {
        let name = (path as NSString).lastPathComponent
        let newPath = folder.isEmpty ? name : folder + "/" + name
        guard newPath != path else { return path }
        guard !(newPath + "/").hasPrefix(path + "/") else { throw WorkspaceError.invalidName(folder) }
        try relocate(path, to: newPath, copying: false)
        return newPath
    }

    /// Copies a file or folder beside itself as `NAME copy` (before the extension); returns the copy's path.
    @discardableResult
    public mutating func duplicateItem(_ path: String) throws -> String {
        let ns = path as NSString
        let stem = (ns.lastPathComponent as NSString).deletingPathExtension
        let ext = ns.pathExtension
        var counter = 1
        var newPath: String
        repeat {
            let suffix = counter == 1 ? " copy" : " copy \(counter)"
            let name = ext.isEmpty ? stem + suffix : stem + suffix + "." + ext
            newPath = ns.deletingLastPathComponent.isEmpty ? name : ns.deletingLastPathComponent + "/" + name
            counter += 1
        } while FileManager.default.fileExists(atPath: url(of: newPath).path)
        try relocate(path, to: newPath, copying: true)
        return newPath
    }

    /// Moves a file or folder into the trash; returns the trash entry to restore it.
    @discardableResult
    public mutating func deleteItem(_ path: String) throws -> TrashEntry {
        try Self.validate(path: path)
        guard FileManager.default.fileExists(atPath: url(of: path).path) else { throw WorkspaceError.noSuchItem(path) }
        if fileIndex(path) != nil, hasChangedOnDisk(path) { throw WorkspaceError.changedOnDisk(path) }
        let entry = try makeTrashEntry(kind: .item, originalPath: path)
        let payload = trashFolder.appendingPathComponent(entry.id).appendingPathComponent("payload")
        try wrap(path) {
            try FileManager.default.createDirectory(at: payload, withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                at: url(of: path), to: payload.appendingPathComponent((path as NSString).lastPathComponent))
        }
        try writeManifest(entry)
        try reload()
        return entry
    }

    mutating func relocate(_ path: String, to newPath: String, copying: Bool) throws {
        try Self.validate(path: path)
        try Self.validate(path: newPath)
        let from = url(of: path)
        let to = url(of: newPath)
        guard FileManager.default.fileExists(atPath: from.path) else { throw WorkspaceError.noSuchItem(path) }
        guard !FileManager.default.fileExists(atPath: to.path) else { throw WorkspaceError.alreadyExists(newPath) }
        if fileIndex(path) != nil, hasChangedOnDisk(path) { throw WorkspaceError.changedOnDisk(path) }
        try wrap(newPath) {
            try FileManager.default.createDirectory(
                at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            if copying {
                try FileManager.default.copyItem(at: from, to: to)
            }
        }
        if !copying {
            // Records for every request first, so history lines that name them by path can follow them.
            _ = identitiesBeforeChange()
            do {
                try FileIO.moveWithoutReplacing(from, to: to)
            } catch .targetExists {
                throw WorkspaceError.alreadyExists(newPath)
            } catch .failed(let reason) {
                throw WorkspaceError.io(path: path, reason: "cannot move it to \(newPath): \(reason)")
            }
            // History follows the requests exactly (ids.json is keyed by path); a failure here only
            // means the next `assign` matches them by content instead.
            try? RequestIdentities(stateFolder: stateFolder).relocate(path, to: newPath)
        }
        try reload()
    }

    func wrap(_ path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as WorkspaceError {
            throw error
        } catch {
            throw WorkspaceError.io(path: path, reason: error.localizedDescription)
        }
    }
}
