import FerryHTTP
import Foundation

// MARK: - Substituting variables (pure: no IO)

extension SavedRequest {
    /// The request with every `{{variable}}` substituted from `context`, file includes taken
    /// from ``VariableContext/includedFiles``, `Authorization: Basic user password` encoded as the
    /// JetBrains client does (base64 of `user:password`), and directives applied.
    ///
    /// Throws ``VariableError`` naming the first unresolved variable and where it was used, a variable whose
    /// value would break a one-line part (the URL, a header, a multipart part's header) with CR, LF or NUL,
    /// or a part that cannot go on the wire as it is (``HTTPRequest/wireViolation``'s rules).
    public func prepared(with context: VariableContext) throws -> PreparedRequest {
        let map = sourceMap
        func location(_ line: Int?) -> SourceLocation? {
            guard let map else { return nil }
            return SourceLocation(file: map.file, line: line ?? map.requestLine)
        }
        if let violation = WireViolation.method(method) {
            throw VariableError(.unsendable(violation), part: "the method", location: location(map?.requestLine))
        }
        let collector = SecretCollector()
        let urlOutput = try TemplateResolver(
            context: context, part: .url, location: location(map?.requestLine), secrets: collector
        ).resolve(fullURL)

        var headers: [PreparedRequest.Header] = []
        for (offset, field) in self.headers.enumerated() {
            let line = map.flatMap { offset < $0.headerLines.count ? $0.headerLines[offset] : nil }
            let resolver = TemplateResolver(
                context: context, part: .header(field.name), location: location(line), secrets: collector)
            let resolved = try Self.authorization(field, resolver: resolver) ?? resolver.resolve(field.value)
            if let violation = WireViolation.header(name: field.name, value: resolved.value) {
                throw VariableError(.unsendable(violation), part: "header \(field.name)", location: location(line))
            }
            headers.append(
                PreparedRequest.Header(
                    name: field.name, value: resolved.value,
                    maskedValue: resolved.masked))
        }

        let host = headers.first { $0.name.caseInsensitiveCompare("Host") == .orderedSame }
        let url = Self.absoluteURL(urlOutput.value, host: host?.value)
        let maskedURL = Self.absoluteURL(urlOutput.masked, host: host?.maskedValue)
        let completesWithHost = !Self.namesScheme(urlOutput.value) && urlOutput.value.hasPrefix("/")
        if let host, completesWithHost, !Self.isHostAndPort(host.value) {
            throw VariableError(
                .invalidHost(InputExcerpt(host.maskedValue).unquoted), part: "header Host",
                location: location(map?.requestLine))
        }
        if var violation = WireViolation.urlLength(url) {
            violation.excerpt = InputExcerpt(maskedURL)
            throw VariableError(.unsendable(violation), part: "the URL", location: location(map?.requestLine))
        }

        var body: Data?
        var maskedBody: String?
        if isGraphQL {
            let resolver = TemplateResolver(
                context: context, part: .body, location: location(map?.bodyLine), secrets: collector)
            let graphQL = try graphQLBody(resolver: resolver)
            (body, maskedBody) = (graphQL.0, graphQL.1)
            if header("Content-Type") == nil {
                headers.append(.init(name: "Content-Type", value: "application/json", maskedValue: "application/json"))
            }
        } else if let text = self.body {
            let resolver = TemplateResolver(
                context: context, part: .body, location: location(map?.bodyLine), secrets: collector)
            let contentType = header("Content-Type") ?? ""
            (body, maskedBody) = try Self.assembleBody(text, contentType: contentType, resolver: resolver)
        }
        let directives = self.directives
        let tls = context.tlsConfiguration
        var prepared = PreparedRequest(
            method: isGraphQL ? "POST" : method, url: url, maskedURL: maskedURL, headers: headers, body: body,
            maskedBody: maskedBody,
            timeout: directives.timeout, connectionTimeout: directives.connectionTimeout, httpVersion: httpVersion,
            followsRedirects: !directives.noRedirect, usesCookieJar: !directives.noCookieJar,
            verifiesTLS: !directives.insecure && tls?.verifiesHost != false, retries: directives.retries ?? 0,
            usesCache: directives.cache, reconnections: directives.reconnections,
            secrets: Array(Set(context.secretValues + collector.values)).sorted())
        prepared.clientCertificate = tls?.clientCertificate(passphrase: nil)
        prepared.needsPassphrase = tls?.hasPassphrase == true && prepared.clientCertificate != nil
        return prepared
    }

