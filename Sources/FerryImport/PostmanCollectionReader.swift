import FerryWorkbench
import Foundation

/// Walks a Postman collection's items into ``ImportedCollection`` files, one per folder (beside the folder of
/// its subfolders), collecting located diagnostics on the way (see `PostmanCollectionReader+Request.swift` for
/// one request).
struct PostmanCollectionReader {
    /// `protocolProfileBehavior` settings that map to directives, inherited from folders.
    struct Behavior {
        var noRedirect = false
        var insecure = false
    }

    /// A collection, folder or environment variable.
    struct Variable {
        var name: String
        var value: String
        var isSecret: Bool
    }

    /// The source file's name, for diagnostics.
    let file: String
    var diagnostics: [Diagnostic] = []
    var files: [ImportedCollection.File] = []
    /// Saved example responses seen, and the first one (reported once for the whole collection).
    var savedResponses = 0
    var firstSavedResponse: PostmanJSON.Node?

    init(file: String) {
        self.file = file
    }

    // MARK: - The collection

    mutating func read(_ root: PostmanJSON.Node) throws(Diagnostic) -> ImportedCollection {
        let info = root["info"]
        if let schema = info?["schema"]?.text, !schema.contains("v2.0") && !schema.contains("v2.1") {
            throw Diagnostic(
                "unsupported Postman schema \(schema) (v2.0 and v2.1 are read; export the collection again as v2.1)",
                at: location(info?["schema"]))
        }
        let name = info?["name"]?.nonEmptyText ?? PostmanImporter.baseName(of: file)
        let stem = ImportNaming.safeComponent(name, fallback: "collection")
        warnAboutScripts(root, what: "collection '\(name)'")
        let behavior = Self.behavior(root["protocolProfileBehavior"], inherited: Behavior())
        readFolder(
            root["item"]?.elements ?? [], folder: [], file: [stem + ".http"], taken: [stem.lowercased()],
            auth: root["auth"], behavior: behavior, comments: Self.descriptionLines(info?["description"]))
        if let first = firstSavedResponse, savedResponses > 0 {
            warn(
                "\(savedResponses) saved example response\(savedResponses == 1 ? "" : "s") not imported (Ferry keeps "
                    + "real responses in its history)", at: first)
        }
        var environments: [ImportedCollection.Environment] = []
        let variables = Self.variables((root["variable"] ?? root["variables"])?.elements ?? [])
        if !variables.isEmpty { environments.append(Self.environment(EnvironmentFiles.sharedName, variables)) }
        guard !files.isEmpty || !environments.isEmpty else {
            throw Diagnostic("the collection holds no requests", at: SourceLocation(file: file, line: 1))
        }
        return ImportedCollection(files: files, environments: environments, diagnostics: diagnostics)
            .checkedByReparsing()
    }

    /// Reads one folder's items: its requests into the file at `file`, each subfolder's requests into a file
    /// named after it in `folder` and its own subfolders into a folder of that name (`Auth.http` beside `Auth/`,
    /// never `Auth/Auth.http`); `taken` holds the names already used in `folder`.
    mutating func readFolder(
        _ items: [PostmanJSON.Node], folder: [String], file: [String], taken: Set<String>, auth: PostmanJSON.Node?,
        behavior: Behavior, comments: [String]
    ) {
        var requests: [SavedRequest] = []
        var titles = Set<String>()
        var folderNames = taken
        var subfolders: [(node: PostmanJSON.Node, name: String)] = []
        for item in items {
            if let children = item["item"], children.kind == .array {
                let name = ImportNaming.safeComponent(item["name"]?.text ?? "", fallback: "folder")
                subfolders.append((item, ImportNaming.unique(name, among: &folderNames)))
            } else if let requestNode = item["request"] {
                if let responses = item["response"], !responses.elements.isEmpty {
                    savedResponses += responses.elements.count
                    if firstSavedResponse == nil { firstSavedResponse = responses }
                }
                guard var request = readRequest(item, requestNode, inheritedAuth: auth, behavior: behavior) else {
                    continue
                }
                request.title = ImportNaming.unique(request.title ?? "request", among: &titles, separator: " ")
                requests.append(request)
            } else {
                diagnostics.append(
                    Diagnostic(
                        "an item with neither a request nor items; skipped", at: location(item), severity: .warning))
            }
        }
        if !requests.isEmpty {
            // The folder's description, unless the first request says the same (generated collections do).
            let firstComments = requests[0].preamble.filter { $0.kind == .comment }.map(\.text)
            if !comments.isEmpty, !firstComments.starts(with: comments) {
                requests[0].preamble.insert(contentsOf: comments.map { PreambleItem(.comment, text: $0) }, at: 0)
            }
            files.append(ImportedCollection.File(path: file.joined(separator: "/"), requests: requests))
        }
        for subfolder in subfolders {
            let folderName = subfolder.node["name"]?.text ?? subfolder.name
            warnAboutScripts(subfolder.node, what: "folder '\(folderName)'")
            let folderAuth = subfolder.node["auth"].flatMap { $0.kind == .object ? $0 : nil } ?? auth
            readFolder(
                subfolder.node["item"]?.elements ?? [], folder: folder + [subfolder.name],
                file: folder + [subfolder.name + ".http"], taken: [], auth: folderAuth,
                behavior: Self.behavior(subfolder.node["protocolProfileBehavior"], inherited: behavior),
                comments: Self.descriptionLines(subfolder.node["description"]))
        }
    }

    // MARK: - Diagnostics

    /// Where `node` is in the source file (line 1 when unknown).
    func location(_ node: PostmanJSON.Node?) -> SourceLocation {
        SourceLocation(file: file, line: node?.line ?? 1)
    }

