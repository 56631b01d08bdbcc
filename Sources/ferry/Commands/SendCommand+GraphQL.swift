import FerryHTTP
import FerryWorkbench

extension ExitCode {
    /// A `GRAPHQL` request's response (2xx or 3xx) carries `errors`.
    static let graphQLErrors: Int32 = 6
}

extension Sender {
    /// For a `GRAPHQL` request, prints the response's `errors` to standard error in words, each with its
    /// locations in the query and path in the result; whether there were any.
    func reportGraphQLErrors(_ response: HTTPResponse) -> Bool {
        guard prepared.found.request.isGraphQL, let report = GraphQLResponseErrors(body: response.body) else {
            return false
        }
        let scrubber = prepared.prepared.scrubber
        let partial = report.hasData ? " (with partial data)" : ""
        let count = report.errors.count + report.omitted
        printError("ferry send: the GraphQL response has \(count) error\(count == 1 ? "" : "s")\(partial):")
        for entry in report.errors { printError("  - " + scrubber.scrub(entry.description)) }
        if report.omitted > 0 { printError("  … and \(report.omitted) more") }
        return true
    }
}
