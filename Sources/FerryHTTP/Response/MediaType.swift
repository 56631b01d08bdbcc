import Foundation

/// A parsed `Content-Type` value: `type/subtype` plus parameters such as `charset`.
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// The lowercased `type/subtype`, such as `application/json`.
    public var essence: String
    /// The parameters in order, names lowercased, values unquoted.
    public var parameters: [(name: String, value: String)]

    /// Parses a header value such as `text/html; charset="UTF-8"`.
    public init(_ headerValue: String) {
        let pieces = headerValue.split(separator: ";", omittingEmptySubsequences: false)
        essence = pieces.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        parameters = pieces.dropFirst().compactMap { piece in
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (pair[0].trimmingCharacters(in: .whitespaces).lowercased(), value)
        }
    }

    /// The `charset` parameter, lowercased.
    public var charset: String? { parameters.first { $0.name == "charset" }?.value.lowercased() }

    /// Whether this is JSON: `application/json` or any `+json` type such as `application/problem+json`.
    public var isJSON: Bool { essence == "application/json" || essence.hasSuffix("+json") }

    /// `type/subtype; name=value…`.
    public var description: String {
        ([essence] + parameters.map { "\($0.name)=\($0.value)" }).joined(separator: "; ")
    }

    /// Decodes `data` with this type's charset (UTF-8 when absent or unknown); `nil` when the bytes are not
    /// valid in that charset.
    public func decode(_ data: Data) -> String? {
        switch charset {
        case nil, "utf-8", "utf8": String(data: data, encoding: .utf8)
        case "iso-8859-1", "latin1", "iso-latin-1": String(data: data, encoding: .isoLatin1)
        case "us-ascii", "ascii": String(data: data, encoding: .ascii)
        case "windows-1252", "cp1252": String(data: data, encoding: .windowsCP1252)
        case "utf-16": String(data: data, encoding: .utf16)
        case "utf-16le": String(data: data, encoding: .utf16LittleEndian)
        case "utf-16be": String(data: data, encoding: .utf16BigEndian)
        default: String(data: data, encoding: .utf8)
        }
    }

    /// Equal when the essence and the parameters match in order.
    public static func == (lhs: MediaType, rhs: MediaType) -> Bool { lhs.description == rhs.description }

    /// Hashes the description.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
