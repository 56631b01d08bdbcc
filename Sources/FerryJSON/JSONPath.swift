/// One step of a ``JSONPath``: an object key or an array index.
public enum JSONPathComponent: Sendable, Hashable {
    /// An object member's key.
    case key(String)
    /// An array element's index.
    case index(Int)
}

/// Where a value sits in a document, written the way queries write it: `.items[0].name`, or `.` for the root.
///
/// ```swift
/// let path = JSONPath([.key("items"), .index(0), .key("display name")])
/// print(path)  // .items[0]["display name"]
/// ```
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The steps from the root.
    public var components: [JSONPathComponent]

    /// Creates a path from its steps.
    public init(_ components: [JSONPathComponent] = []) { self.components = components }

    /// The path one step further.
    public func appending(_ component: JSONPathComponent) -> JSONPath {
        JSONPath(components + [component])
    }

    /// `.a.b[0]`; keys that are not identifiers are quoted: `.["a b"]`; the root is `.`, its first element `.[0]`.
    public var description: String {
        guard !components.isEmpty else { return "." }
        var text = ""
        for component in components {
            if text.isEmpty, case .index = component { text = "." }
            if text.isEmpty, case .key(let key) = component, !Self.isIdentifier(key) { text = "." }
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    text += "." + key
                } else {
                    text += "[" + JSONValue.string(key).formatted(.compact) + "]"
                }
            }
        }
        return text
    }

    /// The path as RFC 9535's normalized path: `$['items'][0]['display name']`, names in single quotes with
    /// `\b \f \n \r \t \' \\` and other control characters as `\u00XX`.
    public var normalized: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                text += "['"
                for scalar in key.unicodeScalars {
                    switch scalar {
                    case "\u{08}": text += "\\b"
                    case "\u{0C}": text += "\\f"
                    case "\n": text += "\\n"
                    case "\r": text += "\\r"
                    case "\t": text += "\\t"
                    case "'": text += "\\'"
                    case "\\": text += "\\\\"
                    case _ where scalar.value < 0x20:
                        let hex = String(scalar.value, radix: 16)
                        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    default: text.unicodeScalars.append(scalar)
                    }
                }
                text += "']"
            }
        }
        return text
    }

    /// Whether `key` can be written after a dot: ASCII letters, digits and `_`, not starting with a digit.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
