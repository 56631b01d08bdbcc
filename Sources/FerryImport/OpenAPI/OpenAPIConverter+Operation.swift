import FerryJSON
import FerryWorkbench

// MARK: - One operation as a request

extension OpenAPIConverter {
    /// The longest comment line kept from a summary or description.
    static let commentLength = 160

    /// The request for `method` `path`: title, comments, URL with parameters, headers, auth and body.
    mutating func makeRequest(
        method: String, path: String, operation: JSONObject, pathItem: JSONObject, pointer: String
    ) -> SavedRequest {
        let upper = method.uppercased()
        let summary = Self.oneLine(operation["summary"]?.stringValue)
        let title = Self.oneLine(operation["operationId"]?.stringValue) ?? summary ?? "\(upper) \(path)"
        var request = SavedRequest(title: title, method: upper, url: "")

        var comments: [String] = []
        if let summary, summary != title { comments.append(summary) }
        if let description = Self.oneLine(operation["description"]?.stringValue), description != summary {
            comments.append(description)
        }
        if operation["deprecated"]?.boolValue == true { comments.append("Deprecated.") }

        let parameters = self.parameters(of: operation, pathItem: pathItem, pointer: pointer)
        var query: [String] = []
        var optionalNames: [String] = []
        for parameter in parameters {
            let variable = Self.variableName(parameter.name)
            switch parameter.location {
            case "path":
                addExampleVariable(variable, parameter.exampleValue.map(Self.parameterText) ?? "")
            case "query" where parameter.isRequired:
                query.append(Self.queryEscape(parameter.name) + "={{\(variable)}}")
                addExampleVariable(variable, parameter.exampleValue.map(Self.parameterText) ?? "")
            case "header" where parameter.isRequired:
                request.setHeader(parameter.name, "{{\(variable)}}")
                addExampleVariable(variable, parameter.exampleValue.map(Self.parameterText) ?? "")
            case "query", "header", "cookie":
                optionalNames.append("\(parameter.name) (\(parameter.location))")
            default:
                break
            }
        }
        if !optionalNames.isEmpty { comments.append("Optional: " + optionalNames.joined(separator: ", ")) }
        if operation["callbacks"] != nil {
            warn(
                "callbacks of \(upper) \(path) are not imported", at: OpenAPIPointer.appending("callbacks", to: pointer)
            )
        }
        if operation["servers"] != nil {
            warn(
                "servers of \(upper) \(path) are not imported; {{baseUrl}} is used",
                at: OpenAPIPointer.appending("servers", to: pointer))
        }

        applySecurity(to: &request, query: &query, operation: operation, pointer: pointer)
        let url = "{{baseUrl}}" + Self.templatedPath(path)
        request.url = query.isEmpty ? url : url + "?" + query.joined(separator: "&")
        if let accept = acceptType(of: operation, pointer: pointer) { request.setHeader("Accept", accept) }
        applyBody(to: &request, operation: operation, parameters: parameters, pointer: pointer)
        request.preamble = comments.map { PreambleItem(.comment, text: "# " + $0) }
        return request
    }

    // MARK: - Parameters

    /// The path item's parameters, then the operation's (which replace those of the same name and place),
    /// resolved.
    mutating func parameters(of operation: JSONObject, pathItem: JSONObject, pointer: String) -> [OpenAPIParameter] {
        let itemPointer = String(pointer[..<(pointer.lastIndex(of: "/") ?? pointer.endIndex)])
        var result: [OpenAPIParameter] = []
        let lists: [(JSONValue?, String)] = [
            (pathItem["parameters"], OpenAPIPointer.appending("parameters", to: itemPointer)),
            (operation["parameters"], OpenAPIPointer.appending("parameters", to: pointer)),
        ]
        for (list, listPointer) in lists {
            for (index, entry) in (list?.arrayValue ?? []).enumerated() {
                guard let (object, objectPointer) = resolved(entry, at: listPointer + "/\(index)").objectWithPointer,
                    let name = object["name"]?.stringValue, let location = object["in"]?.stringValue
                else { continue }
                let required = location == "path" || object["required"]?.boolValue == true
                let parameter = OpenAPIParameter(
                    name: name, location: location, isRequired: required, object: object, pointer: objectPointer)
                if let existing = result.firstIndex(where: { $0.name == name && $0.location == location }) {
                    result[existing] = parameter
                } else {
                    result.append(parameter)
                }
            }
        }
        return result
    }

    // MARK: - Text

    /// `path` with `{name}` turned into `{{name}}` (names made variable names).
    static func templatedPath(_ path: String) -> String {
        var result = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += "{{" + variableName(String(rest[rest.index(after: open)..<close])) + "}}"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// A parameter's example as a variable value: scalars as text, an array of scalars comma-separated
    /// (the default serialization of Swagger 2.0 and of OpenAPI 3 path parameters), objects as compact JSON.
    static func parameterText(_ value: JSONValue) -> String {
        if let items = value.arrayValue, items.allSatisfy({ $0.arrayValue == nil && $0.objectValue == nil }) {
            return items.map(text).joined(separator: ",")
        }
        return text(of: value)
    }

    /// A query parameter name with the characters that would break a URL's query escaped.
    static func queryEscape(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.value > 0x20, scalar.value < 0x7F, !"&=#%+ ".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true) }
            }
        }
        return result
    }

    /// The first line of `text`, trimmed and cut to ``commentLength`` characters; `nil` when empty.
    static func oneLine(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmedSpaces } ?? ""
        guard !line.isEmpty else { return nil }
        var result = line.count > commentLength ? String(line.prefix(commentLength - 1)) + "…" : String(line)
        if result.hasPrefix("@") { result = "at " + result.dropFirst() }
        return result
    }
}
