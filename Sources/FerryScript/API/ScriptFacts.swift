import FerryJSON
import FerryWorkbench
import Foundation

/// The facts a run's `request` and `response` objects are built from, as the JSON the prelude's
/// `run` reads.
enum ScriptFacts {
    /// The facts as JSON; `liveID` names the open WebSocket handler the response's body subscribes to.
    static func json(request: ScriptRequestFacts, response: ScriptResponseFacts?, liveID: Int? = nil) -> String {
        let headers = request.headers.map { header -> JSONValue in
            ["name": .string(header.name), "raw": .string(header.raw), "substituted": .string(header.substituted)]
        }
        let requestValue: JSONValue = [
            "method": .string(request.method), "rawURL": .string(request.rawURL),
            "substitutedURL": .string(request.substitutedURL), "headers": .array(headers),
            "rawBody": request.rawBody.map(JSONValue.string) ?? .null,
            "substitutedBody": request.substitutedBody.map(JSONValue.string) ?? .null,
            "iteration": .number(JSONNumber(request.iteration)),
        ]
        let responseValue: JSONValue =
            response.map { response in
                [
                    "status": .number(JSONNumber(response.status)),
                    "statusText": .string(response.statusText),
                    "responseTime": response.responseTime.map { .number(JSONNumber($0)) } ?? .null,
                    "headers": .array(response.headers.map { .array([.string($0.name), .string($0.value)]) }),
                    "body": .string(String(decoding: response.body, as: UTF8.self)),
                    "isJSON": .bool(response.isJSON),
                    "mimeType": response.mimeType.map(JSONValue.string) ?? .null,
                    "charset": response.charset.map(JSONValue.string) ?? .null,
                    "liveId": liveID.map { .number(JSONNumber($0)) } ?? .null,
                    "lines": response.lines.map { .array($0.map(JSONValue.string)) } ?? .null,
                    "contract": response.contract.map(contractValue) ?? .null,
                ]
            } ?? .null
        let facts: JSONValue = ["request": requestValue, "response": responseValue]
        return facts.formatted(.compact)
    }

    /// What `response.contractViolations()` returns: each violation's `path`, `message` and `schemaLocation`;
    /// for a request no operation matches, one violation at `request` saying so.
    static func contractValue(_ check: ContractCheck) -> JSONValue {
        let violations =
            check.warning.map { [ContractViolation(place: "request", message: $0)] } ?? check.violations
        return .array(
            violations.map { violation in
                [
                    "path": .string(violation.place), "message": .string(violation.message),
                    "schemaLocation": violation.schemaLocation.map(JSONValue.string) ?? .null,
                ]
            })
    }
}
