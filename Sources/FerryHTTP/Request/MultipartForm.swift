import Foundation

/// A `multipart/form-data` body: text fields and files, each a part, streamed in order.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("title", "Holiday")
/// form.append("photo", file: URL(fileURLWithPath: "beach.jpg"), contentType: "image/jpeg")
/// request.body = .multipart(form)
/// ```
public struct MultipartForm: Sendable, Hashable {
    /// Where a part's bytes come from.
    public enum Content: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// A file, read while sending.
        case file(URL)
    }

    /// One part of the form; its name, file name and content type go in the part's header lines, so they may
    /// not hold CR, LF or NUL (the client refuses to send such a part).
    public struct Part: Sendable, Hashable {
        /// The field name.
        public var name: String
        /// The file name reported to the server, if the part is a file.
        public var filename: String?
        /// The part's `Content-Type`, if any.
        public var contentType: String?
        /// The part's bytes.
        public var content: Content

        /// A part with the given name, file name, type and content.
        public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }
    }

    /// The boundary line between parts (without the leading `--`): 1 to 70 RFC 2046 `bchars` (letters,
    /// digits, `'()+_,-./:=?` and inner spaces), or the client refuses to send the form.
    public var boundary: String
    /// The parts in order.
    public var parts: [Part]

    /// An empty form with the given boundary, or a random one.
    public init(boundary: String = "ferry-" + UUID().uuidString, parts: [Part] = []) {
        self.boundary = boundary
        self.parts = parts
    }

    /// `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends a text field.
    public mutating func append(_ name: String, _ value: String) {
        parts.append(Part(name: name, content: .data(Data(value.utf8))))
    }

    /// Appends bytes as a file part.
    public mutating func append(
        _ name: String, data: Data, filename: String, contentType: String = "application/octet-stream"
    ) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, content: .data(data)))
    }

    /// Appends a file from disk, named after its last path component unless `filename` is given.
    public mutating func append(
        _ name: String, file: URL, filename: String? = nil, contentType: String = "application/octet-stream"
    ) {
        parts.append(
            Part(
                name: name, filename: filename ?? file.lastPathComponent, contentType: contentType, content: .file(file)
            ))
    }
}

// MARK: - Encoding

extension MultipartForm {
    /// The body as pieces in order: framing and in-memory parts as bytes, files as references.
    var segments: [BodySegment] {
        var segments: [BodySegment] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
            head += "\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            head += "\r\n"
            segments.append(.bytes(Data(head.utf8)))
            switch part.content {
            case .data(let data): segments.append(.bytes(data))
            case .file(let url): segments.append(.file(url))
            }
            segments.append(.bytes(Data("\r\n".utf8)))
        }
        segments.append(.bytes(Data("--\(boundary)--\r\n".utf8)))
        return segments
    }

    /// Escapes `"` in a name as the HTML form encoding does (a CR, LF or NUL never gets here: ``HTTPClient``
    /// refuses such a part, see ``HTTPRequest/wireViolation``).
    private static func quoted(_ name: String) -> String {
        name.replacingOccurrences(of: "\"", with: "%22")
    }
}
