import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// A task keeps its transfer's handle only while it runs: a transfer that finished before the client
/// attached it to the task (its thread was quicker than the caller's) must not be kept, or the handle's
/// events (which hold the task and the client) keep the client, its transport and its loop alive for good.
///
/// The transport here finishes every transfer inside `start`, before it even returns: the order that
/// happened now and then on a loaded machine (one leaked client per few runs of `LeakTests`).
@Suite struct TaskRetentionTests {
    @Test func aTransferFinishedBeforeAttachIsNotKept() async throws {
        let transports = WeakReferences()
        do {
            let transport = ImmediateTransport()
            transports.append(transport)
            let client = HTTPClient(transport: transport, environment: nil)
            let task = client.task(for: HTTPRequest(url: URL(string: "http://127.0.0.1:9/")!))
            #expect(await task.result.failureReason == .transport(code: 7, detail: "finished at once"))
            #expect(task.state.isFinished)
            #expect(transport.lastHandle == nil, "the finished task does not keep the transfer's handle")
            #expect(transports.liveCount == 1)
        }
        #expect(transports.liveCount == 0, "the client and its transport are freed with the task")
    }

    @Test func cancelReachesTheRunningTransfer() async throws {
        let transport = ImmediateTransport(finishes: false)
        let client = HTTPClient(transport: transport, environment: nil)
        let task = client.task(for: HTTPRequest(url: URL(string: "http://127.0.0.1:9/")!))
        // With any interceptor (another suite may add a global one meanwhile) the attempt is prepared in a
        // `Task`, so the transport's `start` may run after `task(for:)` returned.
        #expect(await waitUntil { transport.lastHandle != nil })
        let handle = try #require(transport.lastHandle)
        #expect(!handle.isCanceled)
        task.cancel()
        #expect(await task.result.failureReason == .canceled)
        #expect(handle.isCanceled)
    }
}

/// A transport that, unless told otherwise, fails every transfer inside `start` (before returning it).
private final class ImmediateTransport: HTTPTransport, @unchecked Sendable {
    let finishes: Bool
    private let lock = NSLock()
    private weak var weakHandle: RecordingHandle?
    private var strongHandle: RecordingHandle?

    init(finishes: Bool = true) { self.finishes = finishes }

    /// The handle `start` returned last, if something still holds it.
    var lastHandle: RecordingHandle? { lock.withLock { weakHandle ?? strongHandle } }

    func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        let handle = RecordingHandle(events: events)
        lock.withLock {
            weakHandle = handle
            if !finishes { strongHandle = handle }
        }
        if finishes {
            events.completion(
                .failure(HTTPClientError(.transport(code: 7, detail: "finished at once"), request: request)))
        }
        return handle
    }
}

/// A transfer handle that holds its events, as real ones do, and notes a cancel.
private final class RecordingHandle: TransferHandle, @unchecked Sendable {
    let events: TransferEvents
    private let canceled = Locked(false)

    init(events: TransferEvents) { self.events = events }

    var isCanceled: Bool { canceled.withLock { $0 } }
    func cancel() { canceled.withLock { $0 = true } }
}
