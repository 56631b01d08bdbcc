import Foundation

/// Turns a Postman test or pre-request script into a JetBrains one (`client.global.set`, `client.test`,
/// `client.assert`, `response.*`), line by line: the common one-line calls are translated, a line that uses
/// anything else of Postman's API is kept as a `//` comment, and when such a line opens or closes a block (so
/// commenting it would break the script) the whole script is kept as comments.
enum PostmanScriptTranslator {
    /// A script as translated.
    struct Translation: Equatable {
        /// The JetBrains script's lines (untranslated lines among them as `// Postman: …` comments).
        var lines: [String]
        /// The original lines that were kept as comments, in order.
        var untranslated: [String]
    }

    /// The prefix of a line kept as a comment.
    static let commentPrefix = "// Postman (not translated): "

    /// The translation of `code` (a script's lines); `requestName` stands for Postman's `request.name`;
    /// `isHandler` says whether it runs after the response (a test script) or before the request.
    static func translate(_ code: [String], requestName: String, isHandler: Bool) -> Translation {
        var lines: [String] = []
        var untranslated: [String] = []
        var isBroken = false
        for line in code {
            if let translated = translate(line: line, requestName: requestName, isHandler: isHandler) {
                lines.append(translated)
            } else {
                untranslated.append(line)
                lines.append(commentPrefix + line.trimmingCharacters(in: .whitespaces))
                if bracketBalance(line) != 0 { isBroken = true }
            }
        }
        if isBroken {
            return Translation(
                lines: code.map { commentPrefix + $0.trimmingCharacters(in: .whitespaces) }, untranslated: code)
        }
        if lines.contains(where: { $0.contains(bodyName) }) {
            lines.insert(
                "const \(bodyName) = typeof response.body === \"string\" ? response.body : JSON.stringify(response.body);",
                at: 0)
        }
        return Translation(lines: lines, untranslated: untranslated)
    }

    /// The name the translation gives the response body as text (Postman's `responseBody`).
    static let bodyName = "postmanResponseText"

    // MARK: - One line

    /// `line` in JetBrains' API, or `nil` when it uses something of Postman's that has no translation.
    static func translate(line: String, requestName: String, isHandler: Bool) -> String? {
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        var text = String(line.dropFirst(indent.count))
        if text.hasPrefix("//") || text.isEmpty { return line }
        let name = quoted(requestName).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "$", with: "\\$")
        text = replacingFree(#"pm\.info\.requestName\b|request\.name\b"#, in: text, with: name)
        if let statement = statement(text, isHandler: isHandler) {
            text = statement
        } else {
            text = expressions(text, isHandler: isHandler)
        }
        return usesPostman(text) ? nil : indent + text
    }

