/// Walks an instance and a schema together for ``JSONSchema``, collecting violations. The instance's path is a
/// stack pushed and popped as the walk goes down and up: nothing is copied until a violation is recorded.
struct JSONSchemaValidator {
    /// The document `$ref`s resolve in.
    let document: JSONValue
    /// Whether `format` asserts.
    let assertsFormat: Bool
    /// Whether the walk ends at the first violation (for `anyOf`, `oneOf`, `not`, `if` and ``JSONSchema/accepts(_:)``).
    let stopsAtFirst: Bool
    /// Compiled patterns and resolved references, shared by the nested walks of one validation.
    let cache: JSONSchemaCache
    /// What was found so far.
    private(set) var violations: [JSONSchemaViolation] = []
    /// The instance's path where the walk is.
    var path: [JSONPathComponent] = []
    /// How many schemas deep the walk is (a `$ref` cycle that never moves into the instance ends at the limit).
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
        check(instance, schema, location)
    }

    /// Records a violation of `keyword` (of the schema at `location`) at the current path.
    mutating func fail(_ keyword: String, at location: String, _ message: String) {
        violations.append(
            JSONSchemaViolation(
                instancePath: JSONPath(path), schemaLocation: Self.appending(keyword, to: location), keyword: keyword,
                message: message))
    }

    /// Checks `instance` against `schema` at `location`.
    mutating func check(_ instance: JSONValue, _ schema: JSONValue, _ location: String) {
        guard !isDone else { return }
        switch schema {
        case .bool(true): return
        case .bool(false):
            violations.append(
                JSONSchemaViolation(
                    instancePath: JSONPath(path), schemaLocation: location, keyword: "false",
                    message: "is not allowed here (the schema is false)"))
            return
        case .object(let keywords):
            guard depth < Self.depthLimit else {
                fail("$ref", at: location, "cannot be checked: the schema refers to itself without end")
                return
            }
            depth += 1
            defer { depth -= 1 }
            check(instance, keywords, location)
        default: return
        }
    }

    private mutating func check(_ instance: JSONValue, _ schema: JSONObject, _ location: String) {
        // OpenAPI 3.0: `nullable: true` lets null through whatever the rest says.
        if instance == .null, schema["nullable"] == .bool(true) { return }
        if let reference = schema["$ref"]?.stringValue { followReference(reference, instance, location) }
        checkType(instance, schema, location)
        checkValues(instance, schema, location)
        checkCombinations(instance, schema, location)
        switch instance {
        case .number(let number): checkNumber(number, schema, location)
        case .string(let string): checkString(string, schema, location)
        case .array(let items): checkArray(items, schema, location)
        case .object(let object): checkObject(object, schema, location)
        case .null, .bool: break
        }
    }

    private mutating func followReference(_ reference: String, _ instance: JSONValue, _ location: String) {
        guard let (target, targetLocation) = cache.resolve(reference, in: document) else {
            fail("$ref", at: location, "cannot be checked: the reference \(reference) is not found in this document")
            return
        }
        check(instance, target, targetLocation)
    }

    // MARK: - Sub-walks

    /// Whether `instance` (at the current path, or one step further) passes `schema`, walked on its own.
    mutating func passes(
        _ instance: JSONValue, _ schema: JSONValue, _ location: String, step: JSONPathComponent? = nil
    ) -> Bool {
        firstViolation(of: instance, schema, location, step: step) == nil
    }

    /// The first violation of `schema` by `instance`, walked on its own, or `nil`.
    mutating func firstViolation(
        of instance: JSONValue, _ schema: JSONValue, _ location: String, step: JSONPathComponent? = nil
    ) -> JSONSchemaViolation? {
        var nested = JSONSchemaValidator(
            document: document, assertsFormat: assertsFormat, stopsAtFirst: true, cache: cache)
        nested.path = path
        if let step { nested.path.append(step) }
        nested.depth = depth
        nested.check(instance, schema, location)
        return nested.violations.first
    }

    /// Checks `instance` one `step` down against `schema`, in this walk.
    mutating func check(_ instance: JSONValue, step: JSONPathComponent, _ schema: JSONValue, _ location: String) {
        path.append(step)
        check(instance, schema, location)
        path.removeLast()
    }

    // MARK: - Locations

    /// `location` extended by `component`, escaped as JSON pointers escape.
    static func appending(_ component: String, to location: String) -> String {
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
