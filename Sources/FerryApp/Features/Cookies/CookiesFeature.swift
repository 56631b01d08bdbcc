import FerryHTTP

/// The cookie jar's view as a feature that owns its presentation: while the view is open its state is the
/// dialog on top (``Overlay/cookies(_:)``), its questions included, and every key of the view reaches
/// ``reduce(_:_:_:)`` as a ``CookiesAction`` (``InputRouter`` routes them). The jar itself is read and changed
/// by effects; nothing is deleted without a question.
enum CookiesFeature {
    /// The open view: the jar's cookies as last read, the selected row, and the question it asks, if any.
    struct State: Sendable, Equatable {
        /// The cookies, sorted by domain, name and path.
        var cookies: [Cookie] = []
        /// The selected row.
        var selection = 0
        /// The question asked over the list (y answers yes, n or Esc goes back to the list).
        var question: Question?
    }

    /// A question before cookies are deleted.
    enum Question: Sendable, Equatable {
        /// Delete this cookie?
        case delete(Cookie)
        /// Clear every cookie of the jar?
        case clearAll
    }

    /// What the view reads of the rest of the app: how far a page moves.
    typealias Context = ListDialogContext

    /// Applies a cookie-view action to the view (`nil`: closed).
    static func reduce(_ action: CookiesAction, _ view: inout State?, _ context: Context) -> FeatureOutput {
        switch action {
        case .requested:
            view = State()
            return .run([.changeCookies(delete: nil, clearsAll: false)])
        case .loaded(let cookies):
            guard var open = view else { return .none }
            open.cookies = cookies
            open.selection = min(open.selection, max(0, cookies.count - 1))
            view = open
            return .none
        case .cursorMoved(let move):
            guard var open = view, open.question == nil else { return .none }
            open.selection = AppReducer.step(open.selection, move, count: open.cookies.count, page: context.page)
            view = open
            return .none
        case .deleteRequested:
            guard var open = view, open.question == nil, open.cookies.indices.contains(open.selection) else {
                return .none
            }
            open.question = .delete(open.cookies[open.selection])
            view = open
            return .none
        case .clearRequested:
            guard var open = view, open.question == nil, !open.cookies.isEmpty else { return .none }
            open.question = .clearAll
            view = open
            return .none
        case .confirmed:
            guard var open = view, let question = open.question else { return .none }
            open.question = nil
            switch question {
            case .delete(let cookie):
                view = open
                return FeatureOutput(
                    effects: [.changeCookies(delete: cookie, clearsAll: false)],
                    requests: [.report(.info("Deleted the cookie \(cookie.name) of \(cookie.domain)."))])
            case .clearAll:
                open.selection = 0
                view = open
                let count = open.cookies.count
                return FeatureOutput(
                    effects: [.changeCookies(delete: nil, clearsAll: true)],
                    requests: [.report(.info("Cleared \(count) cookie\(count == 1 ? "" : "s")."))])
            }
        case .dismissed:
            // n or Esc on a question keeps the cookies and goes back to the list; on the list it closes it.
            if view?.question != nil {
                view?.question = nil
            } else {
                view = nil
            }
            return .none
        }
    }

    /// The question before `cookie` is deleted.
    static func deleteQuestion(_ cookie: Cookie) -> String {
        "Delete the cookie \(cookie.name) of \(cookie.domain) from .ferry/cookies? y deletes it, n keeps it."
    }

    /// The question before the jar is cleared of `count` cookies.
    static func clearQuestion(count: Int) -> String {
        let cookies = count == 1 ? "its 1 cookie" : "all \(count) cookies"
        return "Clear the jar: delete \(cookies) from .ferry/cookies? y clears them, n keeps them."
    }
}

extension Overlay {
    /// The cookie view's state, when this is it.
    var cookiesView: CookiesFeature.State? {
        if case .cookies(let view) = self { return view }
        return nil
    }
}

extension AppState {
    /// The cookie view while it is the dialog on top (also under its help), `nil` otherwise: the cookie
    /// feature's slice of the state. Setting `nil` closes it.
    var cookiesView: CookiesFeature.State? {
        get { presented(\.cookiesView) }
        set { present(newValue, extract: \.cookiesView, embed: Overlay.cookies) }
    }
}
