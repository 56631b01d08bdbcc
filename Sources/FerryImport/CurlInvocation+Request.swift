import FerryWorkbench
import Foundation

// MARK: - Turning curl's options into a request

extension CurlInvocation {
    /// The request this command sends, as curl would send it; `nil` (with an error in `warnings`)
    /// when the command names no URL.
    mutating func request(commandLine: Int) -> SavedRequest? {
        guard let url = urls.first else {
            warnings.append(
                Diagnostic("curl command without a URL; skipped", at: SourceLocation(file: file, line: commandLine)))
            return nil
        }
        for extra in urls.dropFirst() {
            warn("only the first URL of a command is imported; \(extra.value) ignored", at: extra.word)
        }
        var target = url.value.replacingOccurrences(of: " ", with: "%20")
        var request = SavedRequest(url: target)

        // Headers the user gave, in order (`Name;` is an empty header, `Name:` removes one in curl).
        for header in headers {
            let text = header.value
            if text.hasPrefix("@") {
                warn("-H \(text): headers from a file are not read", at: header.word)
                continue
            }
            if let colon = text.firstIndex(of: ":") {
                let name = text[..<colon].trimmingCharacters(in: .whitespaces)
                let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else {
                    warn("-H \(text): no header name; ignored", at: header.word)
                    continue
                }
                if value.isEmpty {
                    warn("-H \(text): removing a header curl adds is not supported; ignored", at: header.word)
                    continue
                }
                request.headerLines.append(.field(name: name, value: value))
            } else if text.hasSuffix(";") {
                request.headerLines.append(.field(name: String(text.dropLast()), value: ""))
            } else {
                warn("-H \(text): expected Name: value; ignored", at: header.word)
            }
        }

        // The body, or the query with -G.
        var method = "GET"
        if get {
            let pieces = data + queryPieces
            appendQuery(pieces, to: &target)
            if !pieces.isEmpty, pieces.contains(where: { $0.file != nil }), let word = urls.first?.word {
                warn("-G with @file data: a file cannot go into the query; its name was written instead", at: word)
            }
        } else {
            appendQuery(queryPieces, to: &target)
            if !formParts.isEmpty {
                if !data.isEmpty, let word = urls.first?.word {
                    warn("both -F and -d given (curl refuses this); the form is imported", at: word)
                }
                method = "POST"
                setMultipartBody(on: &request)
            } else if !data.isEmpty {
                method = "POST"
                request.body = Self.bodyText(data, separator: dataIsJSON ? "" : "&")
                if dataIsJSON {
                    addMissing("Content-Type", "application/json", to: &request)
                    addMissing("Accept", "application/json", to: &request)
                } else {
                    addMissing("Content-Type", "application/x-www-form-urlencoded", to: &request)
                }
            } else if let upload = uploadFile {
                method = "PUT"
                if upload.value == "-" || upload.value == "." {
                    warn("-T \(upload.value): standard input cannot be imported; no body written", at: upload.word)
                } else {
                    request.body = "< " + ImportedText.includePath(upload.value)
                }
            }
        }
        if head { method = "HEAD" }
        if let explicit = self.method { method = explicit.value }
        request.explicitMethod = method
        request.url = target

        addAuthorization(to: &request)
        if let userAgent { addMissing("User-Agent", userAgent, to: &request) }
        if let referer { addMissing("Referer", referer, to: &request) }
        if let cookie {
            if cookie.value.contains("=") {
                addMissing("Cookie", cookie.value, to: &request)
            } else {
                warn(
                    "-b \(cookie.value): cookie files are not read (Ferry keeps its own cookie jar in .ferry/cookies)",
                    at: cookie.word)
            }
        }
        if let range { addMissing("Range", range.hasPrefix("bytes=") ? range : "bytes=" + range, to: &request) }
        addDirectives(to: &request)
        if let body = request.body { request.body = ImportedText.body(body) }
        return request
    }

    // MARK: - Pieces

