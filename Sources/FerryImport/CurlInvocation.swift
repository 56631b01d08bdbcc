import FerryWorkbench

/// One curl command's options, read from its words (``ShellWords/Command``) in curl's terms, before
/// they are turned into a ``SavedRequest`` (see `CurlInvocation+Request.swift`).
struct CurlInvocation {
    /// One piece of request data (`-d`, `--data-urlencode`, `--json`, …): text, perhaps followed by
    /// a file's contents (`@file`, by the path as written).
    struct DataPiece: Equatable {
        /// The text (for `name@file`, the `name=` before the file).
        var text: String
        /// The file whose contents follow the text.
        var file: String?

        static func text(_ text: String) -> DataPiece { DataPiece(text: text, file: nil) }
        static func file(_ path: String, after text: String = "") -> DataPiece { DataPiece(text: text, file: path) }
    }

    /// A value with the word it came from, for diagnostics.
    struct Located<Value> {
        var value: Value
        var word: ShellWords.Word
    }

    var urls: [Located<String>] = []
    var method: Located<String>?
    var headers: [Located<String>] = []
    var data: [DataPiece] = []
    var dataIsJSON = false
    var queryPieces: [DataPiece] = []
    var formParts: [FormField] = []
    var uploadFile: Located<String>?
    var user: Located<String>?
    var digest = false
    var bearer: String?
    var userAgent: String?
    var referer: String?
    var cookie: Located<String>?
    var range: String?
    var get = false
    var head = false
    var followRedirects = false
    var insecure = false
    var maxTime: Located<String>?
    var connectTimeout: Located<String>?
    var retries: Located<String>?
    var warnings: [Diagnostic] = []
    let file: String

    // MARK: - Reading the words

    /// Reads the words after `curl`.
    init(_ command: ShellWords.Command, file: String) {
        self.file = file
        var words = command.words.dropFirst()[...]
        while let word = words.popFirst() {
            let text = word.text
            if text.hasPrefix("--"), text.count > 2 {
                var name = String(text.dropFirst(2))
                var inlineValue: String?
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                if CurlOptions.takingArgument.contains(name) {
                    guard let value = inlineValue ?? words.popFirst()?.text else {
                        warn("\(text) needs a value; ignored", at: word)
                        continue
                    }
                    apply(name, value: value, word: word)
                } else {
                    applyFlag(name, word: word)
                }
            } else if text.hasPrefix("-"), text.count > 1 {
                var letters = Substring(text.dropFirst())
                while let letter = letters.popFirst() {
                    guard let name = CurlOptions.short[letter] else {
                        warn("unknown curl option -\(letter); ignored", at: word)
                        continue
                    }
                    if CurlOptions.takingArgument.contains(name) {
                        let value = letters.isEmpty ? words.popFirst()?.text : String(letters)
                        letters = ""
                        guard let value else {
                            warn("-\(letter) needs a value; ignored", at: word)
                            break
                        }
                        apply(name, value: value, word: word)
                    } else {
                        applyFlag(name, word: word)
                    }
                }
            } else {
                urls.append(Located(value: text, word: word))
            }
        }
    }

    // MARK: - Options

    private mutating func applyFlag(_ name: String, word: ShellWords.Word) {
        switch name {
        case "get": get = true
        case "head": head = true
        case "location", "location-trusted": followRedirects = true
        case "no-location": followRedirects = false
        case "insecure": insecure = true
        case "no-insecure": insecure = false
        case "digest": digest = true
        default:
            if CurlOptions.silentlyIgnored.contains(name) { return }
            if name.hasPrefix("no-"), CurlOptions.silentlyIgnored.contains(String(name.dropFirst(3))) { return }
            if let reason = CurlOptions.unsupported[name] {
                warn("--\(name): \(reason)", at: word)
            } else {
                warn("unknown curl option --\(name); ignored", at: word)
            }
        }
    }

