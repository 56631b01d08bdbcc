import FerryWorkbench

/// The history entries a search keeps: those whose method, URL, request path or id, or status contain it.
enum HistoryFilter {
    /// The entries matching `query` (all when empty), newest first as given.
    static func matching(_ query: String, in entries: [HistoryEntry]) -> [HistoryEntry] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return entries }
        return entries.filter { entry in
            "\(entry.method) \(entry.url) \(entry.recordedRequestPath) \(entry.requestID) \(entry.status.map(String.init) ?? entry.error ?? "")"
                .lowercased().contains(needle)
        }
    }
}
