import FerryHTTP
import FerryJSON
import Foundation

/// A schema introspected from an endpoint, with what the cache keeps of it.
public struct GraphQLIntrospection: Sendable {
    /// The endpoint's URL, resolved, secrets masked (the cache's key).
    public var endpoint: String
    /// The schema read from the result.
    public var schema: GraphQLSchema
    /// The result's `__schema` object, as ``GraphQLSchemaCache`` writes it.
    public var schemaJSON: JSONValue
}

extension SavedRequest {
    /// The request that asks this request's endpoint for its schema: the same URL, headers, auth and
    /// pre-request scripts, ``GraphQLSchema/introspectionQuery`` as the query, no response handlers or
    /// `>>` outputs, not logged in the history.
    public var introspectionRequest: SavedRequest {
        var request = self
        request.explicitMethod = Self.graphQLMethod
        request.body = GraphQLSchema.introspectionQuery
        request.bodyComments = []
        request.responseHandlers = []
        request.preamble.append(PreambleItem(.directive(name: "no-log", value: ""), text: "# @no-log"))
        return request
    }
}

extension RequestSender {
    /// The largest introspection result read.
    public static let introspectionBodyLimit = 16 << 20

    /// Sends `plan`'s request as an introspection query (``SavedRequest/introspectionRequest``) through this
    /// sender, so its variables, auth and cookies are the ones a send of it uses, and reads the schema; the
    /// failure says why in words (the server refused introspection, answered with an HTTP error, …).
    public func introspect(_ plan: SendPlan) async -> Result<GraphQLIntrospection, GraphQLSchemaError> {
        var plan = plan
        plan.request.request = plan.request.request.introspectionRequest
        var send: PreparedSend
        do throws(SendFailure) {
            send = try prepare(plan)
        } catch {
            return .failure(GraphQLSchemaError("cannot prepare the introspection query: \(error.description)"))
        }
        send.request.responseBody = .memory(limit: Self.introspectionBodyLimit)
        var ended: TransferEnd?
        for await event in start(send).events {
            if case .ended(let end) = event { ended = end }
        }
        guard let ended else { return .failure(GraphQLSchemaError("the introspection ended without a response")) }
        return Self.introspection(from: ended, endpoint: send.prepared.maskedURL)
    }

    /// Reads the schema out of an introspection's end.
    static func introspection(from end: TransferEnd, endpoint: String) -> Result<
        GraphQLIntrospection, GraphQLSchemaError
    > {
        let response: HTTPResponse
        switch end.result {
        case .failure(let error): return .failure(GraphQLSchemaError("the introspection query failed: \(error)"))
        case .success(let got): response = got
        }
        let body = response.body
        let errors = GraphQLResponseErrors(body: body)
        let firstError = errors?.errors.first.map { ": \($0.message)" } ?? ""
        guard (200..<300).contains(response.status) else {
            return .failure(
                GraphQLSchemaError("the server answered the introspection query with \(response.status)\(firstError)"))
        }
        guard let json = try? JSONValue(parsing: body) else {
            return .failure(GraphQLSchemaError("the answer to the introspection query is not JSON"))
        }
        guard let schemaJSON = json.objectValue?["data"]?.objectValue?["__schema"], !schemaJSON.isNull else {
            return .failure(
                GraphQLSchemaError("introspection is disabled on this server or refused\(firstError)"))
        }
        do throws(GraphQLSchemaError) {
            let schema = try GraphQLSchema(introspection: schemaJSON)
            return .success(GraphQLIntrospection(endpoint: endpoint, schema: schema, schemaJSON: schemaJSON))
        } catch {
            return .failure(error)
        }
    }
}
