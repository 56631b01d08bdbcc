import FerryHTTP
import Foundation

/// The responses a run has received so far, by request: the layer that `{{login.response.body.$.token}}`
/// resolves from within one run, before the history. It holds what came back unmasked and in full (a
/// `# @no-log` request is in it too, though never in the history), and lives only as long as the run.
final class RunResponses: Sendable {
    /// One response as references read it.
    struct Response: Sendable {
        var headers: [(name: String, value: String)]
        var body: String?
    }

    private let responses = Locked<[RequestID: Response]>([:])

    /// Keeps the response `end` brought for the request `id` (the latest wins); a send with no response is
    /// not kept, so a reference falls back to the history.
    func record(_ end: TransferEnd, for id: RequestID) {
        guard case .success(let response) = end.outcome else { return }
        var body: String?
        if case .memory(let bytes) = end.body.storage { body = String(decoding: bytes, as: UTF8.self) }
        let kept = Response(headers: Array(response.headers), body: body)
        responses.withLock { $0[id] = kept }
    }

    /// The values for the response references of `request` that this run's responses supply.
    func capturedValues(for request: WorkspaceRequest, in workspace: Workspace) -> [String: String] {
        let references = Workspace.responseReferences(in: request.request)
        guard !references.isEmpty else { return [:] }
        let known = responses.withLock { $0 }
        guard !known.isEmpty else { return [:] }
        let all = workspace.requests
        var values: [String: String] = [:]
        for reference in references {
            guard let source = Workspace.requestNamed(reference.requestName, near: request, in: all),
                let response = known[source.id],
                let value = Workspace.value(of: reference, headers: response.headers, body: response.body)
            else { continue }
            values[reference.expression] = value
        }
        return values
    }
}