    /// A whole statement with no one-to-one counterpart: `tests[name] = …`, `pm.expect(…)…`, `pm.response.to…`.
    static func statement(_ text: String, isHandler: Bool) -> String? {
        guard isHandler else { return nil }
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasSuffix(";") { body.removeLast() }
        if let match = body.wholeMatch(of: /tests\[(?<name>[^\]]+)\]\s*=\s*(?<condition>.+)/),
            bracketBalance(String(match.condition)) == 0
        {
            let condition = expressions(String(match.condition), isHandler: true)
            return "client.test(\(match.name), function () { client.assert(Boolean(\(condition)), \(match.name)); });"
        }
        let message = quoted(body)
        if let match = body.wholeMatch(of: /pm\.response\.to\.have\.status\((?<status>[^()]*)\)/) {
            return "client.assert(response.status === (\(match.status)), \(message) + \", got \" + response.status);"
        }
        if body.wholeMatch(of: /pm\.response\.to\.be\.(ok|success)/) != nil {
            return "client.assert(response.status >= 200 && response.status < 300, \(message) + \", got \" "
                + "+ response.status);"
        }
        if let match = body.wholeMatch(of: /pm\.response\.to\.have\.header\((?<name>[^()]*)\)/) {
            return "client.assert(response.headers.valueOf(\(match.name)) != null, \(message));"
        }
        guard body.hasPrefix("pm.expect("), let close = closingParenthesis(in: body, from: "pm.expect(".count)
        else { return nil }
        let actual = expressions(
            String(body[body.index(body.startIndex, offsetBy: 10)..<body.index(body.startIndex, offsetBy: close)]),
            isHandler: true)
        var chain = String(body[body.index(body.startIndex, offsetBy: close + 1)...])
        let negated = chain.contains(".not.")
        chain = chain.replacingOccurrences(of: ".not.", with: ".")
        guard let condition = assertion(actual: actual, chain: chain) else { return nil }
        return "client.assert(\(negated ? "!" : "")(\(condition)), \(message));"
    }

    /// The condition a Chai chain (`.to.equal(1)`, `.to.be.true`…) states about `actual`.
    static func assertion(actual a: String, chain: String) -> String? {
        let chain = chain.replacing(/\.(to|be|been|is|that|which|and|has|have|with|at|of|same|does)(?=\.)/, with: "")
        switch chain {
        case ".true": return "(\(a)) === true"
        case ".false": return "(\(a)) === false"
        case ".undefined": return "(\(a)) == null"
        case ".null": return "(\(a)) === null"
        case ".ok": return "Boolean(\(a))"
        case ".exist": return "(\(a)) != null"
        case ".empty": return "(\(a)).length === 0"
        default: break
        }
        guard let open = chain.firstIndex(of: "("), chain.hasSuffix(")") else { return nil }
        let method = chain[..<open]
        let b = String(chain[chain.index(after: open)..<chain.index(before: chain.endIndex)])
        guard bracketBalance(b) == 0 else { return nil }
        switch method {
        case ".equal", ".equals", ".eq": return "(\(a)) === (\(b))"
        case ".eql", ".deep.equal": return "JSON.stringify(\(a)) === JSON.stringify(\(b))"
        case ".include", ".includes", ".contain", ".contains": return "(\(a)).includes(\(b))"
        case ".above", ".greaterThan", ".gt": return "(\(a)) > (\(b))"
        case ".below", ".lessThan", ".lt": return "(\(a)) < (\(b))"
        case ".least", ".gte": return "(\(a)) >= (\(b))"
        case ".most", ".lte": return "(\(a)) <= (\(b))"
        case ".property": return "(\(a)) != null && Object.prototype.hasOwnProperty.call(\(a), \(b))"
        case ".lengthOf", ".length": return "(\(a)).length === (\(b))"
        case ".oneOf": return "(\(b)).includes(\(a))"
        default: return nil
        }
    }

    /// `text` with Postman's expressions replaced by JetBrains' (variables, the response, legacy globals).
    static func expressions(_ text: String, isHandler: Bool) -> String {
        var text = text
        text = text.replacing(
            /\b(?:pm\.(?:environment|collectionVariables|globals|variables)\.set|postman\.set(?:Environment|Global)Variable)\(/,
            with: "client.global.set(")
        text = text.replacing(
            /\b(?:pm\.(?:environment|collectionVariables|globals|variables)\.unset|postman\.clear(?:Environment|Global)Variable)\(/,
            with: "client.global.clear(")
        text = text.replacing(
            /\b(?:pm\.(?:environment|collectionVariables|globals|variables)\.get|postman\.get(?:Environment|Global)Variable)\(\s*(?<name>'[^'\\]*'|"[^"\\]*")\s*\)/
        ) { match in "(client.global.get(\(match.name)) ?? request.environment.get(\(match.name)))" }
        text = text.replacing(
            /\bpm\.(?:environment|collectionVariables|globals|variables)\.has\(\s*(?<name>'[^'\\]*'|"[^"\\]*")\s*\)/
        ) { match in "((client.global.get(\(match.name)) ?? request.environment.get(\(match.name))) != null)" }
        text = text.replacing(/\bpm\.test\(/, with: "client.test(")
        guard isHandler else { return text }
        text = text.replacing(/\bpm\.response\.json\(\)/, with: "JSON.parse(\(bodyName))")
        text = text.replacing(/\bpm\.response\.text\(\)/, with: bodyName)
        text = text.replacing(/\bpm\.response\.code\b/, with: "response.status")
        text = text.replacing(/\bpm\.response\.status\b(?!\s*\()/, with: "response.statusText")
        text = text.replacing(/\bpm\.response\.responseTime\b/, with: "response.responseTime")
        text = text.replacing(
            /\b(?:pm\.response\.headers\.get|postman\.getResponseHeader)\(/, with: "response.headers.valueOf(")
        text = replacingFree(#"responseCode\.code\b"#, in: text, with: "response.status")
        text = replacingFree(#"responseBody\.has\("#, in: text, with: "\(bodyName).includes(")
        text = replacingFree(#"responseBody\b"#, in: text, with: bodyName)
        text = replacingFree(#"responseTime\b"#, in: text, with: "response.responseTime")
        return text
    }

    /// Whether `text` still uses Postman's API or sandbox (which a JetBrains script does not have), outside its
    /// string literals.
    static func usesPostman(_ text: String) -> Bool {
        let text = withoutStrings(text)
        let postman =
            #"(?:pm|postman|responseCode|responseHeaders|tests|globals|environment|iteration|xml2Json|xmlToJson|"#
            + #"cheerio|CryptoJS|_|require|atob|btoa|tv4)(?![\w$])|request\.(?:data|headers|url|method|id|auth|body)\b"#
        return freeName(postman)?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `text` with `pattern` replaced by `template` (NSRegularExpression's, `$1`…) where it is not preceded by
    /// `.`, a word character or `$`: a name of its own, not a member of something else.
    static func replacingFree(_ pattern: String, in text: String, with template: String) -> String {
        guard let regex = freeName(pattern) else { return text }
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    // MARK: - Text helpers

    /// `pattern` where it is not preceded by `.`, a word character or `$`.
    static func freeName(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: #"(?<![.\w$])(?:"# + pattern + ")")
    }

    /// A JavaScript string literal of `text`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "%": result += "\\x25"  // never `%}`, which would end the script in the .http file
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` with what its string literals hold left out (their quotes kept).
    static func withoutStrings(_ text: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in text {
            if let open = quote {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                    result.append(character)
                }
                continue
            }
            if character == "\"" || character == "'" || character == "`" { quote = character }
            result.append(character)
        }
        return result
    }

    /// Opening minus closing brackets of `text`, outside string literals.
    static func bracketBalance(_ text: String) -> Int {
        withoutStrings(text).reduce(0) { balance, character in
            switch character {
            case "(", "[", "{": balance + 1
            case ")", "]", "}": balance - 1
            default: balance
            }
        }
    }

    /// The offset of the `)` closing the parenthesis opened just before `start` in `text`, if any.
    static func closingParenthesis(in text: String, from start: Int) -> Int? {
        var depth = 1
        for (offset, character) in text.enumerated().dropFirst(start) {
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { return offset }
            }
        }
        return nil
    }
}
