import FerryHTTP

// MARK: - The cookie jar's view: list, inspect, delete, clear

extension AppReducer {
    /// Applies a cookie-view action.
    static func reduce(_ action: CookiesAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .requested:
            state.overlay = .cookies([], selection: 0)
            return [.changeCookies(delete: nil, clearsAll: false)]
        case .loaded(let cookies):
            guard case .cookies(_, let selection) = state.overlay else { return [] }
            state.overlay = .cookies(cookies, selection: min(selection, max(0, cookies.count - 1)))
            return []
        case .deleteRequested:
            guard case .cookies(let cookies, let selection) = state.overlay, cookies.indices.contains(selection)
            else { return [] }
            let cookie = cookies[selection]
            state.report(.info("Deleted the cookie \(cookie.name) of \(cookie.domain)."))
            return [.changeCookies(delete: cookie, clearsAll: false)]
        case .clearRequested:
            guard case .cookies(let cookies, _) = state.overlay, !cookies.isEmpty else { return [] }
            state.report(.info("Cleared \(cookies.count) cookie\(cookies.count == 1 ? "" : "s")."))
            return [.changeCookies(delete: nil, clearsAll: true)]
        }
    }
}
