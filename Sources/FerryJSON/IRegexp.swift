import Foundation

/// An I-Regexp (RFC 9485), the pattern language of JSONPath's `match` and `search`, checked against its grammar
/// and run as the ICU pattern it translates to: `.` is any character but `\n` and `\r`, `^` and `$` are
/// anchors, and there are no back-references, lookarounds or lazy quantifiers.
struct IRegexp {
    private let expression: NSRegularExpression

    /// The pattern `source`, or `nil` when it is not an I-Regexp; `wholeString` anchors it at both ends (`match`).
    init?(_ source: String, wholeString: Bool) {
        var translator = Translator(Array(source.unicodeScalars))
        guard let translated = translator.translate() else { return nil }
        let pattern = wholeString ? "\\A(?:" + translated + ")\\z" : translated
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        self.expression = expression
    }

    /// Whether the pattern matches (all of `text` for `match`, some of it for `search`).
    func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    /// Reads I-Regexp's grammar and writes the ICU equivalent; `nil` at the first thing outside the grammar.
    private struct Translator {
        let scalars: [Unicode.Scalar]
        var position = 0
        var output = ""
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var next: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func translate() -> String? {
            guard alternatives(), position == scalars.count else { return nil }
            return output
        }

        /// branch ( `|` branch )*
        mutating func alternatives() -> Bool {
            guard branch() else { return false }
            while next == "|" {
                position += 1
                output += "|"
                guard branch() else { return false }
            }
            return true
        }

        /// piece*, up to `|`, `)` or the end.
        mutating func branch() -> Bool {
            while let scalar = next, scalar != "|", scalar != ")" {
                guard atom(), quantifier() else { return false }
            }
            return true
        }

        /// `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}`, optionally.
        mutating func quantifier() -> Bool {
            guard let scalar = next else { return true }
            switch scalar {
            case "*", "+", "?":
                position += 1
                output.unicodeScalars.append(scalar)
            case "{":
                position += 1
                guard let low = digits() else { return false }
                var text = "{" + low
                if next == "," {
                    position += 1
                    text += ","
                    if let high = digits() {
                        guard let lowValue = Int(low), let highValue = Int(high), lowValue <= highValue else {
                            return false
                        }
                        text += high
                    }
                }
                guard next == "}" else { return false }
                position += 1
                output += text + "}"
            default:
                return true
            }
            return true
        }

        mutating func digits() -> String? {
            var text = ""
            while let scalar = next, ("0"..."9").contains(scalar) {
                text.unicodeScalars.append(scalar)
                position += 1
            }
            return text.isEmpty || text.count > 9 ? nil : text
        }

        /// A character, `.`, an escape, a class or a group.
        mutating func atom() -> Bool {
            guard let scalar = next else { return false }
            switch scalar {
            case "(":
                depth += 1
                guard depth <= QueryScanner.maximumDepth else { return false }
                position += 1
                output += "(?:"
                guard alternatives(), next == ")" else { return false }
                position += 1
                output += ")"
                depth -= 1
                return true
            case ".":
                position += 1
                output += "[^\\n\\r]"
                return true
            case "[":
                return characterClass()
            case "\\":
                return escape()
            case "^", "$":
                // Plain characters in RFC 9485's grammar, but anchors to every implementation and to the
                // compliance suite (`match(@, '^ab.*')` matches "abc").
                position += 1
                output += scalar == "^" ? "\\A" : "\\z"
                return true
            case ")", "*", "+", "?", "]", "{", "|", "}":
                return false
            default:
                position += 1
                append(literal: scalar)
                return true
            }
        }

        /// `\` and a single-character escape or `\p{…}` / `\P{…}`.
        mutating func escape() -> Bool {
            position += 1
            guard let scalar = next else { return false }
            position += 1
            switch scalar {
            case "n": output += "\\n"
            case "r": output += "\\r"
            case "t": output += "\\t"
            case "p", "P":
                guard next == "{" else { return false }
                position += 1
                var name = ""
                while let letter = next, letter != "}" {
                    name.unicodeScalars.append(letter)
                    position += 1
                }
                guard next == "}", Self.categories.contains(name) else { return false }
                position += 1
                output += "\\\(scalar){\(name)}"
            case "(", ")", "*", "+", ",", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
                append(literal: scalar)
            default:
                return false
            }
            return true
        }

        /// `[` `^`? items `]`, where `-` is literal first or last.
        mutating func characterClass() -> Bool {
            position += 1
            output += "["
            if next == "^" {
                position += 1
                output += "^"
            }
            var isFirst = true
            while let scalar = next, scalar != "]" {
                if scalar == "-" {
                    // A literal `-` only first or just before `]`.
                    guard isFirst || (position + 1 < scalars.count && scalars[position + 1] == "]") else {
                        return false
                    }
                    position += 1
                    append(literal: "-")
                } else if scalar == "\\", position + 1 < scalars.count,
                    scalars[position + 1] == "p" || scalars[position + 1] == "P"
                {
                    guard escape() else { return false }
                } else {
                    guard let low = classCharacter() else { return false }
                    if next == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                        position += 1
                        guard let high = classCharacter(), low.value <= high.value else { return false }
                        append(literal: low)
                        output += "-"
                        append(literal: high)
                    } else {
                        append(literal: low)
                    }
                }
                isFirst = false
            }
            guard next == "]", !isFirst else { return false }
            position += 1
            output += "]"
            return true
        }

        /// One character of a class (plain or a single-character escape), or `nil`.
        mutating func classCharacter() -> Unicode.Scalar? {
            guard let scalar = next else { return nil }
            if scalar == "\\" {
                guard position + 1 < scalars.count else { return nil }
                let escaped = scalars[position + 1]
                position += 2
                switch escaped {
                case "n": return "\n"
                case "r": return "\r"
                case "t": return "\t"
                case "(", ")", "*", "+", ",", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return escaped
                default: return nil
                }
            }
            guard scalar != "[", scalar != "-" else { return nil }
            position += 1
            return scalar
        }

        /// A character matched as itself: letters and digits as they are, anything else as `\x{…}`.
        mutating func append(literal scalar: Unicode.Scalar) {
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
                output.unicodeScalars.append(scalar)
            } else {
                output += "\\x{" + String(scalar.value, radix: 16) + "}"
            }
        }

        /// The general categories I-Regexp allows in `\p{…}`.
        static let categories: Set<String> = [
            "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe",
            "Pf",
            "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs", "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
        ]
    }
}

/// The patterns of one query run, compiled once each.
final class IRegexpCache {
    private var compiled: [String: IRegexp?] = [:]

    /// The I-Regexp `source`, compiled on first use; `nil` when it is not one.
    func compiled(_ source: String, wholeString: Bool) -> IRegexp? {
        let key = (wholeString ? "m" : "s") + source
        if let found = compiled[key] { return found }
        let regexp = IRegexp(source, wholeString: wholeString)
        compiled[key] = regexp
        return regexp
    }
}
