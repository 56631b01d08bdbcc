import Foundation

/// The generated values of the `.http` dialects' dynamic variables and the scripts' `$random`: UUIDs, random
/// numbers and text, e-mail addresses, timestamps and formatted dates.
///
/// The clock, the time zone and the random source are given, so tests get the same values every time:
///
/// ```swift
/// let values = DynamicValues(random: SeededRandomSource(seed: 7), now: { fixedDate }, timeZone: .gmt)
/// let code = try values.alphanumeric(length: 8)
/// ```
public struct DynamicValues: Sendable {
    /// Where random values come from.
    public let random: any RandomSource
    /// The current time.
    public let now: @Sendable () -> Date
    /// The time zone of "local" dates (`$localDatetime`, `$datetime` patterns when asked for).
    public let timeZone: TimeZone

    /// The most characters a random text may have, so a typo cannot make megabytes.
    public static let maximumLength = 10_000

    /// Creates values from `random`, the clock `now` and the local `timeZone` (the system's by default).
    public init(
        random: any RandomSource = SystemRandomSource(), now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current
    ) {
        self.random = random
        self.now = now
        self.timeZone = timeZone
    }

    // MARK: Random

    /// A random version 4 UUID, lowercase: `0b2f…-4…`.
    public func uuid() -> String {
        var bytes = withUnsafeBytes(of: random.next()) { Array($0) } + withUnsafeBytes(of: random.next()) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }.joined()
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return groups.joined(separator: "-")
    }

    /// A random integer from `low` (included) up to `high` (excluded), as JetBrains' `$random.integer`.
    public func integer(from low: Int, to high: Int) throws(DynamicValueError) -> Int {
        guard low < high else { throw DynamicValueError("the range from \(low) to \(high) holds no integer") }
        var generator = RandomSourceGenerator(source: random)
        return Int.random(in: low..<high, using: &generator)
    }

    /// A random number from `low` (included) up to `high` (excluded), as JetBrains' `$random.float`.
    public func float(from low: Double, to high: Double) throws(DynamicValueError) -> Double {
        guard low.isFinite, high.isFinite, low < high else {
            throw DynamicValueError("the range from \(low) to \(high) holds no number")
        }
        var generator = RandomSourceGenerator(source: random)
        return Double.random(in: low..<high, using: &generator)
    }

    /// `length` random letters, upper and lower case.
    public func alphabetic(length: Int) throws(DynamicValueError) -> String {
        try text(length: length, from: Self.letters)
    }

    /// `length` random letters, digits and underscores, as JetBrains' `$random.alphanumeric`.
    public func alphanumeric(length: Int) throws(DynamicValueError) -> String {
        try text(length: length, from: Self.letters + Self.digits + ["_"])
    }

    /// `length` random hexadecimal digits, lowercase.
    public func hexadecimal(length: Int) throws(DynamicValueError) -> String {
        try text(length: length, from: Self.digits + Array("abcdef"))
    }

    /// `length` random decimal digits.
    public func numeric(length: Int) throws(DynamicValueError) -> String {
        try text(length: length, from: Self.digits)
    }

    /// A random e-mail address at `example.com` (a domain reserved for examples, so nobody gets mail).
    public func email() -> String {
        let lower = Array("abcdefghijklmnopqrstuvwxyz")
        // Lengths in range: cannot throw.
        let user = (try? text(length: 5 + Int(random.next() % 6), from: lower)) ?? "user"
        let tag = (try? text(length: 3, from: Self.digits)) ?? "000"
        return "\(user).\(tag)@example.com"
    }

    func text(length: Int, from alphabet: [Character]) throws(DynamicValueError) -> String {
        guard (0...Self.maximumLength).contains(length) else {
            throw DynamicValueError("the length \(length) is not between 0 and \(Self.maximumLength)")
        }
        var generator = RandomSourceGenerator(source: random)
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
    }

    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let digits = Array("0123456789")

    // MARK: Time

    /// Seconds since 1970 (UTC), as `$timestamp`.
    public func timestamp() -> Int {
        Int((now().timeIntervalSince1970).rounded(.down))
    }

    /// The current UTC time as ISO 8601 with milliseconds, `2024-02-29T10:15:30.250Z`, as `$isoTimestamp`.
    public func isoTimestamp() -> String {
        Self.isoUTC.string(from: now(), in: TimeZone(secondsFromGMT: 0) ?? timeZone)
    }

    /// The current time moved by `offset`, written in `format`, in UTC or in ``timeZone`` when `local`.
    public func datetime(_ format: DateFormat, offset: DateOffset? = nil, local: Bool) throws(DynamicValueError)
        -> String
    {
        let zone = local ? timeZone : (TimeZone(secondsFromGMT: 0) ?? timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var date = now()
        if let offset { date = try offset.applied(to: date, in: calendar) }
        switch format {
        case .iso8601: return (local ? Self.isoLocal : Self.isoUTC).string(from: date, in: zone)
        case .rfc1123: return (local ? Self.rfc1123Local : Self.rfc1123UTC).string(from: date, in: zone)
        case .pattern(let pattern): return pattern.string(from: date, in: zone)
        }
    }

    // Fixed patterns: reading them cannot fail.
    static let isoUTC = fixed("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
    static let isoLocal = fixed("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")
    static let rfc1123UTC = fixed("EEE, dd MMM yyyy HH:mm:ss 'GMT'")
    static let rfc1123Local = fixed("EEE, dd MMM yyyy HH:mm:ss Z")

    static func fixed(_ pattern: String) -> DatePattern {
        (try? DatePattern(pattern, dialect: .java)) ?? DatePattern.empty
    }
}

/// How `$datetime` writes a date.
public enum DateFormat: Sendable, Hashable {
    /// `2024-02-29T10:15:30.250Z` (UTC) or `2024-02-29T12:15:30.250+02:00` (local).
    case iso8601
    /// `Thu, 29 Feb 2024 10:15:30 GMT` (UTC) or `… 12:15:30 +0200` (local).
    case rfc1123
    /// A Java or Day.js pattern.
    case pattern(DatePattern)
}

extension DatePattern {
    /// A pattern that writes nothing.
    static let empty = DatePattern(pieces: [])

    init(pieces: [DatePiece]) {
        self.dialect = .java
        self.pieces = pieces
    }
}
