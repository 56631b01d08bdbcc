import FerryJSON
import FerryWorkbench
import Foundation

// MARK: - Bodies

extension PostmanCollectionReader {
    /// The `Content-Type` Postman sends for a raw body's `options.raw.language`.
    static let rawContentTypes = [
        "json": "application/json", "xml": "application/xml", "html": "text/html",
        "javascript": "application/javascript", "text": "text/plain", "graphql": "application/graphql",
    ]

    /// A `body` of mode raw, urlencoded, formdata, file or graphql.
    mutating func readBody(_ node: PostmanJSON.Node?, into request: inout SavedRequest, name: String) {
        guard let node, node.kind == .object, node["disabled"]?.isTrue != true else { return }
        switch node["mode"]?.text {
        case "raw":
            guard let text = node["raw"]?.nonEmptyText else { return }
            request.body = ImportedText.body(text)
            if let language = node["options"]?["raw"]?["language"]?.text, let type = Self.rawContentTypes[language] {
                addMissing("Content-Type", type, to: &request)
            }
        case "urlencoded":
            let pairs = (node["urlencoded"]?.elements ?? []).compactMap { field -> String? in
                guard field["disabled"]?.isTrue != true, let key = field["key"]?.nonEmptyText else { return nil }
                return FormBody.escape(key) + "=" + FormBody.escape(field["value"]?.text ?? "")
            }
            guard !pairs.isEmpty else { return }
            request.body = pairs.joined(separator: "&")
            addMissing("Content-Type", "application/x-www-form-urlencoded", to: &request)
        case "formdata":
            readFormData(node["formdata"]?.elements ?? [], into: &request, name: name)
        case "file":
            if let path = node["file"]?["src"]?.nonEmptyText {
                request.body = "< " + ImportedText.includePath(path)
            } else if let content = node["file"]?["content"]?.nonEmptyText {
                request.body = ImportedText.body(content)
            } else {
                warn("the file body of '\(name)' names no file; no body written", at: node)
            }
        case "graphql":
            readGraphQL(node["graphql"], into: &request, name: name)
        case nil, "":
            return
        case let mode?:
            warn("body mode '\(mode)' of '\(name)' is not supported; no body written", at: node)
        }
    }

    /// Text and file parts as a multipart body as Ferry writes one; disabled parts left out.
    private mutating func readFormData(_ parts: [PostmanJSON.Node], into request: inout SavedRequest, name: String) {
        var fields: [FormField] = []
        for part in parts where part["disabled"]?.isTrue != true {
            guard let key = part["key"]?.nonEmptyText else { continue }
            let type = part["contentType"]?.nonEmptyText
            if part["type"]?.text == "file" {
                let sources =
                    part["src"].map {
                        $0.kind == .array ? $0.elements.compactMap(\.nonEmptyText) : [$0.nonEmptyText].compactMap { $0 }
                    } ?? []
                guard let source = sources.first else {
                    warn("the file part '\(key)' of '\(name)' names no file; left out", at: part)
                    continue
                }
                if sources.count > 1 {
                    warn(
                        "the file part '\(key)' of '\(name)' sends \(sources.count) files; only the first is imported",
                        at: part)
                }
                fields.append(FormField(name: key, filePath: ImportedText.includePath(source), contentType: type))
            } else {
                var field = FormField(
                    name: key, value: (part["value"]?.text ?? "").replacingOccurrences(of: "\r\n", with: "\n"))
                field.contentType = type
                fields.append(field)
            }
        }
        guard !fields.isEmpty else { return }
        let boundary: String
        if let given = MultipartBody.boundary(inContentType: request.header("Content-Type")) {
            boundary = given
        } else {
            boundary = MultipartBody.defaultBoundary
            request.setHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")
        }
        request.body = MultipartBody.text(from: fields, boundary: boundary)
    }

    /// `{ "query": …, "variables": … }` as a JSON body.
    private mutating func readGraphQL(_ node: PostmanJSON.Node?, into request: inout SavedRequest, name: String) {
        guard let node, let query = node["query"]?.text else { return }
        var members = [JSONMember(key: "query", value: .string(query))]
        if let variables = node["variables"] {
            if let text = variables.text {
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    if let value = try? JSONValue(parsing: text, options: .lenient) {
                        members.append(JSONMember(key: "variables", value: value))
                    } else {
                        warn("the GraphQL variables of '\(name)' are not valid JSON; left out", at: variables)
                    }
                }
            } else if variables.kind == .object {
                members.append(JSONMember(key: "variables", value: variables.value))
            }
        }
        request.body = JSONValue.object(JSONObject(members)).formatted()
        addMissing("Content-Type", "application/json", to: &request)
    }
}
