import FerryJSON
import Foundation

extension SavedRequest {
    /// The method word of a GraphQL request: `GRAPHQL https://host/graphql`.
    public static let graphQLMethod = "GRAPHQL"

    /// Whether the request is written `GRAPHQL url`: its body is a query and optional variables, sent as a
    /// `POST` of `{"query", "variables", "operationName"}`.
    public var isGraphQL: Bool { explicitMethod == Self.graphQLMethod }

    /// The query and variables of a GraphQL request's body; `nil` for other requests or without a body.
    public var graphQLParts: GraphQLRequestParts? {
        guard isGraphQL, let body else { return nil }
        return GraphQLRequestParts(body: body)
    }

    /// The JSON body of a GraphQL request and its masked text, variables resolved with `resolver`; throws a
    /// ``VariableError`` for a missing query, or variables that are not a JSON object once resolved.
    func graphQLBody(resolver: TemplateResolver) throws -> (Data, String) {
        guard let parts = graphQLParts, !parts.query.allSatisfy({ $0.isWhitespace }) else {
            throw VariableError(
                .invalidGraphQL("a GRAPHQL request needs a query after the headers and a blank line"),
                part: "the query", location: resolver.location)
        }
        let query = try resolver.resolve(parts.query)
        var members: [JSONMember] = [JSONMember(key: "query", value: .string(query.value))]
        var masked: [JSONMember] = [JSONMember(key: "query", value: .string(query.masked))]
        if let text = parts.variables {
            var location = resolver.location
            if let offset = parts.variablesLineOffset { location?.line += offset }
            let output = try resolver.resolve(text)
            let variables: JSONValue
            do {
                variables = try JSONValue(parsing: output.value)
            } catch {
                throw VariableError(
                    .invalidGraphQL("the variables are not JSON once resolved: \(error.message)"),
                    part: "the GraphQL variables", location: Self.shifted(location, by: error.line - 1))
            }
            guard variables.objectValue != nil else {
                throw VariableError(
                    .invalidGraphQL("the variables must be a JSON object { … }"), part: "the GraphQL variables",
                    location: location)
            }
            members.append(JSONMember(key: "variables", value: variables))
            masked.append(
                JSONMember(key: "variables", value: (try? JSONValue(parsing: output.masked)) ?? .string(output.masked)))
        }
        if let name = (try? GraphQLParser.document(query.value))?.operationName {
            members.append(JSONMember(key: "operationName", value: .string(name)))
            masked.append(JSONMember(key: "operationName", value: .string(name)))
        }
        let body = JSONValue.object(JSONObject(members)).formatted(.compact)
        return (Data(body.utf8), JSONValue.object(JSONObject(masked)).formatted(.compact))
    }

    static func shifted(_ location: SourceLocation?, by lines: Int) -> SourceLocation? {
        guard var location else { return nil }
        location.line += max(0, lines)
        return location
    }
}
