import FerryHTTP
import FerryTerminal
import Foundation
import Testing

@testable import FerryApp

/// The cookie view on its own: it owns its presentation (the question included), and the keys reach it as its
/// actions whatever the root holds.
struct CookiesFeatureTests {
    let context = CookiesFeature.Context(page: 10)
    let cookies = (1...3).map { Cookie(name: "c\($0)", value: "v", domain: "127.0.0.1", path: "/") }

    @Test func openingReadsTheJarAndTheCookiesArriveIntoTheOpenViewOnly() {
        var view: CookiesFeature.State?
        #expect(CookiesFeature.reduce(.loaded(cookies), &view, context).requests.isEmpty)
        #expect(view == nil, "cookies read after the view closed open nothing")
        let opened = CookiesFeature.reduce(.requested, &view, context)
        guard case .changeCookies(nil, false)? = opened.effects.first else {
            Issue.record("expected the jar to be read, got \(opened.effects)")
            return
        }
        _ = CookiesFeature.reduce(.loaded(cookies), &view, context)
        #expect(view?.cookies.count == 3 && view?.selection == 0)
    }

    @Test func clearingAsksFirstAndNoGoesBackToTheList() {
        var view: CookiesFeature.State? = CookiesFeature.State(cookies: cookies, selection: 2)
        _ = CookiesFeature.reduce(.clearRequested, &view, context)
        #expect(view?.question == .clearAll)
        // While it asks, moving and deleting do nothing.
        _ = CookiesFeature.reduce(.deleteRequested, &view, context)
        #expect(view?.question == .clearAll)
        _ = CookiesFeature.reduce(.cursorMoved(.up), &view, context)
        #expect(view?.selection == 2)
        _ = CookiesFeature.reduce(.dismissed, &view, context)
        #expect(view == CookiesFeature.State(cookies: cookies, selection: 2))
        _ = CookiesFeature.reduce(.clearRequested, &view, context)
        let cleared = CookiesFeature.reduce(.confirmed, &view, context)
        guard case .changeCookies(nil, true)? = cleared.effects.first else {
            Issue.record("expected every cookie cleared, got \(cleared.effects)")
            return
        }
        #expect(cleared.requests == [.report(.info("Cleared 3 cookies."))])
        #expect(view?.question == nil)
        _ = CookiesFeature.reduce(.dismissed, &view, context)
        #expect(view == nil)
    }

    @Test func theRouterHandsTheDialogsKeysToTheFeature() async throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        state.overlay = .cookies(CookiesFeature.State(cookies: cookies, question: .clearAll))
        #expect(state.keyContexts == [.confirmDelete])
        let yes = InputRouter.action(for: .key(KeyEvent(.character("y"))), in: state).map { "\($0)" }
        #expect(yes == "overlay(FerryApp.OverlayAction.cookies(FerryApp.CookiesAction.confirmed))")
        let escape = InputRouter.action(for: .key(KeyEvent(.escape)), in: state).map { "\($0)" }
        #expect(escape == "overlay(FerryApp.OverlayAction.cookies(FerryApp.CookiesAction.dismissed))")
        state.overlay = .cookies(CookiesFeature.State(cookies: cookies))
        let down = InputRouter.action(for: .key(KeyEvent(.down)), in: state).map { "\($0)" }
        #expect(
            down
                == "overlay(FerryApp.OverlayAction.cookies(FerryApp.CookiesAction.cursorMoved(FerryApp.CursorMove.down)))"
        )
        let tester = ReducerTester(state)
        tester.press(.key(.down)) { $0.overlay = .cookies(CookiesFeature.State(cookies: cookies, selection: 1)) }
        await tester.finish()
    }

    @Test func deletingOneCookieAsksFirst() {
        var view: CookiesFeature.State? = CookiesFeature.State(cookies: cookies, selection: 1)
        let asked = CookiesFeature.reduce(.deleteRequested, &view, context)
        #expect(asked.effects.isEmpty && view?.question == .delete(cookies[1]))
        _ = CookiesFeature.reduce(.dismissed, &view, context)
        #expect(view?.question == nil && view?.cookies == cookies)
        _ = CookiesFeature.reduce(.deleteRequested, &view, context)
        let deleted = CookiesFeature.reduce(.confirmed, &view, context)
        guard case .changeCookies(let cookie, false)? = deleted.effects.first else {
            Issue.record("expected the cookie deleted, got \(deleted.effects)")
            return
        }
        #expect(cookie == cookies[1])
    }
}
