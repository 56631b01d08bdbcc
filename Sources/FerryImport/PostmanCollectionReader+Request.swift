import FerryJSON
import FerryWorkbench
import Foundation

// MARK: - One request

extension PostmanCollectionReader {
    /// The request of an item (`nil`, with a warning, when it has no URL).
    mutating func readRequest(
        _ item: PostmanJSON.Node, _ node: PostmanJSON.Node, inheritedAuth: PostmanJSON.Node?, behavior: Behavior
    ) -> SavedRequest? {
        let name = item["name"]?.text ?? ""
        var pathVariables: [(name: String, value: String)] = []
        let url = node.kind == .string ? node.text ?? "" : self.url(node["url"], pathVariables: &pathVariables)
        guard !url.trimmingCharacters(in: .whitespaces).isEmpty else {
            warn("request '\(name)' has no URL; skipped", at: item)
            return nil
        }
        let method = node["method"]?.nonEmptyText?.uppercased() ?? "GET"
        var request = SavedRequest(method: method, url: url.replacingOccurrences(of: " ", with: "%20"))
        let title = name.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        request.title = title.isEmpty ? ImportNaming.title(method: method, url: url) : title
        request.preamble += Self.descriptionLines(node["description"] ?? item["description"]).map {
            PreambleItem(.comment, text: $0)
        }
        let itemBehavior = Self.behavior(item["protocolProfileBehavior"], inherited: behavior)
        if itemBehavior.noRedirect { request.preamble.append(.directive("no-redirect")) }
        if itemBehavior.insecure { request.preamble.append(.directive("insecure")) }
        for variable in pathVariables where !variable.value.isEmpty {
            request.preamble.append(.variable(variable.name, variable.value))
        }
        readHeaders(node["header"], into: &request)
        readBody(node["body"], into: &request, name: name)
        let auth =
            node["auth"].flatMap { $0.kind == .object && $0["type"]?.text != "inherit" ? $0 : nil } ?? inheritedAuth
        applyAuth(auth, to: &request, name: name)
        translateScripts(of: item, into: &request, name: name)
        // Postman's `{{$guid}}` is Ferry's `{{$uuid}}`, `{{$randomFirstName}}` its `{{$random.name.firstName}}`…
        request.url = PostmanDynamicVariables.translated(request.url)
        request.body = request.body.map(PostmanDynamicVariables.translated)
        let unknown = Self.unknownDynamicVariables(in: request)
        if !unknown.isEmpty {
            warn(
                "'\(name)' uses Postman dynamic variables Ferry does not have (\(unknown.joined(separator: ", "))); "
                    + "sending it fails until they are replaced", at: item)
        }
        return request
    }

    /// The dynamic variables Ferry resolves (see `VariableContext.dynamicVariableNames`).
    static let ferryDynamicVariables = Set(VariableContext.dynamicVariableNames)

    /// `{{$name}}` references in the URL, headers and body that Ferry cannot resolve, in order.
    static func unknownDynamicVariables(in request: SavedRequest) -> [String] {
        let texts = [request.url] + request.headers.map(\.value) + [request.body ?? ""]
        var result: [String] = []
        for text in texts {
            var rest = Substring(text)
            while let open = rest.range(of: "{{$"), let close = rest[open.upperBound...].range(of: "}}") {
                let expression = rest[rest.index(before: open.upperBound)..<close.lowerBound]
                let name = String(expression.prefix { $0 != " " && $0 != "\t" })
                if !ferryDynamicVariables.contains(name) && !result.contains(name) { result.append(name) }
                rest = rest[close.upperBound...]
            }
        }
        return result
    }

    // MARK: - URL

