import FerryHTTP
import FerryJSON
import Foundation

extension APIContract {
    /// Checks a response to `method` `url`: its status against the matched operation's `responses` (the exact
    /// code, then `2XX`, then `default`), its content type against that response's `content` (parameters
    /// ignored; `type/*`, `*/*` and `application/*+json` keys match too), and a JSON body against the media
    /// type's schema (JSON Schema 2020-12, `format` asserted).
    public func check(method: String, url: String, status: Int, contentType: String?, body: [UInt8]) -> ContractCheck {
        guard let operation = operation(method: method, url: url) else {
            return ContractCheck(contract: fileName, operation: nil)
        }
        var check = ContractCheck(contract: fileName, operation: operation.name)
        check.line = operation.line
        let responsesLocation = operation.location + "/responses"
        guard let responses = operation.value.objectValue?["responses"]?.objectValue else { return check }
        guard let key = Self.responseKey(for: status, among: responses.keys) else {
            let declared = responses.keys.joined(separator: ", ")
            check.violations.append(
                ContractViolation(
                    place: "status", message: "\(status) is not a declared response (declared: \(declared))",
                    schemaLocation: responsesLocation))
            return check
        }
        check.response = key
        let (response, responseLocation) = dereferenced(
            responses[key] ?? .null, at: responsesLocation + "/" + JSONPointerEscaping.escaped(key))
        guard let content = response.objectValue?["content"]?.objectValue, !content.isEmpty else { return check }
        guard let contentType, !contentType.isEmpty else {
            if !body.isEmpty {
                check.violations.append(
                    ContractViolation(
                        place: "Content-Type",
                        message: "missing; the contract declares \(content.keys.joined(separator: ", "))",
                        schemaLocation: responseLocation + "/content"))
            }
            return check
        }
        let essence = MediaType(contentType).essence
        guard let mediaKey = Self.mediaKey(for: essence, among: content.keys) else {
            check.violations.append(
                ContractViolation(
                    place: "Content-Type",
                    message: "\(essence) is not declared (declared: \(content.keys.joined(separator: ", ")))",
                    schemaLocation: responseLocation + "/content"))
            return check
        }
        let mediaLocation = responseLocation + "/content/" + JSONPointerEscaping.escaped(mediaKey)
        guard let schema = content[mediaKey]?.objectValue?["schema"], MediaType(contentType).isJSON else {
            return check
        }
        let instance: JSONValue
        do {
            instance = try JSONValue(parsing: body)
        } catch {
            check.violations.append(
                ContractViolation(
                    place: "body",
                    message: "is not valid JSON (line \(error.line), column \(error.column)): \(error.message)"))
            return check
        }
        let validator = JSONSchema(schema, in: document, at: mediaLocation + "/schema", assertsFormat: true)
        check.violations += validator.violations(of: instance).map(ContractViolation.init)
        return check
    }

    /// The operation `method` `url` matches: the path (base path of a `servers` URL removed, when it starts
    /// the path) fits the template, the most literal segments winning, then the longer base path.
    public func operation(method: String, url: String) -> ContractOperation? {
        let path = ContractOperation.segments(of: Self.path(of: url))
        let upper = method.uppercased()
        var best: (operation: ContractOperation, score: (Int, Int))?
        for base in basePaths where path.starts(with: base) {
            let rest = path[base.count...]
            for operation in operations where operation.method == upper && operation.matches(rest) {
                let score = (operation.literalCount, base.count)
                if best.map({ score > $0.score }) ?? true { best = (operation, score) }
            }
        }
        return best?.operation
    }

    /// The path of `url` (`https://h/a/b?q` → `/a/b`); a bare path stays as it is, its query removed.
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return String(rest)
    }

    /// The `responses` key for `status`: the code itself, then its class (`2XX`, any case), then `default`.
    static func responseKey(for status: Int, among keys: [String]) -> String? {
        let code = String(status)
        if keys.contains(code) { return code }
        let range = "\(status / 100)XX"
        if let key = keys.first(where: { $0.uppercased() == range }) { return key }
        return keys.contains("default") ? "default" : nil
    }

    /// The `content` key for the media type `essence` (lower-cased, no parameters): the same type, then a
    /// `type/*+suffix` or `type/*` range, then `*/*`.
    static func mediaKey(for essence: String, among keys: [String]) -> String? {
        let normalized = keys.map { (key: $0, essence: MediaType($0).essence) }
        if let exact = normalized.first(where: { $0.essence == essence }) { return exact.key }
        let parts = essence.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return normalized.first { $0.essence == "*/*" }?.key }
        let suffix = parts[1].firstIndex(of: "+").map { String(parts[1][$0...]) }
        if let suffix, let match = normalized.first(where: { $0.essence == "\(parts[0])/*\(suffix)" }) {
            return match.key
        }
        if let match = normalized.first(where: { $0.essence == "\(parts[0])/*" }) { return match.key }
        return normalized.first { $0.essence == "*/*" }?.key
    }
}