    mutating func warn(_ message: String, at node: PostmanJSON.Node?) {
        diagnostics.append(Diagnostic(message, at: location(node), severity: .warning))
    }

    /// A warning when `node` has pre-request or test scripts with code in them.
    mutating func warnAboutScripts(_ node: PostmanJSON.Node, what: String) {
        var kinds: [String] = []
        for event in node["event"]?.elements ?? [] {
            guard let script = event["script"]?["exec"] else { continue }
            let code = script.kind == .array ? script.elements.compactMap(\.text).joined() : script.text ?? ""
            guard !code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, event["disabled"]?.isTrue != true
            else {
                continue
            }
            let kind = event["listen"]?.text ?? "script"
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty else { return }
        let list = kinds.map { $0 == "prerequest" ? "pre-request" : $0 }.joined(separator: " and ")
        warn(
            "the \(list) script\(kinds.count > 1 ? "s" : "") of \(what) not imported: Postman runs \(kinds.count > 1 ? "them" : "it") "
                + "around every request below it, Ferry runs each request's own JetBrains scripts (copy what it does "
                + "into theirs)", at: node["event"])
    }

    /// The enabled scripts of `node` with code in them: Postman's event kind (`test`, `prerequest`) and the lines.
    static func scripts(of node: PostmanJSON.Node) -> [(kind: String, lines: [String], node: PostmanJSON.Node)] {
        (node["event"]?.elements ?? []).compactMap { event in
            guard let script = event["script"]?["exec"], event["disabled"]?.isTrue != true else { return nil }
            let code =
                script.kind == .array ? script.elements.compactMap(\.text).joined(separator: "\n") : script.text ?? ""
            guard !code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            // `\r\n` is one Character: line ends are made `\n` before splitting.
            let text = code.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
            return (event["listen"]?.text ?? "test", lines, event)
        }
    }

    /// Translates the item's test script into a JetBrains response handler and its pre-request script into a
    /// pre-request script (``PostmanScriptTranslator``), warning about the lines kept as comments.
    mutating func translateScripts(of item: PostmanJSON.Node, into request: inout SavedRequest, name: String) {
        for script in Self.scripts(of: item) {
            guard script.kind == "test" || script.kind == "prerequest" else { continue }
            let isHandler = script.kind == "test"
            let translation = PostmanScriptTranslator.translate(script.lines, requestName: name, isHandler: isHandler)
            let body = translation.lines.map { $0.isEmpty ? "" : "  " + $0 }
            if isHandler {
                request.responseHandlers = ["> {%"] + body + ["%}"]
            } else {
                request.preamble.append(PreambleItem(.script, text: (["< {%"] + body + ["%}"]).joined(separator: "\n")))
            }
            guard let first = translation.untranslated.first else { continue }
            let kind = isHandler ? "test" : "pre-request"
            let count = translation.untranslated.count
            let shown = first.trimmingCharacters(in: .whitespaces)
            let excerpt = "'" + shown.prefix(60) + (shown.count > 60 ? "…'" : "'")
            warn(
                "'\(name)': \(count) line\(count == 1 ? "" : "s") of its \(kind) script kept as comments (Postman's API "
                    + "with no JetBrains counterpart, first: \(excerpt)); "
                    + "the rest runs as a JetBrains \(isHandler ? "response handler" : "pre-request script")",
                at: script.node["listen"] ?? script.node)
        }
    }

    // MARK: - Shared readers

    /// Description text (a string, or `{ "content": … }`) as `#` comment lines.
    static func descriptionLines(_ node: PostmanJSON.Node?) -> [String] {
        guard let node, let text = node.kind == .object ? node["content"]?.text : node.text else { return [] }
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespaces) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        // `# @word` would read as a directive.
        return lines.map { $0.isEmpty ? "#" : "# " + ($0.hasPrefix("@") ? "-- " + $0 : $0) }
    }

    /// `protocolProfileBehavior`'s `followRedirects: false` and `strictSSL: false` on top of `inherited`.
    static func behavior(_ node: PostmanJSON.Node?, inherited: Behavior) -> Behavior {
        var result = inherited
        if let follow = node?["followRedirects"]?.text { result.noRedirect = follow == "false" }
        if let strict = node?["strictSSL"]?.text { result.insecure = strict == "false" }
        return result
    }

    /// Enabled variables of a `variable` / `values` array, in order of first appearance with the last
    /// enabled value of a repeated key (as Postman and newman read them).
    static func variables(_ elements: [PostmanJSON.Node]) -> [Variable] {
        var result: [Variable] = []
        for element in elements {
            guard let name = (element["key"] ?? element["id"])?.nonEmptyText else { continue }
            if element["disabled"]?.isTrue == true || element["enabled"]?.text == "false" { continue }
            let valueNode = element["value"]
            let value = valueNode.map { $0.text ?? ($0.kind == .null ? "" : $0.value.formatted(.compact)) } ?? ""
            let secret = element["type"]?.text == "secret" || isSecretName(name)
            if let index = result.firstIndex(where: { $0.name == name }) {
                result[index].value = value
                result[index].isSecret = result[index].isSecret || secret
            } else {
                result.append(Variable(name: name, value: value, isSecret: secret))
            }
        }
        return result
    }

    /// An environment with secret variables apart.
    static func environment(_ name: String, _ variables: [Variable]) -> ImportedCollection.Environment {
        ImportedCollection.Environment(
            name: name, variables: variables.filter { !$0.isSecret }.map { .init($0.name, $0.value) },
            secrets: variables.filter(\.isSecret).map { .init($0.name, $0.value) })
    }

    /// Whether a variable's name says it holds a secret (token, password, secret, API key).
    static func isSecretName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["token", "password", "passwd", "secret", "apikey", "api_key", "api-key"].contains {
            lowered.contains($0)
        }
    }
}