    /// `pieces` joined by `separator`; a file piece puts its `< ./path` include on a line of its own
    /// (a form body's lines are joined without separator when sent, so `a=1&` + the file's bytes).
    static func bodyText(_ pieces: [DataPiece], separator: String) -> String {
        var lines: [String] = [""]
        for (index, piece) in pieces.enumerated() {
            if index > 0 { lines[lines.count - 1] += separator }
            lines[lines.count - 1] += piece.text
            if let file = piece.file {
                if lines[lines.count - 1].isEmpty { lines.removeLast() }
                lines.append("< " + ImportedText.includePath(file))
                lines.append("")
            }
        }
        if lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Adds `pieces` to the query of `url` (`?` or `&`).
    func appendQuery(_ pieces: [DataPiece], to url: inout String) {
        guard !pieces.isEmpty else { return }
        let query = pieces.map { $0.text + ($0.file ?? "") }.joined(separator: "&")
        if url.contains("?") {
            url += url.hasSuffix("?") || url.hasSuffix("&") ? query : "&" + query
        } else {
            url += "?" + query
        }
    }

    /// A multipart body from the `-F` parts, with the boundary of a multipart `Content-Type` the
    /// command set, else Ferry's.
    func setMultipartBody(on request: inout SavedRequest) {
        let given = request.header("Content-Type")
        let boundary: String
        if let existing = MultipartBody.boundary(inContentType: given) {
            boundary = existing
        } else {
            boundary = MultipartBody.defaultBoundary
            request.setHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")
        }
        request.body = MultipartBody.text(from: formParts, boundary: boundary)
    }

    /// `-u`, `--digest`, `--oauth2-bearer` as an `Authorization` header in Ferry's dialect, unless one is set.
    mutating func addAuthorization(to request: inout SavedRequest) {
        guard request.header("Authorization") == nil else { return }
        if let bearer {
            request.headerLines.append(.field(name: "Authorization", value: "Bearer \(bearer)"))
            return
        }
        guard let user else { return }
        var name = user.value
        var password = ""
        if let colon = user.value.firstIndex(of: ":") {
            name = String(user.value[..<colon])
            password = String(user.value[user.value.index(after: colon)...])
        } else {
            password = "{{password}}"
            warn(
                "-u \(user.value): no password given (curl would ask for it); {{password}} written instead",
                at: user.word)
        }
        let scheme = digest ? "Digest" : "Basic"
        let isWord = { (text: String) in !text.isEmpty && !text.contains(where: { $0 == " " || $0 == "\t" }) }
        if isWord(name) && isWord(password) {
            request.headerLines.append(.field(name: "Authorization", value: "\(scheme) \(name) \(password)"))
        } else if !digest {
            let encoded = Data("\(name):\(password)".utf8).base64EncodedString()
            request.headerLines.append(.field(name: "Authorization", value: "Basic \(encoded)"))
        } else {
            warn("-u \(user.value): Digest credentials with spaces cannot be written; not imported", at: user.word)
        }
    }

    /// `# @no-redirect` (curl does not follow redirects without -L), `# @insecure`, timeouts, retries.
    mutating func addDirectives(to request: inout SavedRequest) {
        if !followRedirects { request.preamble.append(.directive("no-redirect")) }
        if insecure { request.preamble.append(.directive("insecure")) }
        if let maxTime {
            if RequestDirectives.seconds(maxTime.value) != nil {
                request.preamble.append(.directive("timeout", maxTime.value))
            } else {
                warn("-m \(maxTime.value): not a number of seconds; ignored", at: maxTime.word)
            }
        }
        if let connectTimeout {
            if RequestDirectives.seconds(connectTimeout.value) != nil {
                request.preamble.append(.directive("connection-timeout", connectTimeout.value))
            } else {
                warn(
                    "--connect-timeout \(connectTimeout.value): not a number of seconds; ignored",
                    at: connectTimeout.word)
            }
        }
        if let retries {
            if let count = Int(retries.value), count >= 0 {
                let capped = min(count, RequestDirectives.maximumRetries)
                if capped != count {
                    warn("--retry \(count): Ferry retries at most \(capped) times", at: retries.word)
                }
                request.preamble.append(.directive("retries", String(capped)))
            } else {
                warn("--retry \(retries.value): not a count; ignored", at: retries.word)
            }
        }
    }

    func addMissing(_ name: String, _ value: String, to request: inout SavedRequest) {
        if request.header(name) == nil { request.headerLines.append(.field(name: name, value: value)) }
    }
}
