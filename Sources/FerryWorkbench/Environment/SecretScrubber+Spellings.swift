import Foundation

// MARK: - The spellings of a secret

extension SecretScrubber {
    /// The texts whose spellings are masked for `secret`: the secret itself, and its base64 and base64url
    /// forms without padding (so a padded echo is masked too, its `=` left over). Base64 is matched only where
    /// the secret was encoded on its own: inside a longer encoded text its bits shift with its offset.
    static func needles(for secret: String) -> [String] {
        let base64 = Data(secret.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        let base64URL = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        var needles = [secret]
        for encoded in [base64, base64URL] where !needles.contains(encoded) { needles.append(encoded) }
        return needles
    }

    /// One case-sensitive pattern matching every spelling of every needle of `secrets`, longest first so the
    /// longer of two overlapping secrets wins; `nil` for no secrets.
    static func pattern(matching secrets: [String]) -> NSRegularExpression? {
        let needles = secrets.flatMap(needles(for:)).sorted { $0.count > $1.count }
        guard !needles.isEmpty else { return nil }
        let alternatives = needles.map { $0.unicodeScalars.map(spellings(of:)).joined() }
        // Built from escaped pieces only, so it always compiles; `nil` would only mean nothing is masked.
        return try? NSRegularExpression(pattern: alternatives.joined(separator: "|"))
    }

    /// A group matching one character of a secret as it is, or as an echo may spell it: a JSON string escape
    /// (`\"`, `\\`, `\/`, `\n`, … or `\u00e9` in either case of hex, a surrogate pair beyond the BMP), percent
    /// encoding of its UTF-8 bytes in either case (`+` for a space, as forms write it), or an HTML character
    /// reference (`&#233;`, `&#xe9;`, `&amp;`, …). Any mix of these within one echo is matched.
    static func spellings(of scalar: Unicode.Scalar) -> String {
        var spellings = [NSRegularExpression.escapedPattern(for: String(scalar))]
        if let escape = jsonShortEscapes[scalar] { spellings.append(NSRegularExpression.escapedPattern(for: escape)) }
        let units = String(scalar).utf16.map { #"\\u"# + caseless(hex($0, width: 4)) }
        spellings.append(units.joined())
        spellings.append(String(scalar).utf8.map { "%" + caseless(hex($0, width: 2)) }.joined())
        if scalar == " " { spellings.append(#"\+"#) }
        spellings.append("&#0*\(scalar.value);")
        spellings.append("&#[xX]0*" + caseless(hex(scalar.value, width: 1)) + ";")
        if let entity = htmlEntities[scalar] { spellings.append(entity) }
        return "(?:" + spellings.joined(separator: "|") + ")"
    }

    /// JSON's two-character escapes.
    private static let jsonShortEscapes: [Unicode.Scalar: String] = [
        "\"": #"\""#, "\\": #"\\"#, "/": #"\/"#, "\u{8}": #"\b"#, "\u{C}": #"\f"#, "\n": #"\n"#, "\r": #"\r"#,
        "\t": #"\t"#,
    ]

    /// The named HTML references for the characters HTML escapes.
    private static let htmlEntities: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&(?:apos|#39);",
    ]

    /// `value` in hex, at least `width` digits.
    private static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A pattern for hex `digits` in either case.
    private static func caseless(_ digits: String) -> String {
        digits.contains(where: \.isLetter) ? "(?i:\(digits))" : digits
    }
}
