import Foundation

/// Substitutes `{{name}}` and `{{$dynamic}}` in text, producing the real text and a masked copy
/// in which secret values (and anything built from them) read `••••••`.
struct TemplateResolver {
    /// What resolved text looks like: the real value, the masked one, and whether a secret went in.
    struct Output {
        var value: String
        var masked: String
        var containsSecret: Bool
    }

    let context: VariableContext
    /// `the URL`, `header Accept`, … for error messages.
    let part: String
    let location: SourceLocation?
    /// Collects every secret value substituted, for scrubbing responses and records.
    var secrets: SecretCollector? = nil

    /// Resolves every `{{...}}` in `text`.
    func resolve(_ text: String) throws -> Output {
        try resolve(text, depth: 0)
    }

    func resolve(_ text: String, depth: Int) throws -> Output {
        guard text.contains("{{") else { return Output(value: text, masked: text, containsSecret: false) }
        var output = Output(value: "", masked: "", containsSecret: false)
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            output.value += rest[..<open.lowerBound]
            output.masked += rest[..<open.lowerBound]
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
                output.value += rest[open.lowerBound...]
                output.masked += rest[open.lowerBound...]
                return output
            }
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let piece = try value(of: expression, depth: depth)
            output.value += piece.value
            output.masked += piece.masked
            output.containsSecret = output.containsSecret || piece.containsSecret
            rest = rest[close.upperBound...]
        }
        output.value += rest
        output.masked += rest
        return output
    }

    func value(of expression: String, depth: Int) throws -> Output {
        if expression.hasPrefix("$") { return try dynamic(expression) }
        guard depth < 16 else { throw VariableError(.cycle(expression), part: part, location: location) }
        guard let found = context.lookup(expression) else {
            throw VariableError(.unresolved(expression), part: part, location: location)
        }
        var inner = try resolve(found.value, depth: depth + 1)
        if found.isSecret {
            inner.masked = Secrets.mask
            inner.containsSecret = true
            secrets?.values.append(inner.value)
        }
        return inner
    }

    func dynamic(_ expression: String) throws -> Output {
        let words = expression.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let name = words.first ?? expression
        let argument = words.dropFirst().first
        let text: String
        switch name {
        case "$uuid", "$random.uuid":
            text = UUID().uuidString.lowercased()
        case "$timestamp":
            text = String(Int(context.now.timeIntervalSince1970))
        case "$isoTimestamp":
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            text = formatter.string(from: context.now)
        case "$randomInt", "$random.integer":
            let bounds = words.dropFirst().compactMap { Int($0) }
            let low = bounds.count == 2 ? bounds[0] : 0
            let high = bounds.count == 2 ? max(bounds[1], low + 1) : 1000
            text = String(Int.random(in: low..<high))
        case "$processEnv", "$env":
            guard let argument, let value = context.processEnvironment[argument] else {
                throw VariableError(.unresolved(expression), part: part, location: location)
            }
            text = value
        case "$dotenv":
            guard let argument, let value = context.dotenv[argument] else {
                throw VariableError(.unresolved(expression), part: part, location: location)
            }
            text = value
        default:
            throw VariableError(.unknownDynamic(expression), part: part, location: location)
        }
        if name == "$processEnv" || name == "$env" || name == "$dotenv" {
            // Values kept out of files on purpose (tokens, passwords): treated as secrets.
            secrets?.values.append(text)
            return Output(value: text, masked: Secrets.mask, containsSecret: true)
        }
        return Output(value: text, masked: text, containsSecret: false)
    }
}

/// Gathers the secret values a resolution substituted.
final class SecretCollector {
    var values: [String] = []
}
