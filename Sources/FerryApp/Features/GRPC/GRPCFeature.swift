import FerryProtobuf
import FerryWorkbench
import Foundation

/// gRPC as a feature that owns its state (``State``: each endpoint's descriptors, fetched once through the
/// sender's own order: `# @proto`, `.ferry/grpc`, server reflection): fetching them when a call is first sent to
/// an endpoint or on request (Ctrl-L, as GraphQL fetches its schema), taking in what came back, and accepting a
/// field's completion in the body (typed into it by the editor, asked of the root).
enum GRPCFeature {
    /// Each endpoint's descriptors.
    struct State: Sendable {
        /// Where an endpoint's descriptors stand.
        enum Descriptors: Sendable {
            /// Being fetched; `isAsked` when the user asked (Ctrl-L), so the result is reported.
            case fetching(isAsked: Bool)
            /// Known, from `source` (server reflection, the cache or a file).
            case loaded(DescriptorPool, source: String)
            /// The last fetch failed: why.
            case failed(String)

            /// Whether a fetch the user asked for is under way.
            var isAsked: Bool {
                if case .fetching(let isAsked) = self { return isAsked }
                return false
            }

            /// The pool to complete and check with, if any.
            var pool: DescriptorPool? {
                if case .loaded(let pool, _) = self { return pool }
                return nil
            }
        }

        /// The descriptors by endpoint (`host:port`, with ` tls` after it for TLS, as `.ferry/grpc` keys them).
        var descriptors: [String: Descriptors] = [:]
        /// How many times descriptors were loaded: a body checked with earlier ones is checked again.
        var loads = 0
        /// The last body check, kept for the frames that draw it again.
        let bodyChecks = GRPCBodyCheck.Memo<[[Character]]>()
    }

    /// What gRPC reads of the rest of the app.
    struct Context {
        /// The open request's endpoint and the plan to fetch its descriptors with, when the open request is a
        /// `GRPC` one whose target resolves.
        var fetch: (endpoint: String, plan: SendPlan)?
        /// What is left to type of the first field completion at the body's cursor, when one is offered.
        var completionRest: String?
    }

    /// Applies a gRPC action.
    static func reduce(_ action: GRPCAction, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch action {
        case .descriptorsNeeded:
            guard let (endpoint, plan) = context.fetch, state.descriptors[endpoint] == nil else { return .none }
            state.descriptors[endpoint] = .fetching(isAsked: false)
            return .run([.loadGRPCDescriptors(endpoint: endpoint, plan)])
        case .descriptorsRequested:
            guard let (endpoint, plan) = context.fetch else {
                return .report(.error("The gRPC target does not resolve: write GRPC host:port/package.Service/Method."))
            }
            if case .fetching = state.descriptors[endpoint] { return .none }
            state.descriptors[endpoint] = .fetching(isAsked: true)
            return FeatureOutput(
                effects: [.loadGRPCDescriptors(endpoint: endpoint, plan)],
                requests: [.report(.info("Fetching the descriptors of \(endpoint)…"))])
        case .descriptorsLoaded(let endpoint, .success(let loaded)):
            // Fetched for a send, they are there for the editor without a word; asked for, they are reported.
            let isAsked = state.descriptors[endpoint]?.isAsked == true
            state.descriptors[endpoint] = .loaded(loaded.pool, source: loaded.source)
            state.loads += 1
            guard isAsked else { return .none }
            let count = loaded.pool.allServices.count
            let services = "\(count) service\(count == 1 ? "" : "s")"
            return .report(.info("Descriptors of \(endpoint): \(services) (\(loaded.source))."))
        case .descriptorsLoaded(let endpoint, .failure(let error)):
            let isAsked = state.descriptors[endpoint]?.isAsked == true
            state.descriptors[endpoint] = .failed(error.description)
            guard isAsked else { return .none }
            return .report(.error("No descriptors for \(endpoint): \(error.description)"))
        case .completionAccepted:
            guard let rest = context.completionRest else { return .none }
            return FeatureOutput(requests: [.dispatch(.editor(.bodyEdited(.paste(rest))))])
        }
    }
}

extension GRPCFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) {
        var fetch: (endpoint: String, plan: SendPlan)?
        if let endpoint = state.grpcEndpoint, let (_, plan) = AppReducer.openPlan(state) { fetch = (endpoint, plan) }
        let completion = state.grpcCompletion
        self.init(
            fetch: fetch,
            completionRest: completion.flatMap { found in
                found.candidates.first.map { String($0.name.dropFirst(found.partial.count)) }
            })
    }
}
