// MARK: - The rules for each part of a request's wire form (RFC 9110, RFC 2046)

extension WireViolation {
    /// The most characters a URL may have: eight times what common servers accept (8 KiB), far below
    /// libcurl's own limit (8 MB, past which it fails with "No URL set").
    public static let urlLengthLimit = 65_536

    /// The violation of a method, or `nil` for a valid one: an RFC 9110 token (letters, digits and
    /// `!#$%&'*+-.^_|~` and the backtick).
    public static func method(_ method: String) -> WireViolation? {
        token(method, as: .method, quoting: true)
    }

    /// The violation of a URL as it goes on the request line, or `nil`: no space, control character or DEL
    /// (a line break would end the request line), at most ``urlLengthLimit`` characters.
    public static func url(_ text: String, as part: Part = .url, quoting: Bool = true) -> WireViolation? {
        // The excerpt is made only for a violation: a URL that may go out (every send's) costs one pass.
        if var violation = urlLength(text, as: part) {
            violation.excerpt = quoting ? InputExcerpt(text) : nil
            return violation
        }
        guard let (character, column) = firstRefused(in: text, allowing: { $0 > 0x20 && $0 != 0x7F }) else {
            return text.isEmpty ? WireViolation(part, .empty) : nil
        }
        return WireViolation(
            part, .character(character, column: column), excerpt: quoting ? InputExcerpt(text) : nil)
    }

    /// The violation of a URL longer than ``urlLengthLimit`` characters, without an excerpt (the caller
    /// quotes what it may show), or `nil`.
    public static func urlLength(_ text: String, as part: Part = .url) -> WireViolation? {
        // Counting scalars costs a pass over the text: only for one whose bytes are over the limit already.
        guard text.utf8.count > urlLengthLimit, case let length = text.unicodeScalars.count, length > urlLengthLimit
        else { return nil }
        return WireViolation(part, .tooLong(length: length, limit: urlLengthLimit))
    }

    /// The violation of a header field, or `nil`: the name is a token; the value is an RFC 9110 field value
    /// (§5.5: no control character but the tab — no CR, LF or NUL, nor ESC, VT, FF, DEL…; non-ASCII text is
    /// allowed). The value is never quoted: it may be a secret.
    public static func header(name: String, value: String) -> WireViolation? {
        if let violation = token(name, as: .headerName(name), quoting: true) { return violation }
        return fieldControl(in: value, as: .headerValue(name))
    }

    /// The first character RFC 9110 refuses in a field value (a control other than the tab, or DEL) and its
    /// column (in Unicode scalars, from 1), or `nil`.
    public static func firstFieldControl(in text: String) -> (character: Unicode.Scalar, column: Int)? {
        firstRefused(in: text, allowing: { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) })
    }

    /// The violation of text that goes inside a header line (a value, a part's attribute, a credential, a
    /// cookie), or `nil` when it holds no control character but the tab.
    static func fieldControl(in text: String, as part: Part) -> WireViolation? {
        guard let (character, column) = firstFieldControl(in: text) else { return nil }
        return WireViolation(part, .character(character, column: column))
    }

    /// The first CR, LF or NUL in `text` and its column (in Unicode scalars, from 1), or `nil`: the characters
    /// no header line may hold.
    public static func firstLineBreakOrNUL(in text: String) -> (character: Unicode.Scalar, column: Int)? {
        firstRefused(in: text, allowing: { $0 != 0x0D && $0 != 0x0A && $0 != 0 })
    }

    /// The violation of a multipart form, or `nil`: the boundary is 1 to 70 RFC 2046 `bchars` (not ending in a
    /// space); each part's name, filename and content type hold no control character but the tab.
    static func multipart(_ form: MultipartForm) -> WireViolation? {
        let boundary = form.boundary
        if boundary.isEmpty { return WireViolation(.multipartBoundary, .empty) }
        let boundaryLength = boundary.unicodeScalars.count
        if boundaryLength > 70 {
            return WireViolation(
                .multipartBoundary, .tooLong(length: boundaryLength, limit: 70), excerpt: InputExcerpt(boundary))
        }
        if let (character, column) = firstRefused(in: boundary, allowing: isBoundaryCharacter)
            ?? (boundary.hasSuffix(" ") ? (" ", boundaryLength) : nil)
        {
            return WireViolation(
                .multipartBoundary, .character(character, column: column), excerpt: InputExcerpt(boundary))
        }
        for (offset, part) in form.parts.enumerated() {
            let attributes = [("name", part.name), ("filename", part.filename), ("Content-Type", part.contentType)]
            for case (let attribute, let text?) in attributes {
                let field = Part.multipartPart(number: offset + 1, attribute: attribute)
                if let violation = fieldControl(in: text, as: field) { return violation }
            }
        }
        return nil
    }

    // MARK: - Internals

    /// The violation of a token (RFC 9110 `1*tchar`), or `nil`.
    private static func token(_ text: String, as part: Part, quoting: Bool) -> WireViolation? {
        guard !text.isEmpty else { return WireViolation(part, .empty) }
        guard let (character, column) = firstRefused(in: text, allowing: isTokenCharacter) else { return nil }
        return WireViolation(part, .character(character, column: column), excerpt: quoting ? InputExcerpt(text) : nil)
    }

    /// The first character of `text` whose first UTF-8 byte `isAllowed` refuses, with its column (in Unicode
    /// scalars, from 1); checked on bytes, since every request passes here.
    static func firstRefused(in text: String, allowing isAllowed: (UInt8) -> Bool) -> (Unicode.Scalar, Int)? {
        let utf8 = text.utf8
        var column = 0
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            // Continuation bytes (10xxxxxx) belong to the scalar already counted.
            if byte & 0xC0 != 0x80 {
                column += 1
                if !isAllowed(byte) { return (text.unicodeScalars[index], column) }
            }
            index = utf8.index(after: index)
        }
        return nil
    }

    /// RFC 9110 `tchar`: ASCII letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        isASCIILetterOrDigit(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }

    /// RFC 2046 `bchars`: ASCII letters, digits, `'()+_,-./:=?` and the space.
    private static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
        isASCIILetterOrDigit(byte) || "'()+_,-./:=? ".utf8.contains(byte)
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }
}
