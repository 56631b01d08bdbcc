import FerryDynamic

/// The arguments after a dynamic variable's name, read in the forms the dialects use: words
/// (`$randomInt 1 10`), a call (`$random.integer(1, 10)`), a date format and offset (`"dd-MM-yyyy" -1 d`).
/// Every problem is a ``DynamicValueError`` saying what is wrong in words.
struct DynamicArguments {
    let text: Substring

    init(_ text: Substring) {
        self.text = Substring(text.trimmedSpaces)
    }

    func problem(_ words: String) -> DynamicValueError {
        DynamicValueError(words)
    }

    /// Nothing (or `()`) follows the name.
    func none() throws(DynamicValueError) {
        guard text.isEmpty || text == "()" else { throw problem("it takes no arguments") }
    }

    /// `word` without the double or single quotes around it, if it has them.
    func unquoted(_ word: Substring) -> String {
        guard word.count >= 2, let first = word.first, first == "\"" || first == "'", word.last == first else {
            return String(word)
        }
        return String(word.dropFirst().dropLast())
    }

    /// Up to `max` words separated by spaces or tabs.
    func words(max: Int) throws(DynamicValueError) -> [Substring] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count <= max else { throw problem("it takes at most \(max) arguments") }
        return words
    }

    /// Up to `max` comma-separated arguments in parentheses; none when nothing follows the name.
    func call(max: Int) throws(DynamicValueError) -> [Substring] {
        guard !text.isEmpty else { return [] }
        guard text.first == "(", text.last == ")", text.count >= 2 else {
            throw problem("write its arguments in parentheses, separated by commas")
        }
        let inner = Substring(text.dropFirst().dropLast().trimmedSpaces)
        guard !inner.isEmpty else { return [] }
        let arguments = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            Substring($0.trimmedSpaces)
        }
        guard arguments.count <= max else { throw problem("it takes at most \(max) arguments") }
        guard !arguments.contains(where: \.isEmpty) else { throw problem("an argument is empty") }
        return arguments
    }

    /// The one length argument of `$random.alphabetic(n)` and its kin.
    func length(of name: String) throws(DynamicValueError) -> Int {
        let arguments = try call(max: 1)
        guard let first = arguments.first else { throw problem("give a length, as \(name)(8)") }
        let length = try integer(first)
        guard (0...DynamicValues.maximumLength).contains(length) else {
            throw problem("the length \(length) is not between 0 and \(DynamicValues.maximumLength)")
        }
        return length
    }

    /// The one name argument of `$processEnv NAME` and `$dotenv NAME`.
    func name() throws(DynamicValueError) -> String {
        let words = try words(max: 1)
        guard let name = words.first else { throw problem("give the variable's name after it") }
        return String(name)
    }

    func integer(_ word: Substring) throws(DynamicValueError) -> Int {
        guard let value = Int(word) else { throw problem("'\(word)' is not a whole number") }
        return value
    }

    func number(_ word: Substring) throws(DynamicValueError) -> Double {
        guard let value = Double(word), value.isFinite else { throw problem("'\(word)' is not a number") }
        return value
    }

    /// `iso8601`, `rfc1123`, `"pattern"` or `'pattern'`, then an optional offset `-1 d` (or `-1d`).
    func dateFormatAndOffset() throws(DynamicValueError) -> (DateFormat, DateOffset?) {
        guard let first = text.first else {
            throw problem("give a format: iso8601, rfc1123 or a pattern in quotes, as \"dd-MM-yyyy\"")
        }
        let format: DateFormat
        var rest: Substring
        if first == "\"" || first == "'" {
            // The last quote closes it, as REST Client reads it, so a Java pattern's own quotes can be inside:
            // `'yyyy-MM-dd'T'HH:mm'`.
            guard let close = text.dropFirst().lastIndex(of: first) else {
                throw problem("the date format's quote is not closed")
            }
            format = .pattern(try DatePattern(String(text[text.index(after: text.startIndex)..<close])))
            rest = text[text.index(after: close)...]
        } else {
            let word = text.prefix(while: { $0 != " " && $0 != "\t" })
            switch word.lowercased() {
            case "iso8601": format = .iso8601
            case "rfc1123": format = .rfc1123
            default:
                throw problem("'\(word)' is not a date format: use iso8601, rfc1123 or a pattern in quotes")
            }
            rest = text.dropFirst(word.count)
        }
        rest = Substring(rest.trimmedSpaces)
        guard !rest.isEmpty else { return (format, nil) }
        return (format, try offset(rest))
    }

    /// `-1 d`, `+2 M`, `30m`, `250 ms`.
    func offset(_ text: Substring) throws(DynamicValueError) -> DateOffset {
        let compact = text.filter { $0 != " " && $0 != "\t" }
        let sign = compact.prefix(while: { $0 == "-" || $0 == "+" })
        let digits = compact.dropFirst(sign.count).prefix(while: \.isASCIIDigitCharacter)
        let unit = compact.dropFirst(sign.count + digits.count)
        let units = DateOffset.Unit.allCases.map(\.rawValue).joined(separator: " ")
        guard sign.count <= 1, let amount = Int(sign + digits), let found = DateOffset.Unit(rawValue: String(unit))
        else {
            throw problem("the offset '\(text)' is not a whole number and a unit (\(units)), as -1 d")
        }
        return DateOffset(amount, found)
    }
}

extension Character {
    /// `0`…`9` only (not other scripts' digits).
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
