import Foundation

/// The directives of `Cache-Control` header fields (RFC 9111 §5.2), names lowercased; a directive without
/// an argument maps to `nil`, quoted arguments are unquoted. Repeated fields are read as one list.
struct CacheControl: Sendable, Hashable {
    private var directives: [String: String?] = [:]

    /// The directives of every `Cache-Control` field in `headers`.
    init(_ headers: HTTPHeaders) {
        for field in headers.values(for: "Cache-Control") {
            for part in field.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard let rawName = pair.first else { continue }
                let name = rawName.trimmingCharacters(in: .whitespaces).lowercased()
                guard !name.isEmpty else { continue }
                var value = pair.count == 2 ? pair[1].trimmingCharacters(in: .whitespaces) : nil
                if let quoted = value, quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") {
                    value = String(quoted.dropFirst().dropLast())
                }
                // The first occurrence wins (RFC 9111 §4.2.1 leaves duplicates to the cache).
                if directives[name] == nil { directives[name] = .some(value) }
            }
        }
    }

    /// Whether the directive `name` is present.
    func has(_ name: String) -> Bool { directives[name] != nil }

    /// The delta-seconds argument of `name` (`max-age=60`), or `nil` when absent or not a number.
    func seconds(_ name: String) -> Int? {
        guard let argument = directives[name], let text = argument, let value = Int(text), value >= 0 else {
            return nil
        }
        return value
    }

    /// Whether no directive is present.
    var isEmpty: Bool { directives.isEmpty }
}
