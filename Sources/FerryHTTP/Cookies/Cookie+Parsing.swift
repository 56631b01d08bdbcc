import Foundation

// MARK: - Parsing a Set-Cookie header (RFC 6265 §5.2, §5.3)

extension Cookie {
    /// The cookie a `Set-Cookie` header value sets when it comes from a response to `url` at `now`, or `nil`
    /// when the header must be ignored: no `name=value`, an empty name, a control character other than a tab
    /// (``holdsControlCharacters``), or a `Domain` the host does not belong to (such as another site, or a
    /// single-label domain like `com` other than the host itself).
    ///
    /// A cookie already expired (`Max-Age=0`, an `Expires` in the past) is returned as it is: storing it in a
    /// ``CookieJar`` removes the cookie it replaces. `Max-Age` wins over `Expires`; a missing or invalid
    /// `Path` gives the default path (the request path up to its last `/`).
    public init?(setCookie header: String, from url: URL, at now: Date = Date()) {
        guard let host = url.host?.lowercased(), !host.isEmpty, !Self.holdsControlCharacters(header) else {
            return nil
        }
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let pair = parts.next(), let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)

        var expires: Date?
        var maxAge: Date?
        var domainAttribute: String?
        var path: String?
        var isSecure = false
        var isHTTPOnly = false
        while let part = parts.next() {
            let equals = part.firstIndex(of: "=")
            let key = part[..<(equals ?? part.endIndex)].trimmingCharacters(in: .whitespaces).lowercased()
            let argument = equals.map { part[part.index(after: $0)...].trimmingCharacters(in: .whitespaces) } ?? ""
            switch key {
            case "expires": if let date = Self.parseDate(argument) { expires = date }
            case "max-age":
                if let seconds = Self.parseMaxAge(argument) { maxAge = Self.expiry(afterSeconds: seconds, now) }
            case "domain":
                var domain = argument.lowercased()
                if domain.hasPrefix(".") { domain.removeFirst() }
                if !domain.isEmpty { domainAttribute = domain }
            case "path": path = argument.hasPrefix("/") ? argument : nil
            case "secure": isSecure = true
            case "httponly": isHTTPOnly = true
            default: break
            }
        }

        let domain: String
        let isHostOnly: Bool
        if let domainAttribute {
            // Without a public suffix list, a single-label domain (`com`, `localhost` for another host) is refused.
            guard Self.domain(host, matches: domainAttribute),
                domainAttribute == host || domainAttribute.contains(".")
            else { return nil }
            (domain, isHostOnly) = (domainAttribute, domainAttribute == host)
        } else {
            (domain, isHostOnly) = (host, true)
        }
        self.init(
            name: name, value: value, domain: domain, isHostOnly: isHostOnly,
            path: path ?? Self.defaultPath(of: url), isSecure: isSecure, isHTTPOnly: isHTTPOnly,
            expires: maxAge ?? expires, created: now)
    }

    /// RFC 6265 §5.1.4 default-path: the request path up to, not including, its last `/`; `/` when that is empty.
    static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `Max-Age`'s seconds: an optional `-` and digits, else `nil` (the attribute is ignored).
    static func parseMaxAge(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let magnitude = Int(digits) else { return text.hasPrefix("-") ? Int.min : Int.max }
        return text.hasPrefix("-") ? -magnitude : magnitude
    }

    /// `now` plus `seconds`; zero or less means already expired (the distant past).
    static func expiry(afterSeconds seconds: Int, _ now: Date) -> Date {
        guard seconds > 0 else { return Date(timeIntervalSince1970: 0) }
        return now.addingTimeInterval(Double(seconds))
    }

    // MARK: - Dates (RFC 6265 §5.1.1)

    /// A cookie date in any of the forms servers send (`Wed, 21 Oct 2015 07:28:00 GMT`,
    /// `Wednesday, 21-Oct-15 07:28:00 GMT`, `Wed Oct 21 07:28:00 2015`), always read as UTC; `nil` when a
    /// part is missing or out of range.
    static func parseDate(_ text: String) -> Date? {
        let tokens = text.split { character in
            !(character.isASCII && (character.isLetter || character.isNumber || character == ":"))
        }
        var time: (Int, Int, Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens {
            if time == nil, let parsed = parseTime(token) {
                time = parsed
            } else if day == nil, let number = leadingNumber(token, digits: 1...2) {
                day = number
            } else if month == nil, let index = months.firstIndex(of: token.prefix(3).lowercased()) {
                month = index + 1
            } else if year == nil, let number = leadingNumber(token, digits: 2...4) {
                year = number
            }
        }
        guard let (hour, minute, second) = time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, hour <= 23, minute <= 59, second <= 59 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day  // 31 February is not a date
        else { return nil }
        return date
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `hh:mm:ss` with one or two digits each.
    private static func parseTime(_ token: Substring) -> (Int, Int, Int)? {
        let fields = token.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let numbers = fields.compactMap { field -> Int? in
            (1...2).contains(field.count) && field.allSatisfy { $0.isASCII && $0.isNumber } ? Int(field) : nil
        }
        return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : nil
    }

    /// The digits at the start of `token` when there are `digits` of them (anything after must not be a digit).
    private static func leadingNumber(_ token: Substring, digits: ClosedRange<Int>) -> Int? {
        let prefix = token.prefix { $0.isASCII && $0.isNumber }
        guard digits.contains(prefix.count) else { return nil }
        return Int(prefix)
    }
}
