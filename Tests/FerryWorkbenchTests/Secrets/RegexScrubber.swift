import FerryWorkbench
import Foundation

/// The scrubber as it was before the automaton (one `NSRegularExpression` alternation over every spelling of
/// every needle, longest first), kept as the oracle the automaton's output must equal. Quadratic in a secret's
/// length: only for short secrets.
struct RegexScrubber {
    let pattern: NSRegularExpression?

    init(_ secrets: some Sequence<String>) {
        let kept = SecretScrubber(secrets).secrets
        let needles = kept.flatMap(Self.needles(for:)).sorted { $0.count > $1.count }
        let alternatives = needles.map { $0.unicodeScalars.map(Self.spellings(of:)).joined() }
        pattern = needles.isEmpty ? nil : try? NSRegularExpression(pattern: alternatives.joined(separator: "|"))
    }

    func scrub(_ text: String) -> String {
        guard let pattern, !text.isEmpty else { return text }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return pattern.stringByReplacingMatches(
            in: text, range: range, withTemplate: NSRegularExpression.escapedTemplate(for: Secrets.mask))
    }

    static func needles(for secret: String) -> [String] {
        let base64 = Data(secret.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        let base64URL = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        var needles = [secret]
        for encoded in [base64, base64URL] where !needles.contains(encoded) { needles.append(encoded) }
        return needles
    }

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

    static let jsonShortEscapes: [Unicode.Scalar: String] = [
        "\"": #"\""#, "\\": #"\\"#, "/": #"\/"#, "\u{8}": #"\b"#, "\u{C}": #"\f"#, "\n": #"\n"#, "\r": #"\r"#,
        "\t": #"\t"#,
    ]

    static let htmlEntities: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&(?:apos|#39);",
    ]

    static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func caseless(_ digits: String) -> String {
        digits.contains(where: \.isLetter) ? "(?i:\(digits))" : digits
    }
}
