/// One token of a `.proto` file, with where it starts.
struct ProtoToken: Sendable, Hashable {
    /// What kind of token.
    enum Kind: Sendable, Hashable {
        /// A name or keyword (`message`, `foo_bar`); dotted names are several tokens.
        case identifier
        /// An integer literal, decimal, hexadecimal or octal, unsigned (a minus sign is a symbol).
        case integer
        /// A floating-point literal (`1.5`, `1e10`), or `inf` / `nan` read as identifiers.
        case float
        /// A quoted string, its escapes decoded (adjacent strings are separate tokens).
        case string
        /// One punctuation character (`{`, `=`, `;`, `.`, `-`, …).
        case symbol
    }

    var kind: Kind
    /// The text: the name, the literal as written, the decoded string, or the symbol.
    var text: String
    var line: Int
    var column: Int
}

/// Splits a `.proto` file into tokens, skipping white space and `//` and `/* */` comments. It never traps and
/// always moves forward, so hostile text ends in a token list or a ``ProtoSourceError``.
struct ProtoLexer {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1

    /// A lexer of `text`, errors naming `file`.
    init(_ text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
    }

    /// Every token of the text.
    static func tokens(of text: String, file: String) throws(ProtoSourceError) -> [ProtoToken] {
        var lexer = ProtoLexer(text, file: file)
        var tokens: [ProtoToken] = []
        while let token = try lexer.next() { tokens.append(token) }
        return tokens
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        guard index < scalars.count else { return }
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private func error(_ message: String, line: Int, column: Int) -> ProtoSourceError {
        ProtoSourceError(message, file: file, line: line, column: column)
    }

    /// The next token, or `nil` at the end.
    mutating func next() throws(ProtoSourceError) -> ProtoToken? {
        try skipSpaceAndComments()
        guard let scalar = current else { return nil }
        let startLine = line
        let startColumn = column
        func token(_ kind: ProtoToken.Kind, _ text: String) -> ProtoToken {
            ProtoToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        if scalar.properties.isAlphabetic && scalar.isASCII || scalar == "_" {
            var text = ""
            while let next = current, next.isASCII, next.properties.isAlphabetic || Self.isDigit(next) || next == "_" {
                text.unicodeScalars.append(next)
                advance()
            }
            return token(.identifier, text)
        }
        if Self.isDigit(scalar) || scalar == "." && peek(1).map(Self.isDigit) == true {
            return try number(line: startLine, column: startColumn)
        }
        if scalar == "\"" || scalar == "'" {
            return token(.string, try string(quote: scalar, line: startLine, column: startColumn))
        }
        advance()
        guard scalar.isASCII, scalar.properties.isPatternSyntax || scalar == "-" else {
            throw error("unexpected character \(Self.describe(scalar))", line: startLine, column: startColumn)
        }
        return token(.symbol, String(scalar))
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F
            ? "'\(scalar)'" : "U+" + String(scalar.value, radix: 16, uppercase: true)
    }

    private mutating func skipSpaceAndComments() throws(ProtoSourceError) {
        while let scalar = current {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}"
                || scalar == "\u{0C}"
            {
                advance()
            } else if scalar == "/" && peek(1) == "/" {
                while let next = current, next != "\n" { advance() }
            } else if scalar == "/" && peek(1) == "*" {
                let startLine = line
                let startColumn = column
                advance()
                advance()
                while true {
                    guard let next = current else {
                        throw error("the comment never ends (no */)", line: startLine, column: startColumn)
                    }
                    if next == "*" && peek(1) == "/" {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else {
                return
            }
        }
    }

    /// A number: digits, letters and dots, and a sign right after an exponent, read as one literal and then
    /// checked.
    private mutating func number(line: Int, column: Int) throws(ProtoSourceError) -> ProtoToken {
        var text = ""
        while let next = current {
            let isExponentSign =
                (next == "-" || next == "+") && (text.last == "e" || text.last == "E") && !text.hasPrefix("0x")
                && !text.hasPrefix("0X")
            guard next.isASCII, next.properties.isAlphabetic || Self.isDigit(next) || next == "." || isExponentSign
            else { break }
            text.unicodeScalars.append(next)
            advance()
        }
        if ProtoLiteral.integer(text) != nil {
            return ProtoToken(kind: .integer, text: text, line: line, column: column)
        }
        if ProtoLiteral.float(text) != nil {
            return ProtoToken(kind: .float, text: text, line: line, column: column)
        }
        throw error("'\(text.prefix(40))' is not a number", line: line, column: column)
    }

    /// A quoted string, its escapes decoded; bytes that are not UTF-8 (a `bytes` field's default) become U+FFFD.
    private mutating func string(quote: Unicode.Scalar, line: Int, column: Int) throws(ProtoSourceError) -> String {
        advance()
        var bytes: [UInt8] = []
        while true {
            guard let scalar = current, scalar != "\n" else {
                throw error("the string never ends (no closing quote on its line)", line: line, column: column)
            }
            advance()
            if scalar == quote { break }
            if scalar != "\\" {
                bytes.append(contentsOf: Array(String(scalar).utf8))
                continue
            }
            try escape(into: &bytes)
        }
        // A `bytes` default may hold any byte; Ferry reads such values past, so a lossy text is enough.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One escape after a backslash, as protoc reads them (`\n`, `\x41`, `\101`, `\u00e9`, …).
    private mutating func escape(into bytes: inout [UInt8]) throws(ProtoSourceError) {
        let escapeLine = line
        let escapeColumn = column - 1
        guard let scalar = current else {
            throw error("the string ends inside an escape", line: escapeLine, column: escapeColumn)
        }
        advance()
        switch scalar {
        case "n": bytes.append(0x0A)
        case "t": bytes.append(0x09)
        case "r": bytes.append(0x0D)
        case "a": bytes.append(0x07)
        case "b": bytes.append(0x08)
        case "f": bytes.append(0x0C)
        case "v": bytes.append(0x0B)
        case "\\", "'", "\"", "?": bytes.append(UInt8(scalar.value))
        case "x", "X":
            var value: UInt32 = 0
            var count = 0
            while count < 2, let next = current, let digit = Self.hex(next) {
                value = value * 16 + digit
                count += 1
                advance()
            }
            guard count > 0 else { throw error("\\x needs a hex digit", line: escapeLine, column: escapeColumn) }
            bytes.append(UInt8(value))
        case "0"..."7":
            var value = scalar.value - 48
            var count = 1
            while count < 3, let next = current, next >= "0", next <= "7" {
                value = value * 8 + (next.value - 48)
                count += 1
                advance()
            }
            guard value <= 0xFF else {
                throw error("an octal escape over \\377", line: escapeLine, column: escapeColumn)
            }
            bytes.append(UInt8(value))
        case "u", "U":
            let width = scalar == "u" ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<width {
                guard let next = current, let digit = Self.hex(next) else {
                    throw error("\\\(scalar) needs \(width) hex digits", line: escapeLine, column: escapeColumn)
                }
                value = value &* 16 &+ digit
                advance()
            }
            guard let unicode = Unicode.Scalar(value) else {
                throw error("\\\(scalar) names no Unicode character", line: escapeLine, column: escapeColumn)
            }
            bytes.append(contentsOf: Array(String(unicode).utf8))
        default:
            throw error("unknown escape \\\(Self.describe(scalar))", line: escapeLine, column: escapeColumn)
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }
}

/// Reading `.proto` number literals.
enum ProtoLiteral {
    /// A decimal, `0x` hexadecimal or `0` octal integer's value, `nil` when not one or over 64 bits.
    static func integer(_ text: String) -> UInt64? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            return UInt64(text.dropFirst(2), radix: 16)
        }
        if text.count > 1, text.hasPrefix("0") {
            return UInt64(text.dropFirst(), radix: 8)
        }
        return UInt64(text, radix: 10)
    }

    /// A floating-point literal's value (`1.5`, `.5`, `1e-3`, `5.`), `nil` when not one.
    static func float(_ text: String) -> Double? {
        guard let first = text.unicodeScalars.first, first == "." || ("0"..."9").contains(first),
            !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
        else { return nil }
        return Double(text.hasSuffix(".") ? text + "0" : text)
    }
}
