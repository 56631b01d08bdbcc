import FerryWorkbench

/// The rules that map one HAR `request` object to a ``SavedRequest``. Text is taken as captured: a header whose
/// name or value the wire would refuse (a line break, a NUL) is left out with a warning naming the request by
/// ``ImportedCollection/File/safeForWriting()``, never changed here.
enum HARRequestMapping {
    /// Headers that belong to one connection or that the transfer computes (`Accept-Encoding` too: Ferry's
    /// transfer offers the encodings it can decode), never copied from a capture.
    static let droppedHeaders: Set<String> = [
        "content-length", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "upgrade",
        "trailer", "accept-encoding",
    ]

    /// The request: method (`GET` when missing), URL, kept headers, cookies and body.
    static func request(_ node: PostmanJSON.Node, url: String, host: String) -> SavedRequest {
        let method = node["method"]?.nonEmptyText?.uppercased() ?? "GET"
        var request = SavedRequest(method: method, url: url.replacingOccurrences(of: " ", with: "%20"))
        for header in node["headers"]?.elements ?? [] {
            guard let name = header["name"]?.text?.trimmingCharacters(in: .whitespaces),
                keeps(header: name, host: host, value: header["value"]?.text ?? "")
            else { continue }
            request.headerLines.append(.field(name: name, value: header["value"]?.text ?? ""))
        }
        if request.header("Cookie") == nil, let cookie = cookieHeader(node["cookies"]) {
            request.headerLines.append(.field(name: "Cookie", value: cookie))
        }
        readBody(node["postData"], into: &request)
        return request
    }

    /// Whether a captured header is sent again: not a pseudo-header (`:authority`), not hop-by-hop or computed,
    /// not a `Host` naming the URL's own host.
    static func keeps(header name: String, host: String, value: String) -> Bool {
        let lowered = name.lowercased()
        if name.isEmpty || name.hasPrefix(":") || droppedHeaders.contains(lowered) { return false }
        if lowered == "host" { return value.trimmingCharacters(in: .whitespaces).lowercased() != host.lowercased() }
        return true
    }

    /// `a=1; b=2` from a `cookies` array, `nil` when it holds none.
    static func cookieHeader(_ node: PostmanJSON.Node?) -> String? {
        let pairs = (node?.elements ?? []).compactMap { cookie -> String? in
            guard let name = cookie["name"]?.nonEmptyText else { return nil }
            return name + "=" + (cookie["value"]?.text ?? "")
        }
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }

    /// `postData.text` as the body with `mimeType` as its `Content-Type` (unless the headers name one); without
    /// text, `params` as a multipart body (for a `multipart/…` type) or a form body.
    static func readBody(_ node: PostmanJSON.Node?, into request: inout SavedRequest) {
        guard let node, node.kind == .object else { return }
        let mimeType = node["mimeType"]?.nonEmptyText
        if let text = node["text"]?.nonEmptyText, let body = ImportedText.body(text) {
            request.body = body
        } else {
            let params = (node["params"]?.elements ?? []).compactMap { param -> FormField? in
                guard let name = param["name"]?.nonEmptyText else { return nil }
                var field = FormField(name: name, value: param["value"]?.text ?? "")
                field.contentType = param["contentType"]?.nonEmptyText
                return field
            }
            guard !params.isEmpty else { return }
            if mimeType?.lowercased().hasPrefix("multipart/") == true {
                let boundary =
                    MultipartBody.boundary(inContentType: request.header("Content-Type") ?? mimeType)
                    ?? MultipartBody.defaultBoundary
                if MultipartBody.boundary(inContentType: request.header("Content-Type")) == nil {
                    request.setHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")
                }
                request.body = MultipartBody.text(from: params, boundary: boundary)
                return
            }
            request.body = params.map { FormBody.escape($0.name) + "=" + FormBody.escape($0.value) }
                .joined(separator: "&")
        }
        if request.header("Content-Type") == nil, let mimeType {
            request.headerLines.append(.field(name: "Content-Type", value: mimeType))
        }
    }

    /// The host (with its port when given) of an absolute `scheme://host/…` URL, `nil` for anything else.
    static func host(of url: String) -> String? {
        guard let scheme = url.range(of: "://"), url[..<scheme.lowerBound].allSatisfy({ $0.isLetter }) else {
            return nil
        }
        var authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return authority.isEmpty ? nil : String(authority)
    }
}
