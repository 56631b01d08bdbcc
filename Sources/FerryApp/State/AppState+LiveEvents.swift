// MARK: - The live events of a stream in the Body tab

extension AppState {
    /// Whether the Body tab shows the live events of the open request's stream (keys go to them, in the
    /// `events` key context).
    var isShowingLiveEvents: Bool { response.showsLiveEvents(of: currentExchange) }
}
