import Foundation

/// A saved request as a `curl` command that sends what Ferry sends: variables substituted, headers in
/// order, the body in the form curl takes for its kind, and the directives as curl options.
///
/// ```swift
/// let exporter = CurlCommandExporter(baseFolder: folderOfTheHTTPFile)
/// let command = try exporter.command(for: request, context: context)
/// print(command.rendered(multiline: true))
/// ```
///
/// - Body kinds: text and JSON go as `--data-raw`; a form as one `--data-raw` per `a=1` pair (curl
///   joins them with `&`, so the bytes are Ferry's); a file body (`< ./path`) as `--data-binary @path`;
///   multipart as `-F name=@path;type=…;filename=…` and `--form-string name=value` parts (curl makes its
///   own boundary), or as its exact bytes when a text part has headers of its own; bytes that cannot be an argument (NUL, not UTF-8) are piped in from `printf`.
/// - Without a `Content-Type` header a body goes with `-H 'Content-Type:'`, since Ferry sends none and
///   curl would add `application/x-www-form-urlencoded`.
/// - Redirects are followed (`-L`) unless `# @no-redirect`; `# @insecure` is `-k`; `# @timeout` and
///   `# @connection-timeout` are `--max-time` and `--connect-timeout`; `HTTP/2` is `--http2`; Ferry always
///   decodes compressed bodies, so `--compressed`; `Authorization: Digest user password` is `--digest -u`.
/// - Secrets are written as they are (the command must work) unless ``masksSecrets``.
public struct CurlCommandExporter: Sendable {
    /// Write secret values as `••••••`, as the history does (the command then does not work as is).
    public var masksSecrets: Bool
    /// The folder of the request's `.http` file: relative `< ./path` includes are made absolute against it.
    /// `nil` keeps them relative (with a note saying relative to what).
    public var baseFolder: URL?

    /// An exporter; see ``masksSecrets`` and ``baseFolder``.
    public init(masksSecrets: Bool = false, baseFolder: URL? = nil) {
        self.masksSecrets = masksSecrets
        self.baseFolder = baseFolder
    }

    /// The curl command for `request` resolved with `context` (which must hold the bytes of the files the
    /// body includes, as for sending). Throws ``VariableError`` as ``SavedRequest/prepared(with:)`` does.
    public func command(for request: SavedRequest, context: VariableContext) throws -> CurlCommand {
        if request.isGRPC {
            throw ExportRefusal(
                "a GRPC request has no curl command (curl cannot frame protobuf messages): export it with "
                    + "`--format grpcurl`, or send it with `ferry send`")
        }
        if request.method.uppercased() == "WEBSOCKET" {
            throw ExportRefusal(
                "a WEBSOCKET request has no curl command (curl cannot hold its conversation): send it with "
                    + "`ferry send`")
        }
        let prepared = try request.prepared(with: context)
        var command = CurlCommand(url: Self.encoded(pick(prepared.url, prepared.maskedURL)))
        let body = try bodyOptions(for: request, prepared: prepared, context: context, notes: &command.notes)
        let isMultipart = body.first?.first.map { $0 == "-F" || $0 == "--form-string" } ?? false

        if prepared.method == "HEAD" {
            command.options.append(["--head"])
        } else if prepared.method != (body.isEmpty ? "GET" : "POST") {
            command.options.append(["-X", prepared.method])
        }
        for header in prepared.headers {
            let value = pick(header.value, header.maskedValue)
            if header.name.caseInsensitiveCompare("Authorization") == .orderedSame,
                let credentials = Self.digestCredentials(value)
            {
                command.options += [["--digest"], ["-u", credentials]]
                continue
            }
            if isMultipart && header.name.caseInsensitiveCompare("Content-Type") == .orderedSame { continue }
            command.options.append(["-H", value.isEmpty ? "\(header.name);" : "\(header.name): \(value)"])
        }
        if !body.isEmpty && !isMultipart && prepared.header("Content-Type") == nil {
            command.options.append(["-H", "Content-Type:"])
        }
        command.options += body.options
        command.standardInput = body.standardInput
        command.options += transferOptions(prepared)
        return command
    }

    /// `url` with what curl refuses in a URL percent-encoded (spaces, control characters, `"<>\\^`|`, and
    /// bytes beyond ASCII as UTF-8), so the printed command runs; `%`, the delimiters and `{}[]` (curl's globbing
    /// is turned off with `-g`) are kept.
    static func encoded(_ url: String) -> String {
        // A masked secret stays readable as the mask.
        guard !url.contains(Secrets.mask) else {
            return url.components(separatedBy: Secrets.mask).map(encoded).joined(separator: Secrets.mask)
        }
        var result = ""
        for byte in url.utf8 {
            let isRefused = byte <= 0x20 || byte >= 0x7F || "\"<>\\^`|".utf8.contains(byte)
            result += isRefused ? String(format: "%%%02X", byte) : String(UnicodeScalar(byte))
        }
        return result
    }

    // MARK: - Body

    /// The body options, and bytes for standard input when the body goes through a pipe.
    struct BodyOptions {
        var options: [[String]] = []
        var standardInput: [UInt8]?
        var isEmpty: Bool { options.isEmpty }
        var first: [String]? { options.first }
    }

