import FerryDynamic
import FerryHTTP
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

    /// The part of the request a resolver fills in: it decides whether a value may break a line.
    enum Part: CustomStringConvertible {
        case url
        case header(String)
        case body
        /// A header line of a multipart body's part (`Content-Disposition: …` and the others).
        case bodyPartHeader
        /// The path after `>>` or `>>!`.
        case outputPath
        /// The value of a `# @name` directive that names a file (`# @proto`).
        case directive(String)

        /// `the URL`, `header Accept`, … for error messages.
        var description: String {
            switch self {
            case .url: "the URL"
            case .header(let name): "header \(name)"
            case .body: "the body"
            case .bodyPartHeader: "a part header of the body"
            case .outputPath: "the output path"
            case .directive(let name): "# @\(name)"
            }
        }

        /// Whether the part is one line on the wire, so a substituted CR, LF or NUL would end it early and
        /// let the rest of the value write more headers, or a second request.
        var isOneLine: Bool {
            if case .body = self { false } else { true }
        }
    }

    let context: VariableContext
    var part: Part
    var location: SourceLocation?
    /// Collects every secret value substituted, for scrubbing responses and records.
    var secrets: SecretCollector? = nil

    /// Resolves every `{{...}}` in `text`.
    func resolve(_ text: String) throws -> Output {
        try resolve(text, depth: 0)
    }

    func resolve(_ text: String, depth: Int) throws -> Output {
        var rest = Substring(text)
        // Looked for on the bytes: `contains("{{")` went through Foundation's `range(of:)`, twice a URL.
        guard var open = Self.range(of: UInt8(ascii: "{"), in: rest) else {
            return Output(value: text, masked: text, containsSecret: false)
        }
        var output = Output(value: "", masked: "", containsSecret: false)
        while true {
            output.value += rest[..<open.lowerBound]
            output.masked += rest[..<open.lowerBound]
            guard let close = Self.range(of: UInt8(ascii: "}"), in: rest[open.upperBound...]) else {
                output.value += rest[open.lowerBound...]
                output.masked += rest[open.lowerBound...]
                return output
            }
            let expression = Self.trimmed(rest[open.upperBound..<close.lowerBound])
            let piece = try value(of: expression, depth: depth)
            try checkOneLine(piece.value, of: expression)
            output.value += piece.value
            output.masked += piece.masked
            output.containsSecret = output.containsSecret || piece.containsSecret
            rest = rest[close.upperBound...]
            guard let next = Self.range(of: UInt8(ascii: "{"), in: rest) else { break }
            open = next
        }
        output.value += rest
        output.masked += rest
        return output
    }

    /// The first `{{` (or `}}`: `brace` twice) in `text`, found on its bytes: Foundation's `range(of:)` cost more
    /// than the rest of resolving a URL, for every request of a run.
    static func range(of brace: UInt8, in text: Substring) -> Range<Substring.Index>? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let first = utf8[index...].firstIndex(of: brace) {
            let second = utf8.index(after: first)
            guard second < utf8.endIndex else { return nil }
            if utf8[second] == brace { return first..<utf8.index(after: second) }
            index = second
        }
        return nil
    }

    /// `expression` without the whitespace around it (`CharacterSet.whitespaces`): spaces and tabs on the bytes of
    /// an ASCII one, Foundation's trimming for any other.
    static func trimmed(_ expression: Substring) -> String {
        guard expression.utf8.allSatisfy({ $0 < 0x80 }) else {
            return expression.trimmingCharacters(in: .whitespaces)
        }
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let utf8 = expression.utf8
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(expression[first...last])
    }

    /// Refuses a value with CR, LF or NUL for a one-line part (``Part/isOneLine``), naming the variable and
    /// where its value comes from, never the value (it may be a secret).
    func checkOneLine(_ value: String, of expression: String) throws {
        guard part.isOneLine,
            let (character, column) = WireViolation.firstLineBreakOrNUL(in: value)
        else { return }
        let origin = expression.hasPrefix("$") ? Self.origin(ofDynamic: expression) : context.lookup(expression)?.origin
        throw VariableError(
            .breaksLine(variable: expression, origin: origin, character: character, column: column),
            part: part.description, location: location)
    }

    func value(of expression: String, depth: Int) throws -> Output {
        if expression.hasPrefix("$.") || expression.hasPrefix("$[") { return try jsonPath(expression, depth: depth) }
        if expression.hasPrefix("$") { return try dynamic(expression) }
        guard depth < 16 else { throw VariableError(.cycle(expression), part: part.description, location: location) }
        guard let found = context.lookup(expression) else {
            if let declared = context.environment.last(where: { $0.name == expression }), declared.isNull {
                let origin = "\(declared.location.file):\(declared.location.line)"
                throw VariableError(.null(expression, origin: origin), part: part.description, location: location)
            }
            throw VariableError(.unresolved(expression), part: part.description, location: location)
        }
        var inner =
            found.isTemplate
            ? try resolve(found.value, depth: depth + 1)
            : Output(value: found.value, masked: found.value, containsSecret: false)
        if found.isSecret {
            inner.masked = Secrets.mask
            inner.containsSecret = true
            secrets?.values.append(inner.value)
        }
        return inner
    }

    func dynamic(_ expression: String) throws -> Output {
        let read: DynamicVariable?
        do {
            read = try DynamicVariable(expression)
        } catch {
            throw VariableError(
                .invalidDynamic(expression, problem: error.message), part: part.description, location: location)
        }
        guard let variable = read else {
            throw VariableError(.unknownDynamic(expression), part: part.description, location: location)
        }
        let text: String
        switch variable {
        case .processEnvironment(let name), .dotenv(let name):
            let source = if case .dotenv = variable { context.dotenv } else { context.processEnvironment }
            guard let value = source[name] else {
                throw VariableError(.unresolved(expression), part: part.description, location: location)
            }
            // Values kept out of files on purpose (tokens, passwords): treated as secrets.
            secrets?.values.append(value)
            return Output(value: value, masked: Secrets.mask, containsSecret: true)
        case .authToken(let id, let kind):
            let token = try authToken(kind, id: id, expression: expression)
            secrets?.values.append(token)
            return Output(value: token, masked: Secrets.mask, containsSecret: true)
        default:
            do {
                text = try variable.generated(by: context.dynamicValues) ?? ""
            } catch {
                throw VariableError(
                    .invalidDynamic(expression, problem: error.message), part: part.description, location: location)
            }
        }
        return Output(value: text, masked: text, containsSecret: false)
    }
}

