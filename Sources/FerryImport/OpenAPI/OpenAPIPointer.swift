import FerryJSON
import Foundation

/// JSON pointers (RFC 6901) as OpenAPI's `$ref` and Ferry's diagnostics use them.
enum OpenAPIPointer {
    /// `pointer` extended by `component`, escaped (`~` → `~0`, `/` → `~1`).
    static func appending(_ component: String, to pointer: String) -> String {
        pointer + "/" + component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The pointer of a local `$ref` (`#/components/schemas/Pet` → `/components/schemas/Pet`), percent
    /// escapes decoded; `nil` for a reference to another file.
    static func pointer(ofReference reference: String) -> String? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = String(reference.dropFirst())
        return fragment.removingPercentEncoding ?? fragment
    }
}
