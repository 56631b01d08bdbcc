import Foundation

/// A date format written as a Java `DateTimeFormatter` pattern (`dd-MM-yyyy'T'HH:mm`, the JetBrains client's)
/// or a Day.js one (`DD-MM-YYYY[T]HH:mm`, VS Code REST Client's), checked once and then applied to dates.
///
/// Names of months and days are English whatever the locale, so a request reads the same on every machine.
public struct DatePattern: Sendable, Hashable {
    /// The pattern language.
    public enum Dialect: Sendable, Hashable {
        /// `java.time.format.DateTimeFormatter` letters, text quoted with `'…'`.
        case java
        /// Day.js `format` tokens, text in `[…]`.
        case dayJS

        /// The dialect a pattern is most likely written in: Day.js when it uses its year (`Y`), day (`D`)
        /// or `[text]`, which Java patterns do not (Java's `y` and `d` are its year and day), else Java.
        public static func likely(for pattern: String) -> Dialect {
            var quoted = false
            for character in pattern {
                if character == "'" { quoted.toggle() }
                if !quoted, character == "Y" || character == "D" || character == "[" { return .dayJS }
            }
            return .java
        }
    }

    /// The dialect the pattern was read in.
    public let dialect: Dialect
    let pieces: [DatePiece]

    /// Reads `pattern` in `dialect` (or the ``Dialect/likely(for:)`` one); throws for a letter the dialect
    /// does not define or an unclosed quote.
    public init(_ pattern: String, dialect: Dialect? = nil) throws(DynamicValueError) {
        let dialect = dialect ?? .likely(for: pattern)
        self.dialect = dialect
        switch dialect {
        case .java: pieces = try DatePatternReader.java(pattern)
        case .dayJS: pieces = try DatePatternReader.dayJS(pattern)
        }
    }

    /// `date` written with this pattern, its fields as seen in `timeZone`.
    public func string(from date: Date, in timeZone: TimeZone) -> String {
        let fields = DateFields(date, timeZone: timeZone)
        return pieces.map { $0.text(for: fields) }.joined()
    }
}

/// One part of a read pattern: text as written, or a field with its width or style.
enum DatePiece: Sendable, Hashable {
    case literal(String)
    /// The year; width 2 is the last two digits, any other width pads.
    case year(width: Int)
    /// The month: widths 1–2 a number, 3 `Jan`, 4 `January`.
    case month(width: Int)
    case dayOfMonth(width: Int)
    case dayOfYear(width: Int)
    /// Weekday: width 3 `Mon`, 4 `Monday`, 2 `Mo`, 0 the Day.js number (Sunday 0).
    case weekday(width: Int)
    case hour24(width: Int)
    case hour12(width: Int)
    case minute(width: Int)
    case second(width: Int)
    /// The first `digits` digits of the fraction of the second.
    case fraction(digits: Int)
    /// `AM`/`PM`, or `am`/`pm` when `uppercase` is false.
    case meridiem(uppercase: Bool)
    /// The offset from UTC: `+0200`, with `colon` `+02:00`; `hoursOnly` gives `+02`; `zulu` writes `Z` for 0.
    case offset(colon: Bool, hoursOnly: Bool, zulu: Bool)
    case zoneAbbreviation
    case unixSeconds
    case unixMilliseconds

    func text(for fields: DateFields) -> String {
        switch self {
        case .literal(let text): text
        case .year(let width):
            width == 2 ? Self.pad(fields.year % 100, 2) : Self.pad(fields.year, width)
        case .month(let width):
            switch width {
            case 3: String(DateFields.monthNames[fields.month - 1].prefix(3))
            case 4...: DateFields.monthNames[fields.month - 1]
            default: Self.pad(fields.month, width)
            }
        case .dayOfMonth(let width): Self.pad(fields.day, width)
        case .dayOfYear(let width): Self.pad(fields.dayOfYear, width)
        case .weekday(let width):
            switch width {
            case 0: String(fields.weekday - 1)
            case 4...: DateFields.weekdayNames[fields.weekday - 1]
            default: String(DateFields.weekdayNames[fields.weekday - 1].prefix(width))
            }
        case .hour24(let width): Self.pad(fields.hour, width)
        case .hour12(let width): Self.pad(fields.hour % 12 == 0 ? 12 : fields.hour % 12, width)
        case .minute(let width): Self.pad(fields.minute, width)
        case .second(let width): Self.pad(fields.second, width)
        case .fraction(let digits):
            String((Self.pad(fields.millisecond, 3) + String(repeating: "0", count: max(0, digits - 3))).prefix(digits))
        case .meridiem(let uppercase):
            fields.hour < 12 ? (uppercase ? "AM" : "am") : (uppercase ? "PM" : "pm")
        case .offset(let colon, let hoursOnly, let zulu):
            Self.offset(fields.offsetSeconds, colon: colon, hoursOnly: hoursOnly, zulu: zulu)
        case .zoneAbbreviation: fields.zoneAbbreviation
        case .unixSeconds:
            String(
                fields.unixMilliseconds >= 0 ? fields.unixMilliseconds / 1000 : (fields.unixMilliseconds - 999) / 1000)
        case .unixMilliseconds: String(fields.unixMilliseconds)
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    static func offset(_ seconds: Int, colon: Bool, hoursOnly: Bool, zulu: Bool) -> String {
        if zulu && seconds == 0 { return "Z" }
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        let hours = pad(minutes / 60, 2)
        if hoursOnly && minutes % 60 == 0 { return sign + hours }
        return sign + hours + (colon ? ":" : "") + pad(minutes % 60, 2)
    }
}

/// The fields of one instant in one time zone, on the Gregorian calendar.
struct DateFields {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    var year = 0
    var month = 1
    var day = 1
    var dayOfYear = 1
    /// 1 for Sunday … 7 for Saturday.
    var weekday = 1
    var hour = 0
    var minute = 0
    var second = 0
    var millisecond = 0
    var offsetSeconds = 0
    var zoneAbbreviation = ""
    var unixMilliseconds = 0

    init(_ date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second], from: date)
        year = parts.year ?? 0
        month = parts.month ?? 1
        day = parts.day ?? 1
        weekday = parts.weekday ?? 1
        hour = parts.hour ?? 0
        minute = parts.minute ?? 0
        second = parts.second ?? 0
        dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        unixMilliseconds = Int(exactly: milliseconds) ?? 0
        millisecond = ((unixMilliseconds % 1000) + 1000) % 1000
        offsetSeconds = timeZone.secondsFromGMT(for: date)
        zoneAbbreviation =
            timeZone.abbreviation(for: date)
            ?? DatePiece.offset(
                offsetSeconds, colon: true, hoursOnly: false, zulu: false)
    }
}
