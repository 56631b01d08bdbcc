// MARK: - The live events of a stream in the Body tab

extension AppState {
    /// Whether the Body tab shows the live events of the open request's stream (keys go to them, in the
    /// `events` key context).
    var isShowingLiveEvents: Bool {
        guard responseTab == .body, let exchange = currentExchange, exchange.events != nil else { return false }
        if case .empty = exchange.body { return true }
        return false
    }
}
