import FerryHTTP
import FerryWorkbench
import Foundation

// MARK: - GraphQL: the schema cache, introspection, response errors

extension EffectRunner {
    /// The largest response whose `errors` are read.
    static let graphQLErrorsBodyLimit = 16 << 20

    /// Reads `.ferry/graphql` and posts what it holds (on the file queue).
    func loadGraphQLSchemas() {
        let (schemas, problems) = GraphQLSchemaCache(stateFolder: stateFolder).readAll()
        guard !schemas.isEmpty || !problems.isEmpty else { return }
        post(.graphQL(.cachedSchemasLoaded(schemas, problems: problems)))
    }

    /// Introspects `plan`'s endpoint through the session's sender, writes the result to the cache under
    /// `endpoint` (the key the workbench looks it up by), and posts the schema or why there is none.
    func introspect(_ endpoint: String, _ plan: SendPlan) {
        begin()
        let sender = self.sender
        let stateFolder = self.stateFolder
        Task(executorPreference: streams) {
            defer { self.end() }
            switch await sender.introspect(plan) {
            case .failure(let error):
                self.post(
                    .graphQL(.schemaFetched(endpoint: endpoint, .failure(error), cacheProblem: nil, at: self.now())))
            case .success(let introspection):
                var problem: String?
                let fetched = self.now()
                do {
                    try plan.workspace.ensureStateFolder()
                    try GraphQLSchemaCache(stateFolder: stateFolder).write(
                        introspection.schemaJSON, for: endpoint, fetched: fetched)
                } catch {
                    problem = "\(error)"
                }
                self.post(
                    .graphQL(
                        .schemaFetched(
                            endpoint: endpoint, .success(introspection.schema), cacheProblem: problem, at: fetched)))
            }
        }
    }

    /// Reads the GraphQL `errors` of send `id`'s response (off the loop) and posts them.
    func readGraphQLErrors(_ id: SendID, _ end: TransferEnd) {
        guard end.body.count <= Self.graphQLErrorsBodyLimit else { return }
        let errors = GraphQLResponseErrors(body: Data(end.body.prefix(end.body.count)))
        post(.graphQL(.responseErrorsRead(id, errors)))
    }
}