    private mutating func apply(_ name: String, value: String, word: ShellWords.Word) {
        switch name {
        case "request": method = Located(value: value, word: word)
        case "header": headers.append(Located(value: value, word: word))
        case "data", "data-ascii", "data-binary":
            if value == "@-" {
                warn("--\(name) @-: standard input cannot be imported; left out", at: word)
                return
            }
            data.append(value.hasPrefix("@") ? .file(String(value.dropFirst())) : .text(value))
        case "data-raw": data.append(.text(value))
        case "json":
            dataIsJSON = true
            data.append(value.hasPrefix("@") ? .file(String(value.dropFirst())) : .text(value))
        case "data-urlencode": data.append(urlencoded(value, word: word))
        case "url-query": queryPieces.append(urlencoded(value, word: word))
        case "form": addFormPart(value, literal: false, word: word)
        case "form-string": addFormPart(value, literal: true, word: word)
        case "user": user = Located(value: value, word: word)
        case "oauth2-bearer": bearer = value
        case "user-agent": userAgent = value
        case "referer": referer = value.hasSuffix(";auto") ? String(value.dropLast(5)) : value
        case "cookie": cookie = Located(value: value, word: word)
        case "range": range = value
        case "url": urls.append(Located(value: value, word: word))
        case "upload-file": uploadFile = Located(value: value, word: word)
        case "max-time": maxTime = Located(value: value, word: word)
        case "connect-timeout": connectTimeout = Located(value: value, word: word)
        case "retry": retries = Located(value: value, word: word)
        default:
            if CurlOptions.silentlyIgnored.contains(name) { return }
            if let reason = CurlOptions.unsupported[name] {
                warn("--\(name): \(reason)", at: word)
            } else {
                warn("curl option --\(name) is not imported", at: word)
            }
        }
    }

    /// `--data-urlencode`'s forms: `content`, `=content`, `name=content`, `@file`, `name@file`.
    private mutating func urlencoded(_ value: String, word: ShellWords.Word) -> DataPiece {
        let equals = value.firstIndex(of: "=")
        let at = value.firstIndex(of: "@")
        if let at, equals.map({ at < $0 }) ?? true {
            let name = value[..<at]
            let path = String(value[value.index(after: at)...])
            warn(
                "--data-urlencode \(value): a file's contents cannot be URL-encoded in a .http file; sent as they are",
                at: word)
            return .file(path, after: name.isEmpty ? "" : name + "=")
        }
        guard let equals else { return .text(FormBody.escape(value)) }
        let name = value[..<equals]
        let content = FormBody.escape(String(value[value.index(after: equals)...]))
        return .text(name.isEmpty ? content : name + "=" + content)
    }

    /// `-F name=value`, `-F name=@file;type=…;filename=…`, `-F name=<file`.
    private mutating func addFormPart(_ value: String, literal: Bool, word: ShellWords.Word) {
        guard let equals = value.firstIndex(of: "=") else {
            warn("-F \(value): expected name=value; ignored", at: word)
            return
        }
        let name = String(value[..<equals])
        var content = String(value[value.index(after: equals)...])
        if literal {
            formParts.append(FormField(name: name, value: content))
            return
        }
        var type: String?
        var fileName: String?
        if content.hasPrefix("@") || content.hasPrefix("<") {
            let parameters = content.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
            var path = String(parameters.first ?? "")
            if path.count >= 2, path.hasPrefix("\""), path.hasSuffix("\"") {
                path = String(path.dropFirst().dropLast())
            }
            for parameter in parameters.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                var text = String(pair[1])
                if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                    text = String(text.dropFirst().dropLast())
                }
                switch pair[0].lowercased() {
                case "type": type = text
                case "filename": fileName = text
                default: break
                }
            }
            if path == "-" {
                warn("-F \(name)=\(content.prefix(1))-: standard input cannot be imported; the part is empty", at: word)
                formParts.append(FormField(name: name, value: ""))
                return
            }
            formParts.append(
                FormField(name: name, filePath: ImportedText.includePath(path), fileName: fileName, contentType: type))
            return
        }
        if let range = content.range(of: ";type=") {
            type = String(content[range.upperBound...])
            content = String(content[..<range.lowerBound])
        }
        var field = FormField(name: name, value: content)
        field.contentType = type
        formParts.append(field)
    }

    // MARK: - Helpers

    mutating func warn(_ message: String, at word: ShellWords.Word) {
        warnings.append(
            Diagnostic(
                message, at: SourceLocation(file: file, line: word.line, column: word.column), severity: .warning))
    }
}
