/// One field of a form body (urlencoded or multipart): a name and a text value, or a file to include.
public struct FormField: Sendable, Hashable {
    /// The field name (may hold `{{variables}}`).
    public var name: String
    /// The text value (may hold `{{variables}}`); empty for a file field.
    public var value: String
    /// For a multipart file field: the path after `<` (relative to the `.http` file); `nil` for text.
    public var filePath: String?
    /// For a multipart file field: the `filename` sent in `Content-Disposition`.
    public var fileName: String?
    /// For a multipart part: its `Content-Type` line, if it has one.
    public var contentType: String?

    /// A text field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// A multipart file field sending the file at `path` (named after it unless `fileName` is given).
    public init(name: String, filePath path: String, fileName: String? = nil, contentType: String? = nil) {
        self.name = name
        self.value = ""
        self.filePath = path
        self.fileName = fileName ?? String(path.split(separator: "/").last ?? Substring(path))
        self.contentType = contentType ?? FormField.contentType(forPath: path)
    }

    /// Whether the field sends a file.
    public var isFile: Bool { filePath != nil }

    /// A media type for a file by its extension (`application/octet-stream` when unknown).
    public static func contentType(forPath path: String) -> String {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "json": return "application/json"
        case "txt", "log", "csv": return ext == "csv" ? "text/csv" : "text/plain"
        case "xml": return "application/xml"
        case "html", "htm": return "text/html"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }
}
