import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux: in the trash view (F9) `d` asks, naming the entry, and `y` deletes it for
/// good from `.ferry/trash`; F1 there lists the trash's keys. Waits are async polls with a deadline.
@Suite("ferry in tmux: deleting from the trash for good", .serialized)
struct TmuxTrashPurgeTests {
    @Test func dAsksThenDeletesTheSelectedEntryForGood() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        // Delete the folder api (the first row) from the tree.
        try await session.send("Home")
        try await session.send("x")
        try await TmuxWorkbench.waitFor(session, "Delete?")
        try await session.send("y")
        try await TmuxWorkbench.waitFor(session, "Moved api to the trash")
        let trash = folder.url.appendingPathComponent(".ferry/trash")
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash.path).count == 1)

        try await session.send("F9")
        try await TmuxWorkbench.waitFor(session, "folder api (2 requests)")
        // F1 lists the trash view's own keys; Esc goes back to the trash.
        // Waits take the whole condition: a capture can catch a frame half drawn (its top rows only).
        try await session.send("F1")
        try await TmuxWorkbench.waitUntil(session, "the trash view's keys") {
            $0.contains("Help — keys in the trash view") && $0.contains("Delete it for good (asks first)")
                && $0.contains("Empty the trash (asks first)")
        }
        try await session.send("Escape")
        try await TmuxWorkbench.waitUntil(session, "the trash again") {
            !$0.contains("Help — keys") && $0.contains("Trash: Enter restores")
        }
        try await session.send("d")
        // The question wraps inside the dialog.
        try await TmuxWorkbench.waitUntil(session, "the whole question") {
            $0.contains("Delete for good?") && $0.contains("Delete folder api (2 requests) for good? It can't be")
                && $0.contains("restored. y deletes, n keeps it.")
        }
        // n keeps it.
        try await session.send("n")
        try await TmuxWorkbench.waitUntil(session, "the list again") { !$0.contains("Delete for good?") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash.path).count == 1)
        try await session.send("d")
        try await TmuxWorkbench.waitFor(session, "Delete for good?")
        try await session.send("y")
        try await TmuxWorkbench.waitUntil(session, "the entry deleted and the trash empty") {
            $0.contains("Deleted folder api (2 requests) for good.") && $0.contains("The trash is empty")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash.path).isEmpty)
        #expect(!folder.exists("api"))
        try await session.send("Escape")
        try await TmuxWorkbench.waitUntil(session, "the trash view to close") {
            !$0.contains("Trash: Enter restores")
        }
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit", timeout: .seconds(90)) { _ in session.hasExited
        }
    }
}
