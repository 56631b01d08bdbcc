import FerryWorkbench

/// Reads curl command lines (pasted from docs, a browser's "Copy as cURL", a shell history) into
/// requests: one `.http` file named after the source, one request per command.
///
/// A file may hold several commands, separated by blank lines or `#` comments. Options map to the
/// `.http` dialect as curl would send the request (method, headers, body, Basic/Digest/Bearer auth,
/// `# @no-redirect` without `-L`, `# @insecure`, timeouts); options Ferry cannot carry over are
/// reported as located warnings and the rest of the command is imported.
///
/// ```swift
/// let collection = try CurlCommandImporter.read(Array("curl -d a=1 https://x.test/items".utf8), fileName: "pasted.sh")
/// collection.files[0].requests[0].method   // "POST"
/// ```
public enum CurlCommandImporter: CollectionImporter {
    /// `curl`.
    public static let formatName = "curl"

    /// Whether the first line that is not blank, a `#` comment or a `$ ` prompt starts with `curl `.
    public static func recognizes(_ bytes: [UInt8], fileName: String) -> Bool {
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            var trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "\u{FEFF}" { continue }
            if trimmed.hasPrefix("\u{FEFF}") { trimmed = trimmed.dropFirst() }
            if trimmed.hasPrefix("$ ") { trimmed = trimmed.dropFirst(2).drop { $0 == " " } }
            for program in ["curl", "curl.exe"] where trimmed.hasPrefix(program) {
                let next = trimmed.dropFirst(program.count).first
                if next == " " || next == "\t" || next == "\\" || next == nil { return true }
            }
            return false
        }
        return false
    }

    /// Reads every `curl` command of the text; other commands (after a `|`, say) are skipped with a warning.
    public static func read(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> ImportedCollection {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let split = try ShellWords.split(text, file: fileName)
        var diagnostics = split.warnings
        var requests: [SavedRequest] = []
        var titles = Set<String>()
        // A command after `|` or `;` on the line where a curl command ended (`curl … | jq .`) is skipped quietly.
        var curlEndLine = 0
        for command in split.commands {
            let program = command.words[0].text
            guard program == "curl" || program == "curl.exe" else {
                if command.line != curlEndLine {
                    diagnostics.append(
                        Diagnostic(
                            "'\(program)' is not a curl command; skipped",
                            at: SourceLocation(file: fileName, line: command.line, column: command.words[0].column),
                            severity: .warning))
                }
                continue
            }
            curlEndLine = command.words.last.map { $0.line + $0.text.filter { $0 == "\n" }.count } ?? 0
            var invocation = CurlInvocation(command, file: fileName)
            let made = invocation.request(commandLine: command.line)
            diagnostics += invocation.warnings
            guard var request = made else { continue }
            request.title = ImportNaming.unique(
                ImportNaming.title(method: request.method, url: request.url), among: &titles)
            diagnostics += notes(on: command, request: request, file: fileName)
            requests.append(request)
        }
        guard !requests.isEmpty else {
            throw diagnostics.first { $0.severity == .error }
                ?? Diagnostic("no curl command found", at: SourceLocation(file: fileName, line: 1))
        }
        let path = ImportNaming.safeComponent(baseName(of: fileName), fallback: "curl") + ".http"
        return ImportedCollection(files: [.init(path: path, requests: requests)], diagnostics: diagnostics)
            .checkedByReparsing()
    }

    // MARK: - Helpers

    /// Warnings about shell variables turned into Ferry variables, and about `{{` that was in the command.
    static func notes(on command: ShellWords.Command, request: SavedRequest, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let location = SourceLocation(file: file, line: command.line)
        var names: [String] = []
        for word in command.words { names += word.variables.filter { !names.contains($0) } }
        if !names.isEmpty {
            let list = names.map { "$\($0) → {{\($0)}}" }.joined(separator: ", ")
            result.append(
                Diagnostic(
                    "shell variables became Ferry variables (\(list)); define them in an environment",
                    at: location, severity: .warning))
        }
        let literalBraces = command.words.contains { word in
            word.text.components(separatedBy: "{{").count - 1 > word.variables.count
        }
        if literalBraces {
            result.append(
                Diagnostic(
                    "the command contains '{{', which Ferry reads as a variable reference", at: location,
                    severity: .warning))
        }
        return result
    }

    /// The file name without folders and extension; `-` (standard input) has none.
    static func baseName(of fileName: String) -> String {
        let last = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard last != "-" else { return "curl" }
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { return String(last[..<dot]) }
        return last
    }
}
