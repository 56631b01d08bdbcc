import FerryHTTP
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

// MARK: - What a send posts back, stated once for every test that sends

extension ReducerTester {
    /// Receives send `send`'s preparation and states the change: request `id`'s exchange holds what goes on the
    /// wire and its scrubber. Returns what was prepared, for a test that looks into it.
    @discardableResult
    func receivePrepared(
        _ send: SendID, of id: RequestID, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async -> PreparedSend? {
        var received: PreparedSend?
        await receive(
            sourceLocation: sourceLocation,
            { action -> PreparedSend? in
                guard case .transfer(send, .prepared(let prepared)) = action else { return nil }
                return prepared
            }
        ) { state, prepared in
            received = prepared
            state.response.exchanges[id]?.sent = prepared.request
            state.response.exchanges[id]?.scrubber = prepared.prepared.scrubber
        }
        return received
    }

    /// Receives the end of send `send`, which Esc canceled before anything arrived, and states the change:
    /// request `id`'s exchange keeps saying Canceled and notes the heads sent and that its body is incomplete.
    func receiveCanceledEnd(
        _ send: SendID, of id: RequestID, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async {
        await receive(
            sourceLocation: sourceLocation,
            { action -> TransferEnd? in
                guard case .transfer(send, .ended(let end)) = action else { return nil }
                return end
            }
        ) { state, end in
            state.response.exchanges[id]?.sentHeads = end.response?.sentHeads ?? end.error?.sentHeads ?? []
            state.response.exchanges[id]?.isBodyIncomplete = !end.body.isComplete
            state.response.exchanges[id]?.isBodyPartial = !end.body.isComplete
            state.response.exchanges[id]?.progress.bytesReceived = end.body.count
        }
    }
}

extension ReducerTester {
    /// Receives what send `send` posts up to its end, which nothing canceled, and states each change: its
    /// progress and response head (as many as the transfer's timing makes, none included) show on request
    /// `id`'s exchange, then the exchange takes the response (or the failure, in words) as its phase and holds
    /// the body that arrived, to be prepared off the loop. Returns the end, for a test that looks into it.
    @discardableResult
    func receiveEnd(
        _ send: SendID, of id: RequestID, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async -> TransferEnd? {
        var ended: TransferEnd?
        var isStreaming = true
        while ended == nil, isStreaming {
            isStreaming = false
            await receive(
                sourceLocation: sourceLocation,
                { action -> TransferAction? in
                    guard case .transfer(send, let transfer) = action else { return nil }
                    switch transfer {
                    case .progressed, .headArrived, .ended: return transfer
                    default: return nil
                    }
                }
            ) { state, transfer in
                isStreaming = true
                state.response.exchanges[id].update { exchange in
                    switch transfer {
                    case .progressed(let progress, let elapsed):
                        exchange.progress = progress
                        exchange.elapsed = elapsed
                    case .headArrived(let head, let preview):
                        exchange.head = head
                        exchange.preview = preview
                    case .ended(let end):
                        ended = end
                        Self.stateEnd(end, on: &exchange)
                    default:
                        break
                    }
                }
            }
        }
        return ended
    }

    /// The end as the exchange takes it: its outcome becomes the phase unless the user canceled first (then it
    /// stays canceled), and the bytes that arrived wait to be prepared (none: an empty body).
    private static func stateEnd(_ end: TransferEnd, on exchange: inout Exchange) {
        if case .canceled = exchange.phase {
        } else {
            switch end.outcome {
            case .success(let response): exchange.phase = .received(response)
            case .failure(let error): exchange.phase = .failed(AppErrorText.transfer(error))
            }
        }
        exchange.head = end.response ?? exchange.head
        exchange.sentHeads = end.response?.sentHeads ?? end.error?.sentHeads ?? []
        exchange.bodySize = end.body.count
        if end.body.count > 0 { exchange.received = end.body }
        exchange.body = end.body.count == 0 ? .empty : .parsing
        exchange.progress.bytesReceived = end.body.count
    }

    /// Receives send `send`'s body, prepared off the loop, and states the change: request `id`'s exchange
    /// shows it from the top and lets go of the response's raw copy.
    func receivePreparedBody(
        _ send: SendID, of id: RequestID, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async {
        await receive(
            sourceLocation: sourceLocation,
            { action -> ResponseBody? in
                guard case .transfer(send, .bodyPrepared(let body)) = action else { return nil }
                return body
            }
        ) { state, body in
            state.response.exchanges[id].update { exchange in
                exchange.body = body
                exchange.preview = []
                if case .received(var response) = exchange.phase {
                    response.body = Data()
                    exchange.phase = .received(response)
                }
            }
        }
    }
}

extension ReducerTester {
    /// Receives that send `send` of request `id` (saved, no draft) could not be prepared and states the change:
    /// the exchange goes and the status bar says why, about the request. Returns the problem.
    @discardableResult
    func receivePreparationFailed(
        _ send: SendID, of id: RequestID, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async -> String? {
        var reason: String?
        await receive(
            sourceLocation: sourceLocation,
            { action -> String? in
                guard case .transfer(send, .preparationFailed(let problem)) = action else { return nil }
                return problem
            },
            { state, problem in
                reason = problem
                state.response.exchanges[id] = nil
                state.report(.error(problem), about: .request(id, draft: nil))
            })
        return reason
    }
}

extension ReducerTester {
    /// Receives the end of send `send`, which another send replaced (whatever that send posted before it),
    /// and states that it changes nothing.
    func receiveEndDropped(_ send: SendID, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await receive(
            anyOrder: true, sourceLocation: sourceLocation,
            { action -> Void? in
                guard case .transfer(send, .ended) = action else { return nil }
                return ()
            }, { _, _ in })
    }
}

extension ReducerTester {
    /// Receives the end of saving request `id` and states the change: the session takes in the workspace as
    /// saved, the tree is rebuilt from it, the draft goes, and the status bar says so about the request as saved.
    func receiveSaved(_ id: RequestID, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await receive(
            sourceLocation: sourceLocation,
            { action -> Workspace? in
                guard case .workspace(.saveFinished(id, _, .success(let workspace))) = action else { return nil }
                return workspace
            },
            { state, workspace in
                state.session.workspace = workspace
                state.rebuildTree()
                state.editor.drafts[id] = nil
                state.report(.info("Saved \(id.path)."), about: .request(id, draft: nil))
            })
    }
}

extension Optional {
    /// Changes the wrapped value in place; a `nil` fails the test that expected one.
    fileprivate mutating func update(
        sourceLocation: Testing.SourceLocation = #_sourceLocation, _ change: (inout Wrapped) -> Void
    ) {
        guard var value = self else {
            Issue.record("expected a value of \(Wrapped.self), found nil", sourceLocation: sourceLocation)
            return
        }
        change(&value)
        self = value
    }
}
