import FerrySystem
import Foundation

/// A folder of `.http` / `.rest` files: sub-folders are folders of the collection tree.
///
/// Hidden files are skipped, and the folders of tools (``isSkippedFolder(_:)``: `.ferry/`, `.git`, `.idea`…);
/// other dot-folders (`.http/`, a common home of a repository's requests) are part of it. Every file loads
/// even when parts of it are broken; the problems are in ``diagnostics``.
///
/// ```swift
/// var workspace = try Workspace.load(at: URL(fileURLWithPath: "Collections"))
/// let found = try workspace.request("basics/requests.http#search")
/// var edited = found.request
/// edited.setHeader("Accept", "text/plain")
/// try workspace.updateRequest(found.id, with: edited)   // atomic save, refuses if changed on disk
/// ```
public struct Workspace: Sendable {
    // MARK: - Stored

    /// The workspace folder.
    public let root: URL
    /// The request files, sorted by path.
    public internal(set) var files: [WorkspaceFile]
    /// Every folder below the root (relative paths, `/`-separated), sorted; empty ones included.
    public internal(set) var folders: [String]
    /// Files that could not be read at all.
    public internal(set) var loadErrors: [Diagnostic]
    /// The state folder (`.ferry/`) of this workspace: made once, since every send asks for it (and a URL
    /// appended to costs thousands of instructions).
    public let stateFolder: URL
    /// The workspace's history (`.ferry/history.jsonl`), made once like ``stateFolder``: a run writes a line per
    /// request.
    public let history: HistoryLog
    /// The workspace's cached sign-in tokens (`.ferry/auth-tokens.json`), made once: every send makes its
    /// ``AuthTokens`` with it.
    public let authTokenStore: AuthTokenStore
    /// Whether request files were listed but left unparsed (``load(at:parsing:)``): then ``files`` holds only
    /// some of them, and what needs every request of the workspace (``stableIdentities()``) reads the rest.
    public internal(set) var isPartial = false

    /// A workspace at `root` with the given contents.
    init(root: URL, files: [WorkspaceFile], folders: [String], loadErrors: [Diagnostic]) {
        self.root = root
        self.files = files
        self.folders = folders
        self.loadErrors = loadErrors
        stateFolder = root.appending(path: Self.stateFolderName, directoryHint: .isDirectory)
        history = HistoryLog(stateFolder: stateFolder)
        authTokenStore = AuthTokenStore(stateFolder: stateFolder)
    }

    /// The file extensions of request files.
    public static let requestExtensions: Set<String> = ["http", "rest"]
    /// The name of the state folder inside a workspace.
    public static let stateFolderName = ".ferry"

    // MARK: - Loading

    /// Loads every request file under `root`.
    public static func load(at root: URL) throws -> Workspace {
        try load(at: root) { _ in true }
    }

    /// Lists every request file under `root` and parses only those under `paths` (relative to `root`, `""` for
    /// all of it, as ``CollectionRun/paths``): a run of one file of a large workspace does not pay for the others.
    /// The workspace is ``isPartial`` when files were left out.
    public static func load(at root: URL, parsing paths: [String]) throws -> Workspace {
        let selected = CollectionRun.normalized(paths)
        return try load(at: root) { CollectionRun.covers($0, selected: selected) }
    }

    /// Lists the request files under `root` and parses those `parses` keeps.
    private static func load(at root: URL, parsing parses: (String) -> Bool) throws -> Workspace {
        let listed = try listing(at: root)
        var workspace = listed.workspace
        let paths = listed.paths
        let parsed = paths.filter(parses)
        workspace.isPartial = parsed.count < paths.count
        workspace.loadFiles(parsed.sorted())
        workspace.folders.sort()
        workspace.removeLeftoverWrites()
        return workspace
    }

