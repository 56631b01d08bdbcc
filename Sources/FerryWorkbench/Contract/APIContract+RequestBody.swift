import FerryHTTP
import FerryJSON

extension APIContract {
    /// Checks the body of a request to `method` `url` against the matched operation's `requestBody`: a body it
    /// requires (`required: true`) that is missing, a content type it does not declare (parameters ignored, as for
    /// a response), and a JSON body that is not JSON or breaks the media type's schema (JSON Schema 2020-12,
    /// `format` asserted). No violation when the operation declares no `requestBody`; no operation when none matches.
    public func checkRequest(method: String, url: String, contentType: String?, body: [UInt8]?) -> ContractCheck {
        guard let operation = operation(method: method, url: url) else {
            return ContractCheck(contract: fileName, operation: nil)
        }
        var check = ContractCheck(contract: fileName, operation: operation.name)
        check.line = operation.line
        check.violations = requestBodyViolations(of: operation, contentType: contentType, body: body)
        return check
    }

    /// What is wrong with a request body by `operation`'s `requestBody` (see ``checkRequest(method:url:contentType:body:)``).
    private func requestBodyViolations(of operation: ContractOperation, contentType: String?, body: [UInt8]?)
        -> [ContractViolation]
    {
        guard let declared = operation.value.objectValue?["requestBody"] else { return [] }
        let (requestBody, location) = dereferenced(declared, at: operation.location + "/requestBody")
        guard let object = requestBody.objectValue else { return [] }
        guard let body, !body.isEmpty else {
            guard object["required"]?.boolValue == true else { return [] }
            return [
                ContractViolation(
                    place: "request body", message: "missing; \(operation.name) requires one",
                    schemaLocation: location + "/required")
            ]
        }
        guard let content = object["content"]?.objectValue, !content.isEmpty else { return [] }
        let declaredTypes = content.keys.joined(separator: ", ")
        guard let contentType, !contentType.isEmpty else {
            return [
                ContractViolation(
                    place: "request Content-Type", message: "missing; the contract declares \(declaredTypes)",
                    schemaLocation: location + "/content")
            ]
        }
        let mediaType = MediaType(contentType)
        guard let mediaKey = Self.mediaKey(for: mediaType.essence, among: content.keys) else {
            return [
                ContractViolation(
                    place: "request Content-Type",
                    message: "\(mediaType.essence) is not declared (declared: \(declaredTypes))",
                    schemaLocation: location + "/content")
            ]
        }
        let mediaLocation = location + "/content/" + JSONPointerEscaping.escaped(mediaKey)
        guard let schema = content[mediaKey]?.objectValue?["schema"], mediaType.isJSON else { return [] }
        let instance: JSONValue
        do {
            instance = try JSONValue(parsing: body)
        } catch {
            return [
                ContractViolation(
                    place: "request body",
                    message: "is not valid JSON (line \(error.line), column \(error.column)): \(error.message)")
            ]
        }
        let validator = JSONSchema(schema, in: document, at: mediaLocation + "/schema", assertsFormat: true)
        return validator.violations(of: instance).map(ContractViolation.init)
    }
}
