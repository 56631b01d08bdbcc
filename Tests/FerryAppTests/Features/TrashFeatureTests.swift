import Foundation
import Testing

@testable import FerryApp
@testable import FerryWorkbench

/// The trash view on its own: it owns its listing, selection and questions; restoring and deleting are effects
/// it asks for, never done here.
struct TrashFeatureTests {
    let context = TrashFeature.Context(page: 10)
    let rows = ["a.http", "b.http", "api"].enumerated().map { index, path in
        TrashRow(
            summary: TrashSummary(
                entry: TrashEntry(
                    id: "e\(index)", kind: .item, originalPath: path, position: nil, deletedAt: Double(index)),
                content: .file(requests: 1), blockedBy: nil),
            drafts: 0)
    }

    @Test func enterAsksToRestoreTheSelectedEntry() {
        var view: TrashFeature.State? = TrashFeature.State(rows: rows)
        _ = TrashFeature.reduce(.cursorMoved(.down), &view, context)
        let output = TrashFeature.reduce(.restoreRequested, &view, context)
        guard case .onFiles(.restoreFromTrash(let entry))? = output.requests.first else {
            Issue.record("expected a restore, got \(output.requests)")
            return
        }
        #expect(entry.originalPath == "b.http")
    }

    @Test func deletingForGoodAsksAndNoKeepsEverything() {
        var view: TrashFeature.State? = TrashFeature.State(rows: rows, selection: 2)
        _ = TrashFeature.reduce(.purgeRequested, &view, context)
        #expect(view?.question == .purge(rows[2]))
        // While it asks, Enter and movement do nothing to the list.
        let whileAsking = TrashFeature.reduce(.restoreRequested, &view, context)
        #expect(whileAsking.effects.isEmpty && whileAsking.requests.isEmpty)
        _ = TrashFeature.reduce(.cursorMoved(.up), &view, context)
        #expect(view?.selection == 2)
        _ = TrashFeature.reduce(.dismissed, &view, context)
        #expect(view == TrashFeature.State(rows: rows, selection: 2))
        _ = TrashFeature.reduce(.emptyRequested, &view, context)
        let emptied = TrashFeature.reduce(.confirmed, &view, context)
        guard case .onFiles(.purgeTrash(let entries))? = emptied.requests.first else {
            Issue.record("expected every entry deleted, got \(emptied.requests)")
            return
        }
        #expect(entries == rows.map(\.entry) && view?.question == nil && view?.selection == 0)
    }

    @Test func anEmptyTrashSaysSoAndTheListingFollowsTheJar() {
        var view: TrashFeature.State? = TrashFeature.State()
        #expect(
            TrashFeature.reduce(.emptyRequested, &view, context).requests == [
                .report(.info("The trash is already empty."))
            ])
        view?.selection = 2
        _ = TrashFeature.reduce(.loaded(Array(rows.prefix(1))), &view, context)
        #expect(view?.rows.count == 1 && view?.selection == 0)
        let purged = TrashFeature.reduce(.purged([rows[0].entry], .success(1)), &view, context)
        // The listing is read again after it, in its turn on the file queue.
        #expect(
            purged.requests == [.onFiles(.loadTrash), .report(.info("Deleted file a.http (1 request) for good."))])
    }
}
