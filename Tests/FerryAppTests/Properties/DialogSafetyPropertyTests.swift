import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp
@testable import FerryWorkbench

/// In the views that delete data (the cookie jar, the trash) no key deletes anything unless a question was on
/// screen when it was pressed (keys after the view closed are the panes' and are not counted): generated key sequences — every printable character, the editing and function
/// keys, Ctrl letters — are fed through the router and the reducer, and every effect is checked.
@Suite("Dialog safety, as a property", .offThePool) struct DialogSafetyPropertyTests {
    /// Sequences generated per view, and their longest length.
    static let sequences = 400
    static let longest = 8

    /// The keys the sequences are made of.
    static let keys: [InputEvent] =
        SafeKeysPropertyTests.alphabet.map { .character($0) }
        + [
            .key(.enter), .key(.escape), .key(.delete), .key(.backspace), .key(.insert), .key(.tab), .key(.up),
            .key(.down), .key(.home), .key(.end), .key(.pageUp), .key(.pageDown),
        ] + (1...12).map { .key(.function($0)) } + "adgkrsuxyz".map { .control($0) }

    /// A view that deletes: how to open it on a launched state, and whether an effect deletes.
    struct View: CustomStringConvertible, Sendable {
        var description: String
        var open: @Sendable (inout AppState) -> Void
        var isQuestion: @Sendable (AppState) -> Bool
        var isOpen: @Sendable (AppState) -> Bool
    }

    static let cookies = (1...3).map { Cookie(name: "c\($0)", value: "v", domain: "127.0.0.1", path: "/") }
    static let rows = ["a.http", "b.http", "api"].enumerated().map { index, path in
        TrashRow(
            summary: TrashSummary(
                entry: TrashEntry(id: "e\(index)", kind: .item, originalPath: path, position: nil, deletedAt: 0),
                content: .file(requests: 1), blockedBy: nil),
            drafts: 0)
    }

    static let views: [View] = [
        View(
            description: "cookie jar", open: { $0.overlay = .cookies(CookiesFeature.State(cookies: cookies)) },
            isQuestion: { $0.cookiesView?.question != nil }, isOpen: { $0.cookiesView != nil }),
        View(
            description: "trash", open: { $0.overlay = .trash(TrashFeature.State(rows: rows)) },
            isQuestion: { $0.trashView?.question != nil }, isOpen: { $0.trashView != nil }),
    ]

    /// Whether `effect` deletes data.
    static func deletes(_ effect: Effect) -> Bool {
        switch effect {
        case .changeCookies(let cookie, let clearsAll): cookie != nil || clearsAll
        case .onFiles(.purgeTrash, _), .onFiles(.change, _): true
        default: false
        }
    }

    @Test(arguments: views)
    func nothingIsDeletedWithoutAQuestionOnScreen(view: View) throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var start = try folder.loadState(size: Size(width: 100, height: 30))
        view.open(&start)
        var generator = SeededGenerator(seed: UInt64(view.description.count) &* 7919)
        var asked = 0
        for sequence in 0..<Self.sequences {
            var state = start
            let length = Int.random(in: 1...Self.longest, using: &generator)
            let keys = (0..<length).map { _ in Self.keys.randomElement(using: &generator) ?? .key(.escape) }
            // Keys count while the view is open (once it closes they are the panes', proven elsewhere).
            for (index, key) in keys.enumerated() where view.isOpen(state) {
                let wasAsking = view.isQuestion(state)
                let destructive = state.feed([key]).filter(Self.deletes)
                if wasAsking { asked += 1 }
                #expect(
                    destructive.isEmpty || wasAsking,
                    "\(view) #\(sequence): key \(index) of \(keys) deleted without a question: \(destructive)")
            }
        }
        // The generator reaches the questions, so the property is tested where it matters.
        #expect(asked > 0, "\(view): no sequence reached a question")
    }

    /// The trust question at start: generated key sequences trust the workspace only with a `y` pressed while it
    /// asks; every other key leaves it confined (and none but n or Esc records safe mode).
    @Test func onlyYTrustsTheWorkspace() throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var start = try folder.loadState(size: Size(width: 100, height: 30))
        start.session.access = .confined
        start.overlay = .trust(
            TrustFeature.State(
                outside: [
                    OutsideReference(
                        location: SourceLocation(file: "a.http", line: 3), kind: .writes, path: "../x",
                        reason: "outside the workspace")
                ], scripts: [], keyMap: nil))
        var generator = SeededGenerator(seed: 4049)
        var trusted = 0
        for sequence in 0..<Self.sequences {
            var state = start
            let length = Int.random(in: 1...Self.longest, using: &generator)
            let keys = (0..<length).map { _ in Self.keys.randomElement(using: &generator) ?? .key(.escape) }
            for (index, key) in keys.enumerated() where state.trustQuestion != nil {
                // Over its help (F1) a y is typed into the help's search.
                let asking = state.overlay?.trustQuestion != nil
                let effects = state.feed([key])
                let trusts = effects.contains { if case .onFiles(.trust, _) = $0 { true } else { false } }
                let isYes = asking && key == .character("y")
                if trusts { trusted += 1 }
                #expect(trusts == isYes, "#\(sequence): key \(index) of \(keys): \(effects)")
                #expect(
                    state.workspaceAccess == (isYes ? .trusted : .confined),
                    "#\(sequence): key \(index) of \(keys) left \(state.workspaceAccess)")
            }
        }
        #expect(trusted > 0, "no sequence pressed y")
    }
}
