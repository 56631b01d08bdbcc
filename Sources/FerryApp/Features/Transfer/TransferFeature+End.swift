import FerryHTTP
import Foundation

// MARK: - A streamed send ends

extension TransferFeature {
    /// Takes in how streamed send `id` ended: the response (or the failure) becomes the exchange's phase,
    /// unless the user canceled it first; the bytes that arrived are prepared for display either way, so a
    /// canceled or broken transfer still shows what it delivered (marked partial).
    static func finish(_ id: SendID, _ end: TransferEnd, _ state: inout ResponseFeature.State) -> FeatureOutput {
        guard let exchange = state.exchanges.values.first(where: { $0.id == id }) else { return .none }
        let wasCanceled: Bool
        switch exchange.phase {
        case .inFlight: wasCanceled = false
        case .canceled: wasCanceled = true
        case .received, .failed: return .none
        }
        let body = end.body
        // A gRPC call's body is its messages as JSON, whatever the server's `application/grpc` says.
        let isJSON =
            (exchange.grpc != nil && body.count > 0)
            || end.response?.mediaType?.isJSON
                ?? body.prefix(256).first(where: { !Self.isJSONWhitespace($0) }).map {
                    $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")
                }
                ?? false
        var note: String?
        state.updateExchange(sending: id) { exchange in
            if !wasCanceled {
                switch end.outcome {
                case .failure(let error):
                    exchange.phase =
                        error.isCanceled ? .canceled : .failed(exchange.scrubber.scrub(AppErrorText.transfer(error)))
                case .success(let response):
                    exchange.phase = .received(response)
                }
            }
            exchange.head = end.response ?? exchange.head
            let headsBeforeBody = end.response?.sentHeads ?? []
            exchange.sentHeads = headsBeforeBody.isEmpty ? (end.error?.sentHeads ?? []) : headsBeforeBody
            exchange.bodySize = body.count
            if body.count > 0 { exchange.received = body }
            exchange.progress.bytesReceived = body.count
            exchange.isBodyIncomplete = !body.isComplete
            exchange.isBodyPartial = !body.isComplete || (body.isSpilled && !body.isBinary)
            exchange.body = body.count == 0 ? .empty : .parsing
            exchange.viewport = BodyViewport()
            if !body.isComplete {
                let arrived = WorkbenchView.formatBytes(body.count)
                if case .canceled = exchange.phase {
                    note = "Canceled: partial body, the \(arrived) that had arrived."
                } else {
                    note = "Partial body: the transfer stopped after \(arrived)."
                }
            }
        }
        guard body.count > 0 else { return .none }
        return .run([.prepareReceived(id: id, body, isJSON: isJSON, note: note)])
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
