import FerryJSON
import Foundation

/// JSON pointers (RFC 6901) as OpenAPI's `$ref` and Ferry's diagnostics use them.
enum OpenAPIPointer {
    /// `pointer` extended by `component`, escaped (`~` → `~0`, `/` → `~1`).
    static func appending(_ component: String, to pointer: String) -> String {
        pointer + "/" + component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The unescaped components of `pointer` (`/a~1b/0` → `["a/b", "0"]`).
    static func components(of pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The pointer of a local `$ref` (`#/components/schemas/Pet` → `/components/schemas/Pet`), percent
    /// escapes decoded; `nil` for a reference to another file.
    static func pointer(ofReference reference: String) -> String? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = String(reference.dropFirst())
        return fragment.removingPercentEncoding ?? fragment
    }

    /// The value at `pointer` in `root`, or `nil` when some component is missing.
    static func value(at pointer: String, in root: JSONValue) -> JSONValue? {
        var current = root
        for component in components(of: pointer) {
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