    func bodyOptions(
        for request: SavedRequest, prepared: PreparedRequest, context: VariableContext, notes: inout [String]
    ) throws -> BodyOptions {
        guard let bytes = prepared.body, !bytes.isEmpty else { return BodyOptions() }
        let resolver = TemplateResolver(
            context: context, part: .body,
            location: request.sourceMap.map { SourceLocation(file: $0.file, line: $0.bodyLine ?? $0.requestLine) })
        switch request.bodyKind {
        case .file:
            if let text = request.body, let include = SavedRequest.include(in: Substring(text)), !include.substitutes {
                let path = try resolver.resolve(include.path).value
                return BodyOptions(options: [["--data-binary", "@" + filePath(path, notes: &notes)]])
            }
        case .multipart:
            if let fields = request.formFields {
                let parts = try fields.map { try part($0, resolver: resolver, notes: &notes) }
                if parts.allSatisfy({ $0 != nil }) { return BodyOptions(options: parts.compactMap { $0 }) }
            }
        case .form:
            let text = masksSecrets ? prepared.maskedBody : String(data: bytes, encoding: .utf8)
            if let text, !text.contains("\0") {
                return BodyOptions(options: text.split(separator: "&").map { ["--data-raw", String($0)] })
            }
        case .none, .json, .text:
            break
        }
        return raw(bytes, masked: prepared.maskedBody)
    }

    /// The exact body bytes: `--data-raw TEXT`, or piped in when they cannot be an argument.
    func raw(_ bytes: Data, masked: String?) -> BodyOptions {
        let text = masksSecrets ? masked ?? String(data: bytes, encoding: .utf8) : String(data: bytes, encoding: .utf8)
        if let text, !text.contains("\0") { return BodyOptions(options: [["--data-raw", text]]) }
        return BodyOptions(options: [["--data-binary", "@-"]], standardInput: [UInt8](bytes))
    }

    /// One multipart field as a curl form option, or `nil` when curl's form options cannot send it as Ferry
    /// does (a text part with its own `Content-Type` or `filename`, or a value holding NUL or bytes that are
    /// not UTF-8): the body then goes as its exact bytes.
    func part(_ field: FormField, resolver: TemplateResolver, notes: inout [String]) throws -> [String]? {
        let name = pick(try resolver.resolve(field.name))
        guard let path = field.filePath else {
            guard field.contentType == nil, field.fileName == nil else { return nil }
            // As Ferry sends it: lines joined by CRLF, variables and `<@ file` includes substituted.
            let (bytes, masked) = try SavedRequest.assembleBody(
                field.value, contentType: "multipart/form-data", resolver: resolver)
            guard let text = masksSecrets ? masked : String(data: bytes, encoding: .utf8), !text.contains("\0") else {
                return nil
            }
            return ["--form-string", "\(name)=\(text)"]
        }
        var spec = "\(name)=@" + Self.formWord(filePath(try resolver.resolve(path).value, notes: &notes))
        if let type = field.contentType { spec += ";type=" + type }
        if let fileName = field.fileName { spec += ";filename=" + Self.formWord(fileName) }
        return ["-F", spec]
    }

    /// A path made absolute against ``baseFolder``, or kept relative with a note.
    func filePath(_ path: String, notes: inout [String]) -> String {
        if path.hasPrefix("/") { return path }
        guard let baseFolder else {
            let note = "run from the folder of the .http file: '\(path)' is relative to it"
            if !notes.contains(note) { notes.append(note) }
            return path
        }
        return baseFolder.appendingPathComponent(path).standardizedFileURL.path
    }

    /// A file name or path inside a `-F` value, double-quoted when curl would otherwise split it.
    static func formWord(_ text: String) -> String {
        guard text.contains(where: { $0 == ";" || $0 == "," || $0 == "\"" || $0 == "\\" || $0 == " " }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    // MARK: - Directives

    func transferOptions(_ prepared: PreparedRequest) -> [[String]] {
        var options: [[String]] = []
        if prepared.followsRedirects { options.append(["-L"]) }
        if !prepared.verifiesTLS { options.append(["-k"]) }
        if let certificate = prepared.clientCertificate {
            // The passphrase is never written: curl asks for it.
            options.append(["--cert", certificate.certificate.path])
            if certificate.format != .pem { options.append(["--cert-type", certificate.format.rawValue]) }
            if let key = certificate.key { options.append(["--key", key.path]) }
        }
        if let timeout = prepared.timeout { options.append(["--max-time", Self.seconds(timeout)]) }
        if let timeout = prepared.connectionTimeout { options.append(["--connect-timeout", Self.seconds(timeout)]) }
        if prepared.httpVersion == "HTTP/2" { options.append(["--http2"]) }
        // curl would read `[1-3]` and `{a,b}` in the URL as a glob.
        if prepared.url.contains(where: { "[]{}".contains($0) }) { options.append(["-g"]) }
        options.append(["--compressed"])
        return options
    }

    // MARK: - Helpers

    func pick(_ value: String, _ masked: String) -> String { masksSecrets ? masked : value }

    func pick(_ output: TemplateResolver.Output) -> String { pick(output.value, output.masked) }

    /// `user:password` from `Digest user password` (the JetBrains syntax), else `nil`.
    static func digestCredentials(_ value: String) -> String? {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 3, words[0].lowercased() == "digest", !words[1].contains("=") else { return nil }
        return "\(words[1]):\(words[2])"
    }

    /// `10` for 10.0, `2.5` for 2.5.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
