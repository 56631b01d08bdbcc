import Foundation

/// Finds where the request of a history entry lives now, after moves and renames.
///
/// An entry names its request twice: by stable id (`requestID`, the record in `.ferry/ids.json` that
/// follows the request through renames and moves) and by the path it had when it was sent. Older lines
/// written by the workbench hold the path in `requestID` instead. The locator tries, in order:
/// 1. the stable id, as `ids.json` knows it now;
/// 2. the recorded path, when a request still has it;
/// 3. the record that once had that path (`ids.json` remembers where each request was);
/// 4. only for older lines (no stable id was recorded): a request in a file of the same name with the same
///    request name, when exactly one exists (a folder moved or renamed before any id was recorded). This
///    one is a guess, and ``Location/isGuess`` says so.
///
/// ```swift
/// let locator = try HistoryLocator(workspace: workspace)
/// if let id = locator.request(for: entry) { open(id) }
/// ```
public struct HistoryLocator: Sendable {
    /// Where an entry's request was found.
    public struct Location: Sendable, Hashable {
        /// The request's id now.
        public var id: RequestID
        /// Whether it was found only by its file's and its own name (step 4), not by id or path.
        public var isGuess: Bool
    }

    /// Current request by stable id.
    private let byStableID: [String: RequestID]
    /// Stable id by a former `path#name`.
    private let formerOwners: [String: String]
    /// Every request's current id, by its text.
    private let live: [String: RequestID]

    /// A locator for `workspace` as it is now: every request gets its stable id recorded in
    /// `.ferry/ids.json` (so this writes that file when something is new).
    public init(workspace: Workspace) throws {
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let ids = try identities.assign(workspace.requests)
        var byStableID: [String: RequestID] = [:]
        for (request, id) in ids { byStableID[id] = request }
        let records = identities.load().requests
        var formerOwners: [String: String] = [:]
        for record in records {
            for key in record.formerPaths ?? [] { formerOwners[key] = record.id }
        }
        // A path one record left and another holds now belongs to the one holding it.
        for record in records {
            if let key = record.key { formerOwners[key] = nil }
        }
        self.byStableID = byStableID
        self.formerOwners = formerOwners
        live = Dictionary(
            workspace.requests.map { ($0.id.description, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    /// The request `entry` was sent from, where it is now; `nil` when it is no longer in the workspace.
    public func request(for entry: HistoryEntry) -> RequestID? {
        locate(entry)?.id
    }

    /// Where the request `entry` was sent from is now, and how sure that is; `nil` when it is gone.
    public func locate(_ entry: HistoryEntry) -> Location? {
        if let id = byStableID[entry.requestID] { return Location(id: id, isGuess: false) }
        let recorded = entry.recordedRequestPath
        if let id = live[recorded] { return Location(id: id, isGuess: false) }
        if let owner = formerOwners[recorded], let id = byStableID[owner] { return Location(id: id, isGuess: false) }
        // A line with a stable id whose request no record knows any more was deleted (or rewritten): no guess.
        guard entry.requestID.contains("#") else { return nil }
        return uniqueNamesake(of: RequestID(parsing: recorded)).map { Location(id: $0, isGuess: true) }
    }

    /// The one request in a file named like `recorded`'s with the same request name, if exactly one exists.
    private func uniqueNamesake(of recorded: RequestID) -> RequestID? {
        // `#N` ids name a position, which says nothing once the request has moved.
        guard !recorded.selector.isEmpty, !recorded.selector.hasPrefix("#") else { return nil }
        let fileName = Self.lastComponent(recorded.path)
        let matches = live.values.filter { $0.selector == recorded.selector && Self.lastComponent($0.path) == fileName }
        return matches.count == 1 ? matches[0] : nil
    }

    private static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }
}

extension HistoryEntry {
    /// The request's workspace id when it was sent (`folder/file.http#name`). Entries written by `ferry send`
    /// and by the workbench now keep it in ``requestPath``; older workbench lines kept it in ``requestID``
    /// (and only the file's path in ``requestPath``).
    public var recordedRequestPath: String {
        requestPath.contains("#") || !requestID.contains("#") ? requestPath : requestID
    }
}
