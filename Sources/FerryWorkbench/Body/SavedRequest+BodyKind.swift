import FerryHTTP
import FerryJSON
import Foundation

// MARK: - The body as one of the editor's kinds

extension SavedRequest {
    /// The kind of body, from the `Content-Type` header and the body: a single `< ./path` line is a file
    /// (unless the type is a form), no body and no type is none, an unknown type is text.
    public var bodyKind: BodyKind {
        let type = header("Content-Type")?.lowercased() ?? ""
        if type.hasPrefix("multipart/") { return .multipart }
        if type.hasPrefix("application/x-www-form-urlencoded") { return .form }
        if let body, !body.contains("\n"), Self.include(in: Substring(body)) != nil { return .file }
        if !type.isEmpty, MediaType(type).isJSON { return .json }
        if (body ?? "").isEmpty && type.isEmpty { return .none }
        return .text
    }

    /// The fields of a form or multipart body, or `nil` when the body is of another kind or does not parse
    /// (it is then edited as raw text).
    public var formFields: [FormField]? {
        switch bodyKind {
        case .form: FormBody.fields(from: body)
        case .multipart:
            MultipartBody.boundary(inContentType: header("Content-Type")).flatMap {
                MultipartBody.fields(from: body, boundary: $0)
            }
        default: nil
        }
    }

    /// The file a file body sends (the path after `<`).
    public var bodyFilePath: String? {
        guard let body, !body.contains("\n"), let include = Self.include(in: Substring(body)) else { return nil }
        return include.path
    }

    /// Replaces the fields of a form or multipart body, keeping the text of unchanged fields.
    public mutating func setFormFields(_ fields: [FormField]) {
        switch bodyKind {
        case .form:
            body = FormBody.text(from: fields, original: body)
        case .multipart:
            let boundary =
                MultipartBody.boundary(inContentType: header("Content-Type")) ?? MultipartBody.defaultBoundary
            body = MultipartBody.text(from: fields, boundary: boundary, original: body)
        default:
            break
        }
    }

    /// Makes the body a file body sending `path` (keeping a `Content-Type` that is not a form's, else
    /// guessing one from the file's extension).
    public mutating func setFileBody(path: String) {
        let type = header("Content-Type")?.lowercased() ?? ""
        if type.isEmpty || type.hasPrefix("multipart/") || type.hasPrefix("application/x-www-form-urlencoded") {
            setHeader("Content-Type", FormField.contentType(forPath: path))
        }
        body = "< \(path)"
    }

    /// Changes the body to `kind`, setting `Content-Type` and converting what can be converted: form fields,
    /// multipart text fields and a flat JSON object turn into each other; text is kept as it is otherwise.
    /// A file body needs its path: use ``setFileBody(path:)``.
    public mutating func convertBody(to kind: BodyKind) {
        let current = bodyKind
        guard kind != current else { return }
        let fields = formFields ?? jsonObjectFields
        switch kind {
        case .none:
            body = nil
            removeHeader("Content-Type")
        case .json:
            setHeader("Content-Type", "application/json")
            if let fields { body = Self.jsonObject(fields.filter { !$0.isFile }) }
        case .text:
            setHeader("Content-Type", "text/plain")
        case .form:
            setHeader("Content-Type", "application/x-www-form-urlencoded")
            if let fields {
                body = FormBody.text(
                    from: fields.filter { !$0.isFile }.map { FormField(name: $0.name, value: $0.value) })
            }
        case .multipart:
            let boundary = MultipartBody.defaultBoundary
            let parts: [FormField]
            if let fields {
                parts = fields.map { $0.isFile ? $0 : FormField(name: $0.name, value: $0.value) }
            } else if let path = bodyFilePath {
                parts = [FormField(name: "file", filePath: path)]
            } else if let text = body, !text.isEmpty {
                parts = [FormField(name: "text", value: text)]
            } else {
                parts = []
            }
            setHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")
            body = MultipartBody.text(from: parts, boundary: boundary)
        case .file:
            setFileBody(path: bodyFilePath ?? "./body.bin")
        }
    }

    // MARK: - Internals

    /// The members of a JSON object body whose values are all scalars, as text fields.
    var jsonObjectFields: [FormField]? {
        guard bodyKind == .json, let body, case .object(let object)? = try? JSONValue(parsing: body) else {
            return nil
        }
        var fields: [FormField] = []
        for member in object.members {
            switch member.value {
            case .string(let text): fields.append(FormField(name: member.key, value: text))
            case .number(let number): fields.append(FormField(name: member.key, value: number.text))
            case .bool(let flag): fields.append(FormField(name: member.key, value: flag ? "true" : "false"))
            case .null: fields.append(FormField(name: member.key, value: ""))
            case .array, .object: return nil
            }
        }
        return fields
    }

    /// A pretty JSON object of string members.
    static func jsonObject(_ fields: [FormField]) -> String? {
        guard !fields.isEmpty else { return nil }
        let object = JSONObject(fields.map { JSONMember(key: $0.name, value: .string($0.value)) })
        return JSONValue.object(object).formatted()
    }
}