    /// The workspace at `root` with its request files listed and none parsed, and their paths in listing order;
    /// throws when `root` is not a folder.
    static func listing(at root: URL) throws -> (workspace: Workspace, paths: [String]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw WorkspaceError.noSuchItem(root.path) }
        var workspace = Workspace(root: root.standardizedFileURL, files: [], folders: [], loadErrors: [])
        var paths: [String] = []
        workspace.scan(folder: "", into: &paths)
        return (workspace, paths)
    }

    /// How old an unfinished write's temporary file in the state folder must be to be removed: its writes
    /// (cookies, history, ids, cache entries, drafts) take moments, so one this old was left by a process
    /// killed mid-write (`kill -9`), not written by another one now.
    static let leftoverAge = Duration.seconds(600)

    /// Removes the temporary files of writes that never finished from the state folder and its cache and
    /// drafts (``AtomicFile/removeLeftovers(in:olderThan:)``): at the next start, what a killed process left.
    func removeLeftoverWrites() {
        for folder in [
            stateFolder, stateFolder.appendingPathComponent("cache"), stateFolder.appendingPathComponent("drafts"),
        ] {
            AtomicFile.removeLeftovers(in: folder.path, olderThan: Self.leftoverAge)
        }
    }

    /// Reads the workspace again from disk, dropping unsaved edits.
    public mutating func reload() throws {
        self = try Workspace.load(at: root)
    }

    /// The names of the folders of tools (version control, editors, builds, Ferry's own `.ferry/`): never part
    /// of a workspace.
    static let toolFolders: Set<String> = [
        stateFolderName, ".git", ".hg", ".svn", ".idea", ".vscode", ".fleet", ".build", ".venv", ".gradle", ".cache",
        ".next", ".nuxt", ".terraform", ".github",
    ]

    /// Whether a folder of this name is left out of a workspace: a tool's folder, or `.` and `..`. Other
    /// dot-folders, such as `.http/`, are read.
    public static func isSkippedFolder(_ name: some StringProtocol) -> Bool {
        name == "." || name == ".." || toolFolders.contains(String(name))
    }

    /// Collects the request files under `folder` (recursively) and records its sub-folders.
    mutating func scan(folder: String, into paths: inout [String]) {
        let folderURL = folder.isEmpty ? root : root.appendingPathComponent(folder)
        guard let entries = FolderListing.entries(of: folderURL.path) else {
            loadErrors.append(Diagnostic("cannot read the folder", at: SourceLocation(file: folder, line: 1)))
            return
        }
        var subfolders: [String] = []
        var names: [String] = []
        for entry in entries {
            let name = entry.name
            let path = folder.isEmpty ? name : folder + "/" + name
            switch entry.kind {
            case .linkToFolder:
                continue  // no symlink loops
            case .folder:
                if !Self.isSkippedFolder(name) { subfolders.append(path) }
            case .file:
                if !name.hasPrefix("."), let dot = name.lastIndex(of: "."),
                    Self.requestExtensions.contains(name[name.index(after: dot)...].lowercased())
                {
                    names.append(path)
                }
            }
        }
        paths += names
        folders += subfolders
        for path in subfolders { scan(folder: path, into: &paths) }
    }

    /// Reads and parses files on all cores (each file is independent), keeping `paths` order.
    mutating func loadFiles(_ paths: [String]) {
        let results = ResultSlots<Result<WorkspaceFile, WorkspaceError>>(count: paths.count)
        let root = self.root
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            do {
                let (bytes, fingerprint) = try FileIO.read(root.appendingPathComponent(path))
                let content = HTTPFileParser.parse(bytes, path: path)
                results.set(index, .success(WorkspaceFile(path: path, content: content, fingerprint: fingerprint)))
            } catch let error as WorkspaceError {
                results.set(index, .failure(error))
            } catch {
                results.set(index, .failure(.io(path: path, reason: "\(error)")))
            }
        }
        for (index, result) in results.values.enumerated() {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error):
                loadErrors.append(
                    Diagnostic("cannot read the file: \(error)", at: SourceLocation(file: paths[index], line: 1)))
            case nil: break
            }
        }
    }

    // MARK: - Finding

    /// The absolute URL of a workspace-relative path.
    public func url(of path: String) -> URL {
        path.isEmpty ? root : root.appendingPathComponent(path)
    }

    /// The folder holding the file at `path` (relative to the workspace), found without asking the file system
    /// (as `appendingPathComponent` does, to tell a folder from a file: a stat per call on a run's path).
    func folder(ofFile path: String) -> URL {
        // From the path's text: `deletingLastPathComponent` resolves the URL's symlinks (a `stat` per folder). The
        // slash is looked for on the bytes: by characters it cost 5 k instructions, twice for each request of a run.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return root }
        return root.appending(path: String(path[..<slash]), directoryHint: .isDirectory)
    }

    /// Every problem found while loading, in file order.
    public var diagnostics: [Diagnostic] {
        loadErrors + files.flatMap(\.content.diagnostics) + compositionDiagnostics
    }

    /// Every request, file by file in path order, each file's in position order.
    public var requests: [WorkspaceRequest] { files.flatMap(\.requests) }

    /// The index of the file at `path` in ``files``.
    public func fileIndex(_ path: String) -> Int? { files.firstIndex { $0.path == path } }

    /// The request with id `text`: `path#name`, `path#N`, a bare `path` holding one request, or
    /// a bare name that is unique in the workspace.
    public func request(_ text: String) throws -> WorkspaceRequest {
        let id = RequestID(parsing: text)
        if let index = fileIndex(id.path) {
            // The ids and names of the file's requests, and only the one request found made: a file can hold a
            // million.
            let file = files[index]
            let ids = file.requestIDs
            if id.selector.isEmpty {
                guard ids.count == 1, let only = file.request(at: 0, id: ids[0]) else {
                    throw WorkspaceError.noSuchRequest(text + " (name one: the file holds \(ids.count) requests)")
                }
                return only
            }
            let names = file.content.sections.compactMap { $0.request.map(\.name) }
            var position: Int?
            if id.selector.hasPrefix("#"), let number = Int(id.selector.dropFirst()), number >= 1, number <= ids.count {
                position = number - 1
            } else {
                position =
                    ids.firstIndex { $0.selector == id.selector } ?? names.firstIndex { $0 == id.selector }
            }
            if let position, let match = file.request(at: position, id: ids[position]) { return match }
            if let imported = request(named: id.selector, from: files[index]) { return imported }
            throw WorkspaceError.noSuchRequest(text)
        }
        if !text.contains("#") {
            let named = requests.filter { $0.request.name == text }
            if named.count == 1 { return named[0] }
        }
        throw WorkspaceError.noSuchRequest(text)
    }

    // MARK: - Saving

    /// Writes the file at `path` atomically, unless it changed on disk since it was loaded.
    public mutating func save(_ path: String) throws {
        guard let index = fileIndex(path) else { throw WorkspaceError.noSuchItem(path) }
        let target = url(of: path)
        if let fingerprint = files[index].fingerprint {
            guard let current = try? FileIO.read(target), current.fingerprint.hash == fingerprint.hash,
                current.fingerprint.size == fingerprint.size
            else { throw WorkspaceError.changedOnDisk(path) }
        } else if FileManager.default.fileExists(atPath: target.path) {
            throw WorkspaceError.changedOnDisk(path)
        }
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        files[index].fingerprint = try FileIO.writeAtomically(files[index].content.bytes(), to: target)
    }

    /// Whether the file at `path` differs on disk from what was loaded (or last saved).
    public func hasChangedOnDisk(_ path: String) -> Bool {
        guard let index = fileIndex(path) else { return false }
        guard let fingerprint = files[index].fingerprint else {
            return FileManager.default.fileExists(atPath: url(of: path).path)
        }
        guard let current = try? FileIO.read(url(of: path)) else { return true }
        return current.fingerprint.hash != fingerprint.hash || current.fingerprint.size != fingerprint.size
    }

    /// Replaces a request and saves its file (only its section is rewritten).
    public mutating func updateRequest(_ id: RequestID, with request: SavedRequest) throws {
        let found = try self.request(id.description)
        guard let index = fileIndex(found.path) else { throw WorkspaceError.noSuchItem(found.path) }
        var content = files[index].content
        try content.replaceRequest(at: found.position, with: request)
        files[index].content = content
        try save(found.path)
    }
}
