import FerryWorkbench

/// Reads HAR 1.2 captures (browsers' and proxies' "Save all as HAR"): each `log.entries[]` becomes a request.
///
/// Requests go into one `.http` file per host (`api.example.com.http`), titled from method and path
/// (`get-users`, `get-users-2`…). HTTP/2 pseudo-headers, hop-by-hop and computed headers (`Content-Length`,
/// `Connection`, a `Host` that matches the URL) are left out; captured cookies become a `Cookie` header when the
/// headers have none; `postData` keeps its text and `mimeType`, or its `params` as a form or multipart body. A
/// malformed entry is reported with its index and skipped; the rest is imported. See ``HAREntryReader``.
///
/// ```swift
/// let collection = try HARImporter.read(bytes, fileName: "capture.har")
/// collection.files.map(\.path)   // ["httpbin.org.http"]
/// ```
public enum HARImporter: CollectionImporter {
    /// `har`.
    public static let formatName = "har"

    /// Whether the file is named `*.har`, or its text is an object whose `log` holds `version` and `entries`.
    public static func recognizes(_ bytes: [UInt8], fileName: String) -> Bool {
        if fileName.lowercased().hasSuffix(".har") { return true }
        var rest = bytes.prefix(256 * 1024)[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard rest.first == UInt8(ascii: "{") else { return false }
        rest = rest.dropFirst().drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard rest.starts(with: Array("\"log\"".utf8)) else { return false }
        let text = String(decoding: rest, as: UTF8.self)
        return text.contains("\"entries\"") && text.contains("\"version\"")
    }

    /// Reads a capture; throws when the text is not JSON or has no `log.entries` array.
    public static func read(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> ImportedCollection {
        let json = try PostmanJSON.parsing(bytes, fileName: fileName)
        guard let entries = json.root["log"]?["entries"], entries.kind == .array else {
            throw Diagnostic("not a HAR capture: no \"log.entries\" array", at: SourceLocation(file: fileName, line: 1))
        }
        var reader = HAREntryReader(file: fileName)
        for (index, entry) in entries.elements.enumerated() {
            reader.read(entry, index: index)
        }
        // What writing changes or leaves out (a header the wire would refuse, a body that moves to a file) is named.
        return reader.collection.checkedByReparsing()
    }
}
