/// Splits Java and Day.js date patterns into ``DatePiece``s.
enum DatePatternReader {
    /// Reads a `DateTimeFormatter` pattern: runs of one letter are fields, `'text'` is text (`''` a quote),
    /// other characters are themselves; a letter Java defines but Ferry does not write, or an undefined one,
    /// is an error.
    static func java(_ pattern: String) throws(DynamicValueError) -> [DatePiece] {
        var pieces: [DatePiece] = []
        var characters = Substring(pattern)
        while let first = characters.first {
            if first == "'" {
                characters = characters.dropFirst()
                if characters.first == "'" {
                    pieces.append(.literal("'"))
                    characters = characters.dropFirst()
                    continue
                }
                var text = ""
                while true {
                    guard let next = characters.first else {
                        throw DynamicValueError("the date format '\(pattern)' has an unclosed quote")
                    }
                    characters = characters.dropFirst()
                    if next == "'" {
                        if characters.first == "'" {
                            text.append("'")
                            characters = characters.dropFirst()
                            continue
                        }
                        break
                    }
                    text.append(next)
                }
                pieces.append(.literal(text))
                continue
            }
            guard first.isASCII, first.isLetter else {
                pieces.append(.literal(String(first)))
                characters = characters.dropFirst()
                continue
            }
            let run = characters.prefix(while: { $0 == first })
            characters = characters.dropFirst(run.count)
            let width = run.count
            switch first {
            case "y", "u": pieces.append(.year(width: width))
            case "M", "L": pieces.append(.month(width: width))
            case "d": pieces.append(.dayOfMonth(width: width))
            case "D": pieces.append(.dayOfYear(width: width))
            case "E": pieces.append(.weekday(width: width >= 4 ? 4 : 3))
            case "H": pieces.append(.hour24(width: width))
            case "h": pieces.append(.hour12(width: width))
            case "m": pieces.append(.minute(width: width))
            case "s": pieces.append(.second(width: width))
            case "S": pieces.append(.fraction(digits: width))
            case "a": pieces.append(.meridiem(uppercase: true))
            case "Z": pieces.append(.offset(colon: width >= 4, hoursOnly: false, zulu: width == 5))
            case "X", "x":
                pieces.append(.offset(colon: width >= 3, hoursOnly: width == 1, zulu: first == "X"))
            case "z": pieces.append(.zoneAbbreviation)
            default:
                throw DynamicValueError(
                    "the date format '\(pattern)' uses '\(first)', which is not a date field Ferry writes "
                        + "(quote text with '…')")
            }
        }
        return pieces
    }

    /// Reads a Day.js `format` pattern: its tokens are fields, `[text]` is text, everything else (letters
    /// Day.js does not define among them) is itself, as Day.js writes it.
    static func dayJS(_ pattern: String) throws(DynamicValueError) -> [DatePiece] {
        var pieces: [DatePiece] = []
        var characters = Substring(pattern)
        while let first = characters.first {
            if first == "[" {
                guard let close = characters.firstIndex(of: "]") else {
                    throw DynamicValueError("the date format '\(pattern)' has an unclosed '['")
                }
                pieces.append(.literal(String(characters[characters.index(after: characters.startIndex)..<close])))
                characters = characters[characters.index(after: close)...]
                continue
            }
            let run = characters.prefix(while: { $0 == first }).count
            let (piece, used) = dayJSToken(first, run: run)
            pieces.append(piece)
            characters = characters.dropFirst(used)
        }
        return pieces
    }

    /// The piece a run of `run` × `letter` starts with, and how many characters of the run it takes.
    static func dayJSToken(_ letter: Character, run: Int) -> (DatePiece, Int) {
        switch letter {
        case "Y": return run >= 4 ? (.year(width: 4), 4) : run >= 2 ? (.year(width: 2), 2) : (.year(width: 4), 1)
        case "M": return (.month(width: min(run, 4)), min(run, 4))
        case "D": return (.dayOfMonth(width: min(run, 2)), min(run, 2))
        case "d":
            let width = min(run, 4)
            return (.weekday(width: width == 1 ? 0 : width), width)
        case "H": return (.hour24(width: min(run, 2)), min(run, 2))
        case "h": return (.hour12(width: min(run, 2)), min(run, 2))
        case "m": return (.minute(width: min(run, 2)), min(run, 2))
        case "s": return (.second(width: min(run, 2)), min(run, 2))
        case "S" where run >= 3: return (.fraction(digits: 3), 3)
        case "A": return (.meridiem(uppercase: true), 1)
        case "a": return (.meridiem(uppercase: false), 1)
        case "Z": return (.offset(colon: run == 1, hoursOnly: false, zulu: false), min(run, 2))
        case "X": return (.unixSeconds, 1)
        case "x": return (.unixMilliseconds, 1)
        default: return (.literal(String(letter)), 1)
        }
    }
}
