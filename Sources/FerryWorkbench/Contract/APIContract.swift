import FerryJSON
import FerryYAML
import Foundation

/// An OpenAPI 3.0 or 3.1 description read as a contract: the operations responses are checked against
/// (``check(method:url:status:contentType:body:)``), by method and path template.
///
/// ```swift
/// let contract = try APIContract(reading: Array(yaml.utf8), fileName: "openapi.yaml")
/// let check = contract.check(method: "GET", url: url, status: 200, contentType: "application/json", body: body)
/// for violation in check.violations { print(violation) }  // $['id']: is a string, not an integer
/// ```
public struct APIContract: Sendable {
    /// The whole description (`$ref`s resolve in it).
    public let document: JSONValue
    /// The file it was read from, as given (for messages).
    public let fileName: String
    /// Its operations, in file order.
    public let operations: [ContractOperation]
    /// The path parts of its `servers` URLs (`/v1` of `https://api.example.com/v1`), longest first; the empty
    /// path is always among them.
    public let basePaths: [[String]]

    /// Reads `bytes` as JSON when the first non-blank byte is `{`, else as YAML (the importer's reader), and
    /// takes its operations with their lines; throws ``ContractError`` when it is neither or has no `paths`.
    public init(reading bytes: [UInt8], fileName: String) throws(ContractError) {
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        let first = body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if first == UInt8(ascii: "{") {
            let parsed: JSONDocument
            do {
                parsed = try JSONDocument(parsing: body)
            } catch {
                throw ContractError("\(fileName):\(error.line):\(error.column): not valid JSON: \(error.message)")
            }
            let lineStarts = YAMLPosition.lineStarts(of: body)
            try self.init(parsed.value(at: parsed.root), fileName: fileName) { pointer in
                parsed.node(atPointer: pointer).map {
                    YAMLPosition.lineAndColumn(
                        of: parsed.byteRange(of: $0).lowerBound, in: body, lineStarts: lineStarts
                    )
                    .line
                }
            }
        } else {
            let parsed: YAMLDocument
            do {
                parsed = try YAMLReader.read(body)
            } catch {
                throw ContractError("\(fileName):\(error.line):\(error.column): not valid YAML: \(error.message)")
            }
            try self.init(parsed.value, fileName: fileName) { parsed.position(ofPointer: $0)?.line }
        }
    }

    /// The contract `document` describes; throws ``ContractError`` when it is not an OpenAPI 3 description.
    /// `line` gives the line of a JSON pointer's value in the file, where known.
    public init(_ document: JSONValue, fileName: String, line: (String) -> Int? = { _ in nil }) throws(ContractError) {
        guard let version = document.objectValue?["openapi"]?.stringValue, version.hasPrefix("3.") else {
            throw ContractError("\(fileName): not an OpenAPI 3.0 or 3.1 description (no `openapi: 3.x`)")
        }
        guard let paths = document.objectValue?["paths"]?.objectValue else {
            throw ContractError("\(fileName): the description has no `paths`")
        }
        self.document = document
        self.fileName = fileName
        var operations: [ContractOperation] = []
        for path in paths {
            var item = path.value
            var itemLocation = "#/paths/" + JSONPointerEscaping.escaped(path.key)
            if let reference = item.objectValue?["$ref"]?.stringValue,
                let target = document.value(atReference: reference)
            {
                (item, itemLocation) = target
            }
            guard let methods = item.objectValue else { continue }
            for member in methods where ContractOperation.methods.contains(member.key) {
                let location = itemLocation + "/" + member.key
                operations.append(
                    ContractOperation(
                        method: member.key.uppercased(), template: path.key, value: member.value,
                        location: location, line: line(String(location.dropFirst()))))
            }
        }
        self.operations = operations
        let servers = (document.objectValue?["servers"]?.arrayValue ?? []).compactMap {
            $0.objectValue?["url"]?.stringValue
        }
        basePaths = (Set(servers.map(Self.basePath)).union([[]])).sorted { $0.count > $1.count }
    }

    /// Reads the contract at `url`; throws ``ContractError`` saying why it cannot be read.
    public static func load(_ url: URL, fileName: String) throws(ContractError) -> APIContract {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ContractError("cannot read the contract \(fileName): \(error.localizedDescription)")
        }
        return try APIContract(reading: [UInt8](data), fileName: fileName)
    }

    /// The path segments of a server URL (`https://h/v1/` → `["v1"]`, `/api/v3` → `["api", "v3"]`).
    static func basePath(of server: String) -> [String] {
        var rest = Substring(server)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return ContractOperation.segments(of: String(rest))
    }

    /// `value`, or what it names when it is a `{"$ref": …}` (followed up to 16 times), with its location.
    func dereferenced(_ value: JSONValue, at location: String) -> (JSONValue, String) {
        var current = (value, location)
        for _ in 0..<16 {
            guard let reference = current.0.objectValue?["$ref"]?.stringValue,
                let target = document.value(atReference: reference)
            else { break }
            current = target
        }
        return current
    }
}

/// A contract that cannot be read, or cannot be used, in words.
public struct ContractError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// RFC 6901's escapes in a pointer written for a location: `~` as `~0`, `/` as `~1`.
enum JSONPointerEscaping {
    /// `component` escaped.
    static func escaped(_ component: String) -> String {
        component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
