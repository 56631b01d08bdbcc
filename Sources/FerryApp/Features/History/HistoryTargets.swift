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

    /// Where the request of each origin is now (origins not found are absent).
    var locations: [Origin: HistoryLocator.Location] = [:]

    /// The targets of `entries` in the workspace as `locator` sees it.
    init(_ entries: [HistoryEntry], locator: HistoryLocator?) {
        guard let locator else { return }
        for entry in entries {
            let origin = Origin(entry)
            guard locations[origin] == nil, let location = locator.locate(entry) else { continue }
            locations[origin] = location
        }
    }

    /// No targets (every entry is looked up by the path it recorded).
    init() {}

    /// Where the request of `entry` is now, if it was found.
    func location(of entry: HistoryEntry) -> HistoryLocator.Location? { locations[Origin(entry)] }
}