extension TemplateResolver {
    /// The token `{{$auth.token("id")}}` or `{{$auth.idToken("id")}}` names: its configuration's values
    /// substituted, then the context's ``AuthTokenSource`` asked (from its cache, or signing in).
    func authToken(_ kind: AuthTokenKind, id: String, expression: String) throws -> String {
        func failure(_ problem: String) -> VariableError {
            VariableError(.signIn(expression, id: id, problem: problem), part: part.description, location: location)
        }
        guard let configuration = context.authConfigurations[id] else {
            let known = context.authConfigurations.keys.sorted()
            let names = known.isEmpty ? "none is defined" : "defined: " + known.joined(separator: ", ")
            throw failure(
                "no sign-in configuration '\(InputExcerpt(id).unquoted)' in the environment's \"Security\" → \"Auth\" (\(names)); "
                    + "choose the environment that has it")
        }
        do {
            let settings = try OAuthSettings(configuration) { text in try resolve(text, depth: 1).value }
            guard let source = context.authTokens else { throw AuthError("signing in is not available here") }
            return try source.token(kind, for: settings)
        } catch let error as AuthError {
            throw failure(error.description)
        }
    }

    /// Where a dynamic variable's value comes from, for messages; `nil` for one Ferry makes up.
    static func origin(ofDynamic expression: String) -> String? {
        switch expression.split(whereSeparator: { $0 == " " || $0 == "\t" }).first {
        case "$processEnv", "$env": "the process environment"
        case "$dotenv": ".env"
        case let name? where name.hasPrefix("$auth."): "a sign-in"
        default: nil
        }
    }
}

/// Gathers the secret values a resolution substituted.
final class SecretCollector {
    var values: [String] = []
}
