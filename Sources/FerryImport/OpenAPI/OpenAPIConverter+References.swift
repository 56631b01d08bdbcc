import FerryJSON

// MARK: - $ref resolution

extension OpenAPIConverter {
    /// The most `$ref` hops followed for one value (a chain longer than this is reported as a cycle).
    static let maximumReferenceHops = 32

    /// `value` (found at `pointer`) with `$ref` chains followed, and the pointer where the result is;
    /// `nil` with a warning when a reference points to another file or to nothing.
    mutating func resolved(_ value: JSONValue, at pointer: String) -> (JSONValue, String)? {
        var current = value
        var currentPointer = pointer
        var hops = 0
        while let reference = current.objectValue?["$ref"]?.stringValue {
            let referencePointer = OpenAPIPointer.appending("$ref", to: currentPointer)
            hops += 1
            guard hops <= Self.maximumReferenceHops else {
                warn("$ref chain '\(reference)' does not end (a cycle); skipped", at: referencePointer)
                return nil
            }
            guard let target = OpenAPIPointer.pointer(ofReference: reference) else {
                warn("external $ref '\(reference)' is not followed; skipped", at: referencePointer)
                return nil
            }
            guard let found = root.value(atPointer: target) else {
                warn("$ref '\(reference)' points to nothing in this document; skipped", at: referencePointer)
                return nil
            }
            current = found
            currentPointer = target
        }
        return (current, currentPointer)
    }
}
