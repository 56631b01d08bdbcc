import FerryWorkbench
import Testing

@testable import FerryApp

/// The work on the workspace's files is the state's queue: one piece at a time goes to the runner with the
/// workspace as the state has it, so a change asked for before the one before it ended is made on what that
/// one left (the runner keeps no copy of the workspace).
struct FileQueueTests {
    @Test func aChangeAskedBeforeTheOneBeforeEndedIsMadeOnWhatThatOneLeft() async throws {
        let folder = try TemporaryWorkspace(requests: "### a\n# @name a\nGET {{host}}/a\n", environments: [:])
        let driver = try EffectDriver(workspace: folder.url)
        // Two new requests in the same file, asked for back to back (no result reduced in between).
        driver.state.session.fileQueue.append(.change(.create(name: "one", inFile: "requests.http")))
        driver.state.session.fileQueue.append(.change(.create(name: "two", inFile: "requests.http")))
        let effects = driver.state.nextFileWork()
        #expect(effects.count == 1, "one piece goes to the runner: \(effects)")
        #expect(driver.state.session.fileQueue.waiting.count == 1 && driver.state.session.fileQueue.isBusy)
        driver.runner.run(effects)
        try await driver.settle()
        #expect(driver.state.workspace.requests.map(\.request.name) == ["a", "one", "two"], "\(driver.screen)")
        #expect(!driver.state.session.fileQueue.isBusy && driver.state.session.fileQueue.waiting.isEmpty)
        let text = try String(contentsOf: folder.url.appendingPathComponent("requests.http"), encoding: .utf8)
        #expect(text.contains("# @name one") && text.contains("# @name two"))
    }

    @Test func newsOfChangedFilesJoinTheReadAlreadyWaiting() {
        var queue = FileQueue()
        queue.append(.loadTrash)
        _ = queue.next()
        queue.append(.reloadChanged(["a.http"]))
        queue.append(.save(RequestID(path: "a.http", selector: "a"), SavedRequest(title: "a", method: "GET", url: "/")))
        queue.append(.reloadChanged(["b.http"]))
        #expect(queue.waiting.count == 2)
        #expect(queue.waiting.first == .reloadChanged(["a.http", "b.http"]))
        queue.append(.reloadChanged([]))
        #expect(queue.waiting.first == .reloadChanged([]), "an unknown change reads everything")
        // Nothing more goes out until the runner ends the piece it has.
        #expect(queue.next() == nil)
        queue.ended()
        #expect(queue.next() == .reloadChanged([]))
    }
}
