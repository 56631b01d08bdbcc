import FerryHTTP
import FerryWorkbench
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
        }
    }
}
