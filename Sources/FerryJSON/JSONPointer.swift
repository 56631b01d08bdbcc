import Foundation

extension JSONValue {
    /// The value the JSON pointer `pointer` (RFC 6901: `/paths/~1pets/get`, `~1` for `/`, `~0` for `~`) names, or
    /// `nil` when a step is missing; the empty pointer names the value itself.
    ///
    /// ```swift
    /// let document: JSONValue = ["a/b": [1, 2]]
    /// document.value(atPointer: "/a~1b/1")  // 2
    /// ```
    public func value(atPointer pointer: String) -> JSONValue? {
        var current = self
        for component in JSONPointer.components(of: pointer) {
            switch current {
            case .object(let object):
                guard let next = object[component] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}

extension JSONValue {
    /// The value a same-document reference (`#/components/schemas/Pet`, `#` for the whole; percent escapes
    /// decoded) names, with the reference's fragment as a location (`#/components/schemas/Pet`); `nil` for a
    /// reference to another document, an anchor (`#name`) or a pointer to nothing.
    public func value(atReference reference: String) -> (value: JSONValue, location: String)? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = String(reference.dropFirst())
        let pointer = fragment.removingPercentEncoding ?? fragment
        guard pointer.isEmpty || pointer.hasPrefix("/"), let target = value(atPointer: pointer) else { return nil }
        return (target, "#" + pointer)
    }
}

extension JSONDocument {
    /// The node the JSON pointer `pointer` (RFC 6901) names, or `nil` when a step is missing: where a value of a
    /// description sits in its bytes (``byteRange(of:)``).
    public func node(atPointer pointer: String) -> Int? {
        var node = root
        for component in JSONPointer.components(of: pointer) {
            let next = children(of: node).first { child in
                key(of: child) == component || index(of: child).map(String.init) == component
            }
            guard let next else { return nil }
            node = next
        }
        return node
    }
}

/// RFC 6901's pointer syntax.
public enum JSONPointer {
    /// The unescaped components of `pointer` (`/a~1b/0` → `["a/b", "0"]`; `""` → `[]`).
    public static func components(of pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
