import Foundation

/// Names for imported things: request titles and file or folder names that are safe on any file
/// system and unique among their siblings.
enum ImportNaming {
    /// A name usable as one path component: letters, digits, `-`, `_`, `.` and spaces kept, anything
    /// else (`/`, `:`, `*`, control characters, …) a `-`; never empty, never hidden, at most 80 characters.
    static func safeComponent(_ text: String, fallback: String = "imported") -> String {
        var result = ""
        for character in text {
            if character.isLetter || character.isNumber || "-_. ()".contains(character) {
                result.append(character)
            } else if result.last != "-" {
                result.append("-")
            }
        }
        result = result.trimmingCharacters(in: CharacterSet(charactersIn: " .-"))
        if result.count > 80 { result = String(result.prefix(80)).trimmingCharacters(in: .whitespaces) }
        return result.isEmpty ? fallback : result
    }

    /// `name`, or `name-2`, `name-3`, … the first not in `taken` (compared case-insensitively); the
    /// result is added to `taken`.
    static func unique(_ name: String, among taken: inout Set<String>, separator: String = "-") -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(name)\(separator)\(number)"
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// A request title from its method and the last segment of its URL's path (the host when the path
    /// is empty): `post-generate`, `get-tags`; lower-case words joined by `-`, at most 48 characters.
    static func title(method: String, url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let segments = rest.split(separator: "/")
        let segment = segments.count > 1 ? segments.last.map(String.init) ?? "" : segments.first.map(String.init) ?? ""
        var words = method.lowercased()
        var slug = ""
        for character in segment.removingPercentEncoding ?? segment {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") || slug.hasSuffix(".") { slug.removeLast() }
        if !slug.isEmpty { words += "-" + slug }
        return String(words.prefix(48))
    }
}
