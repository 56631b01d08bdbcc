import FerryJSON
import FerryWorkbench

// MARK: - Security requirements as headers and query parameters

extension OpenAPIConverter {
    /// Applies the first security requirement of the operation (else of the document): Bearer and Basic
    /// `Authorization` headers, API keys in a header, the query or a cookie; OAuth 2 and OpenID Connect as
    /// a Bearer `{{accessToken}}` with a warning. Secret variables go to ``secretNames``.
    mutating func applySecurity(
        to request: inout SavedRequest, query: inout [String], operation: JSONObject, pointer: String
    ) {
        let requirements = operation["security"]?.arrayValue ?? root["security"].value?.arrayValue ?? []
        guard let first = requirements.first?.objectValue else { return }
        let definitionsPointer = isSwagger2 ? "/securityDefinitions" : "/components/securitySchemes"
        for name in first.keys {
            let schemePointer = OpenAPIPointer.appending(name, to: definitionsPointer)
            guard let scheme = root.value(atPointer: schemePointer),
                let (object, objectPointer) = resolved(scheme, at: schemePointer).objectWithPointer
            else {
                warn(
                    "security scheme '\(name)' is not defined; no auth added",
                    at: OpenAPIPointer.appending("security", to: pointer))
                continue
            }
            apply(scheme: object, named: name, at: objectPointer, to: &request, query: &query)
        }
    }

    /// Applies one security scheme.
    private mutating func apply(
        scheme: JSONObject, named name: String, at pointer: String, to request: inout SavedRequest,
        query: inout [String]
    ) {
        let type = scheme["type"]?.stringValue ?? ""
        switch type {
        case "http" where scheme["scheme"]?.stringValue?.lowercased() == "bearer":
            request.setHeader("Authorization", "Bearer {{token}}")
            addSecret("token")
        case "http" where scheme["scheme"]?.stringValue?.lowercased() == "basic", "basic":
            request.setHeader("Authorization", "Basic {{username}} {{password}}")
            addSecret("username")
            addSecret("password")
        case "apiKey":
            let keyName = scheme["name"]?.stringValue ?? name
            let variable = Self.variableName(keyName)
            switch scheme["in"]?.stringValue {
            case "query": query.append(Self.queryEscape(keyName) + "={{\(variable)}}")
            case "cookie": request.setHeader("Cookie", "\(keyName)={{\(variable)}}")
            default: request.setHeader(keyName, "{{\(variable)}}")
            }
            addSecret(variable)
        case "oauth2", "openIdConnect":
            request.setHeader("Authorization", "Bearer {{accessToken}}")
            addSecret("accessToken")
            if warnedSchemes.insert(name).inserted {
                warn(
                    "security scheme '\(name)' (\(type)) is imported as 'Authorization: Bearer {{accessToken}}'; "
                        + "get a token yourself and set accessToken", at: pointer)
            }
        default:
            if warnedSchemes.insert(name).inserted {
                let detail = type == "http" ? "http \(scheme["scheme"]?.stringValue ?? "")" : type
                warn("security scheme '\(name)' (\(detail)) is not supported; no auth added", at: pointer)
            }
        }
    }
}
