import FerryTerminal
import FerryWorkbench
import Testing

@testable import FerryApp

/// The reload question on its own: Esc or "keep mine" keeps the edits and "take the file's version" drops them,
/// each asked of the root; "show the difference" shows it in the same dialog, and Esc goes back to the choice
/// instead of answering.
struct ReloadFeatureTests {
    static let id = RequestID(path: "requests.http", selector: "search")
    static let difference: [HistoryDiff.Change] = [.same("GET /search"), .removed("X-A: 1"), .added("X-A: 2")]
    static let context = ReloadFeature.Context(difference: difference, screen: Size(width: 80, height: 24))

    static func press(_ key: Key, _ question: inout ReloadFeature.State?) -> FeatureOutput {
        ReloadFeature.reduce(.dialogEvent(.key(KeyEvent(key))), &question, context)
    }

    @Test func escAndKeepMineKeepTheEditsTakeTheirsDropsThem() {
        var question: ReloadFeature.State? = ReloadFeature.State(asking: Self.id)
        #expect(
            Self.press(.escape, &question).requests == [.dispatch(.editor(.reloadAnswered(Self.id, keepsEdits: true)))])
        #expect(question == nil)
        question = ReloadFeature.State(asking: Self.id)
        #expect(
            Self.press(.enter, &question).requests == [.dispatch(.editor(.reloadAnswered(Self.id, keepsEdits: true)))],
            "the first choice keeps them")
        question = ReloadFeature.State(asking: Self.id)
        #expect(Self.press(.down, &question).requests.isEmpty)
        #expect(
            Self.press(.enter, &question).requests == [.dispatch(.editor(.reloadAnswered(Self.id, keepsEdits: false)))])
        #expect(question == nil)
    }

    @Test func theDifferenceScrollsAndEscGoesBackToTheChoice() {
        var question: ReloadFeature.State? = ReloadFeature.State(asking: Self.id)
        _ = Self.press(.down, &question)
        _ = Self.press(.down, &question)
        #expect(Self.press(.enter, &question).requests.isEmpty, "showing the difference answers nothing")
        #expect(question?.diff == Self.difference)
        #expect(Overlay.reloadConflict(question ?? ReloadFeature.State(asking: Self.id)).keyContext == .diff)
        _ = ReloadFeature.reduce(.cursorMoved(.end), &question, Self.context)
        #expect(question?.scroll == 2)
        #expect(Self.press(.escape, &question).requests.isEmpty, "the choice's widget is not under the difference")
        let back = ReloadFeature.reduce(.dismissed, &question, Self.context)
        #expect(back.requests.isEmpty && question == ReloadFeature.State(asking: Self.id), "back to the choice, first")
        #expect(Overlay.reloadConflict(question ?? ReloadFeature.State(asking: Self.id)).keyContext == .picker)
        #expect(
            ReloadFeature.reduce(.dismissed, &question, Self.context).requests == [
                .dispatch(.editor(.reloadAnswered(Self.id, keepsEdits: true)))
            ])
    }
}
