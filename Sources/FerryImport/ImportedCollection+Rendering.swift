import FerryWorkbench

// MARK: - An imported file as .http text

extension ImportedCollection.File {
    /// The file's `.http` text as it is written (``safeForWriting()``): each request with its `###` separator
    /// and title, a blank line after each; bodies that go to files of their own are included from the folder
    /// ``bodiesFolder``.
    public var text: String { written(bodiesFolder: bodiesFolder).text }

    /// The folder, beside the file, that holds the bodies the `.http` text could not hold itself:
    /// `name.bodies` for `name.http`.
    public var bodiesFolder: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return (name.hasSuffix(".http") ? String(name.dropLast(5)) : name) + ".bodies"
    }

    /// The `.http` text with bodies included from `bodiesFolder`, and those bodies by file name.
    func written(bodiesFolder: String) -> (text: String, bodies: [(name: String, text: String)], requestCount: Int) {
        let safe = safeForWriting()
        var requests = safe.requests
        var bodies: [(name: String, text: String)] = []
        for (index, body) in safe.bodies.sorted(by: { $0.key < $1.key }) {
            let name = Self.bodyFileName(index: index, of: requests[index])
            bodies.append((name, body))
            requests[index].body = "< ./\(bodiesFolder)/\(name)"
        }
        return (requests.map { $0.rendered(separator: true) }.joined(), bodies, requests.count)
    }

    /// `3.json` for the third request's JSON body (`.xml`, `.txt` by its `Content-Type`).
    static func bodyFileName(index: Int, of request: SavedRequest) -> String {
        let type = request.headers.first { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
        let fileExtension = type.contains("json") ? "json" : type.contains("xml") ? "xml" : "txt"
        return "\(index + 1).\(fileExtension)"
    }
}
