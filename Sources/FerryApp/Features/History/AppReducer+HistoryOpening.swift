import FerryWorkbench

// MARK: - History: opening the selected entry's request where it lives now

extension AppReducer {
    /// Opens the request of history `entry`, found at `location` (followed through moves and renames), and
    /// closes the history; says so in the status bar when it was found somewhere else, or when it is gone.
    /// Returns whether it was opened (the history stays open when it was not, so another entry can be picked).
    /// With `showingResponse`, the response the entry recorded is shown in place of the request's (unless one is
    /// in flight).
    static func openHistoryEntry(
        _ entry: HistoryEntry, at location: HistoryLocator.Location?, showingResponse: Bool, _ state: inout AppState
    ) -> Bool {
        let recorded = entry.recordedRequestPath
        let found = location?.id ?? RequestID(parsing: recorded)
        guard state.workspaceRequest(found) != nil else {
            state.report(
                .error(
                    "Cannot open this entry: \(recorded) is no longer in the workspace (no request has its id, "
                        + "its path or its file and name now). A deleted one may be in the trash (F9)."))
            return false
        }
        state.overlay = nil
        open(found, &state)
        if showingResponse, entry.status != nil, state.response.exchanges[found]?.isInFlight != true {
            state.response.exchanges[found] = nil
            state.response.recorded[found] = entry
        }
        if location?.isGuess == true {
            let file = found.path.split(separator: "/").last.map(String.init) ?? found.path
            state.report(
                .info(
                    "Opened \(found.description): \(recorded) is gone, and this is the only \(found.selector) in a "
                        + "file named \(file) (it was sent before Ferry recorded ids, so this is a guess)."))
        } else if found.description != recorded {
            state.report(.info("Opened \(found.description), sent as \(recorded) (moved or renamed since)."))
        }
        return true
    }
}
