/// Walks an instance and a schema together for ``JSONSchema``, collecting violations. The instance's path is a
/// stack pushed and popped as the walk goes down and up: nothing is copied until a violation is recorded. The
/// schema is read into ``JSONSchemaNode``s once per validation, shared by the nested walks.
struct JSONSchemaValidator {
    /// The document `$ref`s resolve in.
    let document: JSONValue
    /// Whether `format` asserts.
    let assertsFormat: Bool
    /// Whether the walk ends at the first violation (for `anyOf`, `oneOf`, `not`, `if` and ``JSONSchema/accepts(_:)``).
    let stopsAtFirst: Bool
    /// The compiled `$ref` targets, shared by the nested walks of one validation.
    let cache: JSONSchemaCache
    /// What was found so far.
    private(set) var violations: [JSONSchemaViolation] = []
    /// The instance's path where the walk is.
    var path: [JSONPathComponent] = []
    /// How many `$ref`s deep the walk is (a cycle that never moves into the instance ends at the limit).
    private var depth = 0
    /// How deep the walk goes before it reports the schema as recursing without end.
    static let depthLimit = 256

    init(document: JSONValue, assertsFormat: Bool, stopsAtFirst: Bool = false, cache: JSONSchemaCache = .init()) {
        self.document = document
        self.assertsFormat = assertsFormat
        self.stopsAtFirst = stopsAtFirst
        self.cache = cache
    }

    /// Whether the walk can end: it stops at the first violation and found one.
    var isDone: Bool { stopsAtFirst && !violations.isEmpty }

    /// Checks `instance` (at `path`) against `schema` (at `location` in the document).
    mutating func check(_ instance: JSONValue, at path: JSONPath, against schema: JSONValue, location: String) {
        self.path = path.components
        check(instance, JSONSchemaNode(schema, at: location))
    }

    /// Records a violation of `keyword` (of `node`) at the current path.
    mutating func fail(_ keyword: String, of node: JSONSchemaNode, _ message: String) {
        violations.append(
            JSONSchemaViolation(
                instancePath: JSONPath(path), schemaLocation: Self.appending(keyword, to: node.location),
                keyword: keyword, message: message))
    }

    /// Checks `instance` against `node`.
    mutating func check(_ instance: JSONValue, _ node: JSONSchemaNode) {
        guard !isDone else { return }
        if let boolean = node.boolean {
            if !boolean {
                violations.append(
                    JSONSchemaViolation(
                        instancePath: JSONPath(path), schemaLocation: node.location, keyword: "false",
                        message: "is not allowed here (the schema is false)"))
            }
            return
        }
        // OpenAPI 3.0: `nullable: true` lets null through whatever the rest says.
        if node.nullable, instance == .null { return }
        if let reference = node.reference { followReference(reference, instance, node) }
        checkType(instance, node)
        checkValues(instance, node)
        if node.combines { checkCombinations(instance, node) }
        switch instance {
        case .number(let number): checkNumber(number, node)
        case .string(let string): checkString(string, node)
        case .array(let items): checkArray(items, node)
        case .object(let object): checkObject(object, node)
        case .null, .bool: break
        }
    }

    private mutating func followReference(_ reference: String, _ instance: JSONValue, _ node: JSONSchemaNode) {
        guard depth < Self.depthLimit else {
            fail("$ref", of: node, "cannot be checked: the schema refers to itself without end")
            return
        }
        guard let target = cache.resolve(reference, in: document) else {
            fail("$ref", of: node, "cannot be checked: the reference \(reference) is not found in this document")
            return
        }
        depth += 1
        defer { depth -= 1 }
        check(instance, target)
    }

    // MARK: - Sub-walks

    /// Whether `instance` (at the current path, or one step further) passes `node`, walked on its own.
    mutating func passes(_ instance: JSONValue, _ node: JSONSchemaNode, step: JSONPathComponent? = nil) -> Bool {
        firstViolation(of: instance, node, step: step) == nil
    }

    /// The first violation of `node` by `instance`, walked on its own, or `nil`.
    mutating func firstViolation(
        of instance: JSONValue, _ node: JSONSchemaNode, step: JSONPathComponent? = nil
    ) -> JSONSchemaViolation? {
        var nested = JSONSchemaValidator(
            document: document, assertsFormat: assertsFormat, stopsAtFirst: true, cache: cache)
        nested.path = path
        if let step { nested.path.append(step) }
        nested.depth = depth
        nested.check(instance, node)
        return nested.violations.first
    }

    /// Checks `instance` one `step` down against `node`, in this walk.
    mutating func check(_ instance: JSONValue, step: JSONPathComponent, _ node: JSONSchemaNode) {
        path.append(step)
        check(instance, node)
        path.removeLast()
    }

    // MARK: - Locations

    /// `location` extended by `component`, escaped as JSON pointers escape.
    static func appending(_ component: String, to location: String) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return location + "/" + component
        }
        var escaped = ""
        for character in component {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return location + "/" + escaped
    }

    /// `location` extended by `keyword`, then `index`.
    static func appending(_ keyword: String, _ index: Int, to location: String) -> String {
        appending(keyword, to: location) + "/\(index)"
    }
}