    /// The files this request includes with `< path` / `<@ path`, paths resolved with `context`
    /// (so a caller can read them into ``VariableContext/includedFiles`` first).
    public func includedFilePaths(with context: VariableContext) -> [String] {
        guard let body else { return [] }
        let resolver = TemplateResolver(context: context, part: .body, location: nil)
        return body.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            guard let include = Self.include(in: line) else { return nil }
            return (try? resolver.resolve(include.path))?.value
        }
    }

    // MARK: - Helpers

    /// `< path` (bytes as they are) or `<@ path` (variables substituted) on a body line, or `nil` when the line
    /// includes no file.
    public static func include(in line: Substring) -> (path: String, substitutes: Bool)? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<"), !trimmed.hasPrefix("<>"), !trimmed.hasPrefix("<{") else { return nil }
        var rest = trimmed.dropFirst()
        let substitutes = rest.hasPrefix("@")
        if substitutes { rest = rest.dropFirst() }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        let path = rest.trimmingCharacters(in: .whitespaces)
        return path.isEmpty ? nil : (path, substitutes)
    }

    /// The body's bytes and masked text: lines joined by `\n` (`\r\n` in a multipart body, whose part headers
    /// are resolved as one-line parts: ``TemplateResolver/Part/bodyPartHeader``), form lines joined as they
    /// are, `< path` lines replaced by the file's bytes.
    static func assembleBody(_ text: String, contentType: String, resolver: TemplateResolver) throws -> (Data, String?)
    {
        let lowered = contentType.lowercased()
        let isMultipart = lowered.hasPrefix("multipart/")
        let isForm = lowered.hasPrefix("application/x-www-form-urlencoded")
        let boundary = MediaType(contentType).parameters.first { $0.name == "boundary" }?.value
        let delimiter = isMultipart ? boundary.map { "--" + $0 } : nil
        var headResolver = resolver
        headResolver.part = .bodyPartHeader
        var isInPartHead = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var data = Data()
        var masked = ""
        var isText = true
        for (index, line) in lines.enumerated() {
            // A problem is located at its own line of the body, which starts at `resolver.location`.
            var resolver = resolver
            resolver.location = resolver.location.map { SourceLocation(file: $0.file, line: $0.line + index) }
            var partHeadResolver = headResolver
            partHeadResolver.location = resolver.location
            if index > 0 && !isForm {
                data.append(contentsOf: isMultipart ? [0x0D, 0x0A] : [0x0A])
                masked += isMultipart ? "\r\n" : "\n"
            }
            if let delimiter {
                // A delimiter line opens a part's headers, which run to the first blank line.
                if line.hasPrefix(delimiter) {
                    isInPartHead = !line.dropFirst(delimiter.count).hasPrefix("--")
                } else if line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    isInPartHead = false
                }
            }
            if isInPartHead {
                let output = try partHeadResolver.resolve(String(line))
                data.append(contentsOf: output.value.utf8)
                masked += output.masked
                continue
            }
            if let include = include(in: line) {
                let path = try resolver.resolve(include.path).value
                guard let bytes = resolver.context.includedFiles[path] else {
                    throw VariableError(
                        .missingFile(path), part: resolver.part.description, location: resolver.location)
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

    /// Whether `text` can stand for the host and port of a URL: no `/`, `?`, `#`, `@` or `\\`, which would
    /// move the rest into the path or make the host a user name, and no space or control character.
    static func isHostAndPort(_ text: String) -> Bool {
        !text.isEmpty && !text.utf8.contains { $0 <= 0x20 || $0 == 0x7F || "/?#@\\".utf8.contains($0) }
    }

    /// An absolute URL: `/path` with a `Host` header becomes `http://host/path`; a URL without a
    /// scheme gets `http://`, as the JetBrains client does.
    static func absoluteURL(_ url: String, host: String?) -> String {
        if namesScheme(url) { return url }
        if url.hasPrefix("/") {
            guard let host else { return url }
            return "http://" + host + url
        }
        return "http://" + url
    }

    /// Whether `url` has `://` in it (a scheme), looked for on its bytes: Foundation's `contains` searched with
    /// `range(of:)`, about 6 k instructions a call and three calls a request.
    static func namesScheme(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0...(bytes.count - 3)
            where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                && bytes[index + 2] == UInt8(ascii: "/")
            {
                return true
            }
            return false
        }
    }
}
