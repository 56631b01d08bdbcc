import FerryHTTP
import Foundation

/// The responses a run has received so far, by request: the layer that `{{login.response.body.$.token}}`
/// resolves from within one run, before the history. It holds what came back unmasked and in full (a
/// `# @no-log` request is in it too, though never in the history), and lives only as long as the run; it
/// keeps only the responses of requests that a request of the run refers to, so a long run's memory stays flat.
final class RunResponses: Sendable {
    /// One response as references read it.
    struct Response: Sendable {
        var headers: [(name: String, value: String)]
        var body: String?
    }

    private let responses = Locked<[RequestID: Response]>([:])
    /// The workspace's named requests, by name: what references name.
    private let named: [String: [WorkspaceRequest]]
    /// The requests whose responses are referred to by the run's requests.
    private let referenced: Set<RequestID>

    /// The responses of a run of `run`, whose references name requests among `requests` (all of the
    /// workspace's: made only when a request of the run refers to a response).
    init(requests: () -> [WorkspaceRequest], referencedBy run: some Sequence<WorkspaceRequest>) {
        // Most runs refer to no response: then no request is looked up by name, and the workspace is not indexed.
        guard run.contains(where: { Workspace.mentionsResponse($0.request) }) else {
            named = [:]
            referenced = []
            return
        }
        let run = Array(run)
        let references = run.map { Workspace.responseReferences(in: $0.request) }
        let named = Dictionary(grouping: requests().filter { $0.request.name != nil }) { $0.request.name ?? "" }
        var referenced = Set<RequestID>()
        for (request, references) in zip(run, references) {
            for reference in references {
                if let source = Self.request(named: reference.requestName, near: request, in: named) {
                    referenced.insert(source.id)
                }
            }
        }
        self.named = named
        self.referenced = referenced
    }

    /// The request `name` refers to from `request`, as ``Workspace/requestNamed(_:near:in:)`` finds it: the one
    /// of that name in the same file, else the only one of that name.
    private static func request(
        named name: String, near request: WorkspaceRequest, in named: [String: [WorkspaceRequest]]
    ) -> WorkspaceRequest? {
        let candidates = named[name] ?? []
        return candidates.first { $0.path == request.path } ?? (candidates.count == 1 ? candidates[0] : nil)
    }

    /// Keeps the response `end` brought for the request `id` (the latest wins) when a request of the run refers
    /// to it; a send with no response is not kept, so a reference falls back to the history.
    func record(_ end: TransferEnd, for id: RequestID) {
        guard referenced.contains(id), case .success(let response) = end.outcome else { return }
        var body: String?
        if case .memory(let bytes) = end.body.storage { body = String(decoding: bytes, as: UTF8.self) }
        let kept = Response(headers: Array(response.headers), body: body)
        responses.withLock { $0[id] = kept }
    }

    /// The values for the response references of `request` that this run's responses supply.
    func capturedValues(for request: WorkspaceRequest) -> [String: String] {
        let references = Workspace.responseReferences(in: request.request)
        guard !references.isEmpty else { return [:] }
        let known = responses.withLock { $0 }
        guard !known.isEmpty else { return [:] }
        var values: [String: String] = [:]
        for reference in references {
            guard let source = Self.request(named: reference.requestName, near: request, in: named),
                let response = known[source.id],
                let value = Workspace.value(of: reference, headers: response.headers, body: response.body)
            else { continue }
            values[reference.expression] = value
        }
        return values
    }
}