    /// The URL of a `url` node (a string, or an object with `raw` or the parts), without disabled query
    /// parameters, `:name` path segments as `{{name}}` (their values in `pathVariables`).
    func url(_ node: PostmanJSON.Node?, pathVariables: inout [(name: String, value: String)]) -> String {
        guard let node else { return "" }
        if node.kind == .string { return convertPathVariables(node.text ?? "", values: [:], into: &pathVariables) }
        var base: String
        var query: String?
        var fragment: String?
        if let raw = node["raw"]?.text {
            var rest = Substring(raw)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let mark = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: mark)...])
                rest = rest[..<mark]
            }
            base = String(rest)
        } else {
            let host =
                node["host"].map {
                    $0.kind == .array ? $0.elements.compactMap(\.text).joined(separator: ".") : $0.text ?? ""
                } ?? ""
            let path = node["path"].map { segmentsText($0) } ?? ""
            base = (node["protocol"]?.nonEmptyText.map { $0 + "://" } ?? "") + host
            if let port = node["port"]?.nonEmptyText { base += ":" + port }
            if !path.isEmpty { base += "/" + path }
            fragment = node["hash"]?.nonEmptyText
        }
        if let items = node["query"], items.kind == .array {
            let pairs = items.elements.compactMap { item -> String? in
                guard item["disabled"]?.isTrue != true else { return nil }
                let key = item["key"]?.text ?? ""
                guard let value = item["value"]?.text else { return key.isEmpty ? nil : key }
                return key + "=" + value
            }
            query = pairs.isEmpty ? nil : pairs.joined(separator: "&")
        }
        var values: [String: String] = [:]
        for variable in node["variable"]?.elements ?? [] {
            if let key = (variable["key"] ?? variable["id"])?.nonEmptyText {
                values[key] = variable["value"]?.text ?? ""
            }
        }
        var result = convertPathVariables(base, values: values, into: &pathVariables)
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The `path` of a URL object: an array of strings (or `{ "value": … }`), or a string.
    private func segmentsText(_ node: PostmanJSON.Node) -> String {
        guard node.kind == .array else { return node.text ?? "" }
        return node.elements.compactMap { $0.kind == .object ? $0["value"]?.text : $0.text }.joined(separator: "/")
    }

    /// `/:id/` path segments as `/{{id}}/`, recording each name with its value.
    private func convertPathVariables(
        _ url: String, values: [String: String], into pathVariables: inout [(name: String, value: String)]
    ) -> String {
        var start = url.startIndex
        if let scheme = url.range(of: "://") {
            start = scheme.upperBound
        } else if url.hasPrefix("{{"), let close = url.range(of: "}}") {
            start = close.upperBound
        }
        guard let slash = url[start...].firstIndex(of: "/") else { return url }
        let segments = url[slash...].split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix(":"), segment.count > 1,
                segment.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            else { return String(segment) }
            let name = String(segment.dropFirst())
            if !pathVariables.contains(where: { $0.name == name }) { pathVariables.append((name, values[name] ?? "")) }
            return "{{\(name)}}"
        }
        return String(url[..<slash]) + segments.joined(separator: "/")
    }

    // MARK: - Headers

    /// Enabled headers as fields, disabled ones as `# Name: value` (Ferry's disabled headers).
    func readHeaders(_ node: PostmanJSON.Node?, into request: inout SavedRequest) {
        guard let node else { return }
        if node.kind == .string {
            for line in (node.text ?? "").split(whereSeparator: \.isNewline) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty {
                    request.headerLines.append(
                        .field(
                            name: name,
                            value: PostmanDynamicVariables.translated(
                                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))))
                }
            }
            return
        }
        for header in node.elements {
            guard let name = header["key"]?.nonEmptyText?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
                continue
            }
            let value = PostmanDynamicVariables.translated(
                (header["value"]?.text ?? "").replacingOccurrences(of: "\n", with: " ")
                    .replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespaces))
            if header["disabled"]?.isTrue == true {
                request.headerLines.append(.comment("# \(name): \(value)"))
            } else {
                request.headerLines.append(.field(name: name, value: value))
            }
        }
    }

    func addMissing(_ name: String, _ value: String, to request: inout SavedRequest) {
        if request.header(name) == nil { request.headerLines.append(.field(name: name, value: value)) }
    }
}
