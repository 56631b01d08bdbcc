import FerryJSON
import FerryWorkbench

/// Turns one OpenAPI 3.x or Swagger 2.0 document into an ``ImportedCollection``: a file per tag, a
/// request per operation, an environment per server named after the API, holding `baseUrl` and the
/// parameters' examples, and secrets for auth.
struct OpenAPIConverter {
    /// The HTTP methods an OpenAPI path item may hold, as its keys.
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    // MARK: - State

    /// The parsed document.
    let source: OpenAPISource
    /// Whether the document is Swagger 2.0 (else OpenAPI 3.x).
    let isSwagger2: Bool
    /// Warnings so far, in the order found.
    var diagnostics: [Diagnostic] = []
    /// Warnings already given (message and place), so a shared problem is reported once.
    var reported = Set<String>()
    /// The parameters' variables with their examples or defaults, first value wins: every environment of the
    /// imported API holds them (never `$shared`, which would apply them to every environment of the workspace).
    var exampleVariables: [ImportedCollection.Variable] = []
    /// Secret variables (auth), each once, in order.
    var secretNames: [String] = []
    /// Security schemes already warned about.
    var warnedSchemes = Set<String>()
    /// Object members and array items the sample being built may still add.
    var sampleBudget = 0
    /// How many ``sample(_:at:depth:visiting:)`` calls are under way (compositions included).
    var sampleNesting = 0

    /// The document's root value.
    var root: JSONValue { source.value }

    /// A converter for `source`; `isSwagger2` picks the 2.0 rules.
    init(source: OpenAPISource, isSwagger2: Bool) {
        self.source = source
        self.isSwagger2 = isSwagger2
        diagnostics = source.readerWarnings
    }

    // MARK: - Converting

    /// The whole collection.
    mutating func convert() -> ImportedCollection {
        var files: [ImportedCollection.File] = []
        var fileIndex: [String: Int] = [:]
        var fileNames = Set<String>()
        var titles: [Int: Set<String>] = [:]
        let paths = root["paths"].value?.objectValue ?? JSONObject()
        for member in paths.members {
            let pathPointer = OpenAPIPointer.appending(member.key, to: "/paths")
            guard let (item, itemPointer) = resolved(member.value, at: pathPointer).objectWithPointer else { continue }
            for operation in item.members where Self.methods.contains(operation.key) {
                let operationPointer = OpenAPIPointer.appending(operation.key, to: itemPointer)
                guard let object = operation.value.objectValue else {
                    warn(
                        "operation \(operation.key.uppercased()) \(member.key) is not an object; skipped",
                        at: operationPointer)
                    continue
                }
                let tag = object["tags"]?.arrayValue?.first?.stringValue ?? "default"
                let index: Int
                if let existing = fileIndex[tag] {
                    index = existing
                } else {
                    let base = ImportNaming.safeComponent(tag, fallback: "default")
                    let name = ImportNaming.unique(base, among: &fileNames)
                    index = files.count
                    fileIndex[tag] = index
                    files.append(ImportedCollection.File(path: name + ".http", requests: []))
                }
                var request = makeRequest(
                    method: operation.key, path: member.key, operation: object, pathItem: item,
                    pointer: operationPointer)
                request.title = ImportNaming.unique(request.title ?? "request", among: &titles[index, default: []])
                files[index].requests.append(request)
            }
            if item["servers"] != nil {
                warn(
                    "servers of path \(member.key) are not imported; {{baseUrl}} is used",
                    at: OpenAPIPointer.appending("servers", to: itemPointer))
            }
        }
        if root["webhooks"].value != nil { warn("webhooks are not imported", at: "/webhooks") }
        return ImportedCollection(files: files, environments: makeEnvironments(), diagnostics: diagnostics)
    }

    // MARK: - Diagnostics

    /// Adds a warning located at `pointer`, once per message and place.
    mutating func warn(_ message: String, at pointer: String) {
        let location = source.location(of: pointer)
        guard reported.insert("\(location)|\(message)").inserted else { return }
        diagnostics.append(Diagnostic(message, at: location, severity: .warning))
    }

    // MARK: - Variables

    /// Adds `name` to the API's environments with `value` unless it is there already.
    mutating func addExampleVariable(_ name: String, _ value: String) {
        guard !exampleVariables.contains(where: { $0.name == name }) else { return }
        exampleVariables.append(ImportedCollection.Variable(name, value))
    }

    /// Records a secret variable `name` (every environment gets it, empty).
    mutating func addSecret(_ name: String) {
        if !secretNames.contains(name) { secretNames.append(name) }
    }

    /// `text` as a variable name: letters, digits, `_`, `-` and `.` kept, anything else `_`.
    static func variableName(_ text: String) -> String {
        let name = String(text.map { $0.isLetter || $0.isNumber || "_-.".contains($0) ? $0 : "_" })
        return name.isEmpty || name.hasPrefix("$") ? "_" + name : name
    }

    /// A scalar as text for a variable, a form field or a URL (containers as compact JSON).
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .array, .object: value.formatted(.compact)
        }
    }
}

extension Optional where Wrapped == (JSONValue, String) {
    /// The resolved value as an object with its pointer, when it is one.
    var objectWithPointer: (JSONObject, String)? {
        guard let (value, pointer) = self, let object = value.objectValue else { return nil }
        return (object, pointer)
    }
}
