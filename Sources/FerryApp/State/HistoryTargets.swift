import FerryWorkbench

/// Where the requests of the loaded history entries live now (found off the loop by FerryWorkbench's
/// `HistoryLocator`, so the reducer opens an entry without reading `.ferry/ids.json`).
struct HistoryTargets: Sendable, Equatable {
    /// How an entry names its request: its stable id and the path it had when sent.
    struct Origin: Sendable, Hashable {
        /// The entry's `requestID`.
        var requestID: String
        /// The entry's `recordedRequestPath`.
        var recordedPath: String

        /// The origin of `entry`.
        init(_ entry: HistoryEntry) {
            requestID = entry.requestID
            recordedPath = entry.recordedRequestPath
        }
    }

    /// The current request of each origin that was found (origins not found are absent).
    var requests: [Origin: RequestID] = [:]

    /// The targets of `entries` in the workspace as `locator` sees it.
    init(_ entries: [HistoryEntry], locator: HistoryLocator?) {
        guard let locator else { return }
        for entry in entries {
            let origin = Origin(entry)
            guard requests[origin] == nil, let id = locator.request(for: entry) else { continue }
            requests[origin] = id
        }
    }

    /// No targets (every entry is looked up by the path it recorded).
    init() {}

    /// The current request of `entry`, if it was found.
    func request(for entry: HistoryEntry) -> RequestID? { requests[Origin(entry)] }
}
