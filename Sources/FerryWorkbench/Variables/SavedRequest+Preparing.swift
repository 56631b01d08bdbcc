import Foundation

// MARK: - Substituting variables (pure: no IO)

extension SavedRequest {
    /// The request with every `{{variable}}` substituted from `context`, file includes taken
    /// from ``VariableContext/includedFiles``, `Authorization: Basic user password` encoded as the
    /// JetBrains client does (base64 of `user:password`), and directives applied.
    ///
    /// Throws ``VariableError`` naming the first unresolved variable and where it was used.
    public func prepared(with context: VariableContext) throws -> PreparedRequest {
        let map = sourceMap
        func location(_ line: Int?) -> SourceLocation? {
            guard let map else { return nil }
            return SourceLocation(file: map.file, line: line ?? map.requestLine)
        }
        let collector = SecretCollector()
        let urlOutput = try TemplateResolver(
            context: context, part: "the URL", location: location(map?.requestLine), secrets: collector
        ).resolve(fullURL)

        var headers: [PreparedRequest.Header] = []
        for (offset, field) in self.headers.enumerated() {
            let line = map.flatMap { offset < $0.headerLines.count ? $0.headerLines[offset] : nil }
            let resolver = TemplateResolver(
                context: context, part: "header \(field.name)", location: location(line), secrets: collector)
            let resolved = try Self.authorization(field, resolver: resolver) ?? resolver.resolve(field.value)
            headers.append(
                PreparedRequest.Header(
                    name: field.name, value: resolved.value,
                    maskedValue: resolved.masked))
        }

        let hostHeader = headers.first { $0.name.caseInsensitiveCompare("Host") == .orderedSame }?.value
        let url = Self.absoluteURL(urlOutput.value, host: hostHeader)
        let maskedURL = Self.absoluteURL(urlOutput.masked, host: hostHeader)

        var body: Data?
        var maskedBody: String?
        if let text = self.body {
            let resolver = TemplateResolver(
                context: context, part: "the body", location: location(map?.bodyLine), secrets: collector)
            let contentType = header("Content-Type")?.lowercased() ?? ""
            (body, maskedBody) = try Self.assembleBody(text, contentType: contentType, resolver: resolver)
        }
        let directives = self.directives
        return PreparedRequest(
            method: method, url: url, maskedURL: maskedURL, headers: headers, body: body, maskedBody: maskedBody,
            timeout: directives.timeout, connectionTimeout: directives.connectionTimeout, httpVersion: httpVersion,
            followsRedirects: !directives.noRedirect, usesCookieJar: !directives.noCookieJar,
            verifiesTLS: !directives.insecure, retries: directives.retries ?? 0,
            secrets: Array(Set(context.secretValues + collector.values)).sorted())
    }

    /// The files this request includes with `< path` / `<@ path`, paths resolved with `context`
    /// (so a caller can read them into ``VariableContext/includedFiles`` first).
    public func includedFilePaths(with context: VariableContext) -> [String] {
        guard let body else { return [] }
        let resolver = TemplateResolver(context: context, part: "the body", location: nil)
        return body.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            guard let include = Self.include(in: line) else { return nil }
            return (try? resolver.resolve(include.path))?.value
        }
    }

    // MARK: - Helpers

    /// `< path` (bytes as they are) or `<@ path` (variables substituted) on a body line.
    static func include(in line: Substring) -> (path: String, substitutes: Bool)? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<"), !trimmed.hasPrefix("<>"), !trimmed.hasPrefix("<{") else { return nil }
        var rest = trimmed.dropFirst()
        let substitutes = rest.hasPrefix("@")
        if substitutes { rest = rest.dropFirst() }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        let path = rest.trimmingCharacters(in: .whitespaces)
        return path.isEmpty ? nil : (path, substitutes)
    }

    static func assembleBody(_ text: String, contentType: String, resolver: TemplateResolver) throws -> (Data, String?)
    {
        let isMultipart = contentType.hasPrefix("multipart/")
        let isForm = contentType.hasPrefix("application/x-www-form-urlencoded")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var data = Data()
        var masked = ""
        var isText = true
        for (index, line) in lines.enumerated() {
            if index > 0 && !isForm {
                data.append(contentsOf: isMultipart ? [0x0D, 0x0A] : [0x0A])
                masked += isMultipart ? "\r\n" : "\n"
            }
            if let include = include(in: line) {
                let path = try resolver.resolve(include.path).value
                guard let bytes = resolver.context.includedFiles[path] else {
                    throw VariableError(.missingFile(path), part: resolver.part, location: resolver.location)
                }
                if include.substitutes, let fileText = String(data: bytes, encoding: .utf8) {
                    let output = try resolver.resolve(fileText)
                    data.append(contentsOf: output.value.utf8)
                    masked += output.masked
                } else {
                    data.append(bytes)
                    if let fileText = String(data: bytes, encoding: .utf8) {
                        masked += fileText
                    } else {
                        isText = false
                    }
                }
                continue
            }
            let output = try resolver.resolve(isForm ? line.trimmingCharacters(in: .whitespaces) : String(line))
            data.append(contentsOf: output.value.utf8)
            masked += output.masked
        }
        return (data, isText ? masked : nil)
    }

    /// `Authorization: Basic user password` → `Basic base64(user:password)`, resolved from the
    /// template's two words; `nil` for any other header.
    static func authorization(
        _ field: (name: String, value: String), resolver: TemplateResolver
    ) throws -> TemplateResolver.Output? {
        guard field.name.caseInsensitiveCompare("Authorization") == .orderedSame else { return nil }
        let words = field.value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 3, words[0].lowercased() == "basic" else { return nil }
        let user = try resolver.resolve(String(words[1]))
        let password = try resolver.resolve(String(words[2]))
        let encoded = Data("\(user.value):\(password.value)".utf8).base64EncodedString()
        let secret = user.containsSecret || password.containsSecret
        // The credential as encoded, so its base64 and base64url echoes are masked too.
        if secret { resolver.secrets?.values.append("\(user.value):\(password.value)") }
        return TemplateResolver.Output(
            value: "Basic " + encoded, masked: secret ? "Basic " + Secrets.mask : "Basic " + encoded,
            containsSecret: secret)
    }

    /// An absolute URL: `/path` with a `Host` header becomes `http://host/path`; a URL without a
    /// scheme gets `http://`, as the JetBrains client does.
    static func absoluteURL(_ url: String, host: String?) -> String {
        if url.contains("://") { return url }
        if url.hasPrefix("/") {
            guard let host else { return url }
            return "http://" + host + url
        }
        return "http://" + url
    }
}
