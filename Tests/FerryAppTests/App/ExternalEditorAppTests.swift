import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// F4 and Ctrl-Z through the whole app on the in-memory backend, with a fake editor service.
@Suite("External editor in the app", .serialized)
final class ExternalEditorAppTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:1"])
    }

    /// What the fake editor saw: the text, and whether the terminal was suspended around it.
    final class EditorProbe: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [(text: String, wasSuspended: Bool)] = []
        var backend: InMemoryBackend?
        var calls: [(text: String, wasSuspended: Bool)] { lock.withLock { seen } }
        func record(_ text: String) { lock.withLock { seen.append((text, backend?.isSuspended ?? false)) } }
    }

    @Test func f4EditsTheBodyInTheEditorWithTheTerminalSuspended() async throws {
        let probe = EditorProbe()
        let app = try AppHarness(workspace: folder.url) { text in
            probe.record(text)
            return text.replacingOccurrences(of: "ferry", with: "from the editor") + "\n"
        }
        probe.backend = app.backend
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "post-json")
        try await app.press(.function(4))
        #expect(probe.calls.map(\.text) == ["{\"name\": \"ferry\"}"])
        #expect(probe.calls.first?.wasSuspended == true)
        #expect(app.backend.suspendCount == 1)
        #expect(app.state.currentRequest?.body == "{\"name\": \"from the editor\"}", "the editor's newline dropped")
        #expect(app.shows("● unsaved"))
        #expect(app.shows("Body updated from the editor"), "\(app.screen)")
        try await app.press(.control("s"))
        #expect(try folder.read("requests.http").contains("{\"name\": \"from the editor\"}\n"))
        try await app.quit()
    }

    @Test func aFailedEditorIsReportedAndTheBodyKept() async throws {
        let app = try AppHarness(workspace: folder.url) { _ in
            throw ExternalEditorError.failed(command: "vi", status: 1)
        }
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.enter), .function(4))
        #expect(app.state.message?.isError == true)
        #expect(app.shows("exited with status 1"), "\(app.screen)")
        #expect(app.state.currentRequest?.body == "{\"name\": \"ferry\"}")
        #expect(!app.shows("● unsaved"))
        try await app.quit()
    }

    @Test func anUnchangedBodyStaysSaved() async throws {
        let app = try AppHarness(workspace: folder.url) { $0 + "\n" }
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.enter), .function(4))
        #expect(app.shows("The body is unchanged."))
        #expect(!app.state.hasUnsavedEdits)
        try await app.quit()
    }

    @Test func ctrlZStopsTheProcessInsideASuspensionButUndoesInTheBodyEditor() async throws {
        let stops = Counter()
        let app = try AppHarness(workspace: folder.url, stopProcess: { stops.add() })
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("z"))
        #expect(stops.value == 1)
        #expect(app.backend.suspendCount == 1)
        // In the body editor Ctrl-Z is undo.
        try await app.press(.key(.down), .key(.enter), .control("t"), .control("t"), .key(.down))
        #expect(app.state.bodyEditor != nil, "\(app.screen)")
        try await app.type("x")
        try await app.press(.control("z"))
        #expect(stops.value == 1)
        #expect(app.state.currentRequest?.body == "{\"name\": \"ferry\"}")
        try await app.quit()
    }
}

/// A count shared with a service closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
