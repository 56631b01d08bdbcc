import FerryJSON
import FerryWorkbench

// MARK: - Request bodies and Accept

extension OpenAPIConverter {
    /// Whether `mediaType` is JSON (`application/json`, `…+json`, parameters ignored).
    static func isJSON(_ mediaType: String) -> Bool {
        let base = mediaType.split(separator: ";").first.map { $0.trimmedSpaces.lowercased() } ?? ""
        return base.hasSuffix("/json") || base.hasSuffix("+json")
    }

    /// The base of a media type, lower-cased, parameters dropped.
    static func baseType(_ mediaType: String) -> String {
        mediaType.split(separator: ";").first.map { $0.trimmedSpaces.lowercased() } ?? ""
    }

    /// Sets the request's body and `Content-Type` from the operation's request body (3.x) or its `body` /
    /// `formData` parameters (2.0).
    mutating func applyBody(
        to request: inout SavedRequest, operation: JSONObject, parameters: [OpenAPIParameter], pointer: String
    ) {
        if isSwagger2 {
            let consumes =
                (operation["consumes"] ?? root["consumes"].value)?.arrayValue?.compactMap(\.stringValue) ?? []
            if let body = parameters.first(where: { $0.location == "body" }) {
                let type = consumes.first(where: Self.isJSON) ?? consumes.first ?? "application/json"
                let schemaPointer = OpenAPIPointer.appending("schema", to: body.pointer)
                applyMedia(type, example: nil, schema: body.object["schema"], at: schemaPointer, to: &request)
            } else {
                let form = parameters.filter { $0.location == "formData" }
                guard !form.isEmpty else { return }
                let multipart =
                    consumes.contains { Self.baseType($0) == "multipart/form-data" }
                    || form.contains { $0.object["type"]?.stringValue == "file" }
                var object = JSONObject()
                var fileFields = Set<String>()
                for parameter in form {
                    if parameter.object["type"]?.stringValue == "file" { fileFields.insert(parameter.name) }
                    sampleBudget = Self.sampleNodeLimit
                    object[parameter.name] =
                        parameter.exampleValue
                        ?? sample(parameter.schema, at: parameter.pointer, depth: 0, visiting: [])
                }
                setFormBody(object, multipart: multipart, fileFields: fileFields, on: &request)
            }
            return
        }
        let bodyPointer = OpenAPIPointer.appending("requestBody", to: pointer)
        guard let requestBody = operation["requestBody"],
            let (object, objectPointer) = resolved(requestBody, at: bodyPointer).objectWithPointer,
            let content = object["content"]?.objectValue,
            let chosen = content.first(where: { Self.isJSON($0.key) })
                ?? content.first
        else { return }
        let mediaPointer = OpenAPIPointer.appending(
            chosen.key, to: OpenAPIPointer.appending("content", to: objectPointer))
        let media = chosen.value.objectValue ?? JSONObject()
        var example = media["example"]
        if example == nil, let first = media["examples"]?.objectValue?.first {
            let examplePointer = OpenAPIPointer.appending(
                first.key, to: OpenAPIPointer.appending("examples", to: mediaPointer))
            example = resolved(first.value, at: examplePointer)?.0.objectValue?["value"]
        }
        applyMedia(
            chosen.key, example: example, schema: media["schema"],
            at: OpenAPIPointer.appending("schema", to: mediaPointer), to: &request)
    }

    /// Sets a body of `mediaType` from `example`, else a sample of `schema`.
    private mutating func applyMedia(
        _ mediaType: String, example: JSONValue?, schema: JSONValue?, at schemaPointer: String,
        to request: inout SavedRequest
    ) {
        sampleBudget = Self.sampleNodeLimit
        let base = Self.baseType(mediaType)
        func value(_ converter: inout OpenAPIConverter) -> JSONValue {
            example ?? schema.map { converter.sample($0, at: schemaPointer, depth: 0, visiting: []) } ?? .object([:])
        }
        if Self.isJSON(mediaType) {
            request.setHeader("Content-Type", mediaType)
            request.body = value(&self).formatted(.pretty(indent: 2))
        } else if base == "application/x-www-form-urlencoded" || base == "multipart/form-data" {
            let sampled = value(&self)
            var fileFields = Set<String>()
            if base == "multipart/form-data", let schema {
                fileFields = binaryProperties(of: schema, at: schemaPointer)
            }
            setFormBody(
                sampled.objectValue ?? JSONObject(), multipart: base == "multipart/form-data", fileFields: fileFields,
                on: &request)
        } else {
            request.setHeader("Content-Type", mediaType)
            if let text = example?.stringValue, !text.isEmpty, !text.contains("\n") {
                request.body = text
            } else if base.hasPrefix("text/") || base.hasSuffix("xml") {
                request.body = "<\(base) body>"
            } else {
                request.body = "< ./request-body.bin"
            }
        }
    }

    /// A urlencoded or multipart body of `object`'s members; `fileFields` become `< ./name` file parts.
    private func setFormBody(
        _ object: JSONObject, multipart: Bool, fileFields: Set<String>, on request: inout SavedRequest
    ) {
        let fields = object.members.map { member in
            fileFields.contains(member.key)
                ? FormField(name: member.key, filePath: "./" + ImportNaming.safeComponent(member.key, fallback: "file"))
                : FormField(name: member.key, value: Self.text(of: member.value))
        }
        if multipart {
            request.setHeader("Content-Type", BodyKind.multipart.contentType ?? "multipart/form-data")
            request.body = MultipartBody.text(from: fields, boundary: MultipartBody.defaultBoundary)
        } else {
            request.setHeader("Content-Type", "application/x-www-form-urlencoded")
            request.body = FormBody.text(from: fields)
        }
    }

    /// The names of the schema's properties that hold files (`format: binary` or `base64`, or arrays of them).
    private mutating func binaryProperties(of schema: JSONValue, at pointer: String) -> Set<String> {
        guard let (object, objectPointer) = resolved(schema, at: pointer).objectWithPointer else { return [] }
        var names = Set<String>()
        let propertiesPointer = OpenAPIPointer.appending("properties", to: objectPointer)
        for member in object["properties"]?.objectValue?.members ?? [] {
            guard
                var (property, _) = resolved(
                    member.value, at: OpenAPIPointer.appending(member.key, to: propertiesPointer))
            else { continue }
            if let items = property.objectValue?["items"] { property = items }
            let format = property.objectValue?["format"]?.stringValue
            if format == "binary" || format == "base64" || property.objectValue?["contentMediaType"] != nil {
                names.insert(member.key)
            }
        }
        return names
    }

    /// The `Accept` value: the first media type of the first success response (2.0: `produces`), unless `*/*`.
    mutating func acceptType(of operation: JSONObject, pointer: String) -> String? {
        let type: String?
        if isSwagger2 {
            type = (operation["produces"] ?? root["produces"].value)?.arrayValue?.first?.stringValue
        } else {
            guard let responses = operation["responses"]?.objectValue else { return nil }
            let chosen =
                responses.first { $0.key.hasPrefix("2") } ?? responses.first { $0.key == "default" } ?? responses.first
            guard let chosen else { return nil }
            let responsePointer = OpenAPIPointer.appending(
                chosen.key, to: OpenAPIPointer.appending("responses", to: pointer))
            type = resolved(chosen.value, at: responsePointer)?.0.objectValue?["content"]?.objectValue?.first?.key
        }
        guard let type, type != "*/*" else { return nil }
        return type
    }
}
