import FerryWorkbench

/// Turns HAR entries into requests grouped by host, collecting located warnings for what it skips.
struct HAREntryReader {
    /// The capture's file name, for diagnostics.
    let file: String
    /// Files by host, in the order hosts were first seen.
    private var files: [ImportedCollection.File] = []
    /// The index in ``files`` of each host's file.
    private var fileIndexByHost: [String: Int] = [:]
    /// Each file's request titles in use (lower-cased), by file index.
    private var titlesByFile: [Set<String>] = []
    /// The file names in use (lower-cased, without `.http`).
    private var takenFileNames: Set<String> = []
    /// What was skipped or may surprise, located in the capture.
    private var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    /// What was read so far.
    var collection: ImportedCollection { ImportedCollection(files: files, diagnostics: diagnostics) }

    /// Reads entry number `index` (0-based, as in `log.entries[index]`); a malformed one is reported and skipped.
    mutating func read(_ entry: PostmanJSON.Node, index: Int) {
        let place = "log.entries[\(index)]"
        guard let node = entry["request"], node.kind == .object else {
            warn("\(place) has no \"request\" object; skipped", at: entry)
            return
        }
        guard let url = node["url"]?.nonEmptyText?.trimmingCharacters(in: .whitespaces), !url.isEmpty,
            let host = HARRequestMapping.host(of: url)
        else {
            warn("\(place).request has no absolute \"url\"; skipped", at: node)
            return
        }
        var request = HARRequestMapping.request(node, url: url, host: host)
        let texts = [request.url] + request.headers.map(\.value) + [request.body ?? ""]
        if texts.contains(where: { $0.contains("{{") }) {
            warn("\(place).request holds '{{', which Ferry reads as a variable reference when sending", at: node)
        }
        let fileIndex = fileIndex(for: host)
        request.title = ImportNaming.unique(
            ImportNaming.title(method: request.method, url: url), among: &titlesByFile[fileIndex])
        if let exchange = HARResponseMapping.exchange(entry, request: request) {
            files[fileIndex].recordedExchanges[files[fileIndex].requests.count] = exchange
        }
        files[fileIndex].requests.append(request)
    }

    /// The file for requests to `host`, made on first use with a name safe on any file system.
    private mutating func fileIndex(for host: String) -> Int {
        if let index = fileIndexByHost[host] { return index }
        let name = ImportNaming.unique(ImportNaming.safeComponent(host, fallback: "capture"), among: &takenFileNames)
        files.append(ImportedCollection.File(path: name + ".http", requests: []))
        titlesByFile.append([])
        fileIndexByHost[host] = files.count - 1
        return files.count - 1
    }

    private mutating func warn(_ message: String, at node: PostmanJSON.Node) {
        diagnostics.append(Diagnostic(message, at: SourceLocation(file: file, line: node.line), severity: .warning))
    }
}
