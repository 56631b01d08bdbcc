/// `google.protobuf.Timestamp` and `Duration` in their JSON forms: RFC 3339 in UTC (`1972-01-01T10:00:20.021Z`)
/// and seconds with an `s` (`1.000340012s`), with 0, 3, 6 or 9 fractional digits.
enum ProtobufTime {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the Timestamp's range.
    static let timestampSeconds: ClosedRange<Int64> = -62_135_596_800...253_402_300_799
    /// About ±10,000 years, the Duration's range.
    static let durationSeconds: ClosedRange<Int64> = -315_576_000_000...315_576_000_000

    static func formatTimestamp(seconds: Int64, nanos: Int32) -> String? {
        guard timestampSeconds.contains(seconds), (0..<1_000_000_000).contains(nanos) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let time =
            pad(Int64(year), 4) + "-" + pad(Int64(month), 2) + "-" + pad(Int64(day), 2) + "T"
            + pad(secondOfDay / 3600, 2)
            + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        return time + fraction(nanos) + "Z"
    }

    static func formatDuration(seconds: Int64, nanos: Int32) -> String? {
        guard durationSeconds.contains(seconds), abs(nanos) < 1_000_000_000,
            seconds == 0 || nanos == 0 || (seconds < 0) == (nanos < 0)
        else { return nil }
        let sign = seconds < 0 || nanos < 0 ? "-" : ""
        return sign + String(seconds.magnitude) + fraction(Int32(nanos.magnitude)) + "s"
    }

    static func parseTimestamp(_ text: String) -> (Int64, Int32)? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ (0x30...0x39).contains($0) }) else {
                return nil
            }
            return bytes[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) }
        }
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] | 0x20 == 0x74, bytes[13] == 0x3A,
            bytes[16] == 0x3A, let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else { return nil }
        var index = 19
        var nanos: Int32 = 0
        if index < bytes.count, bytes[index] == 0x2E {
            let start = index + 1
            index = start
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard let parsed = fractionNanos(bytes[start..<index]) else { return nil }
            nanos = parsed
        }
        guard index < bytes.count else { return nil }
        var offset: Int64 = 0
        if bytes[index] | 0x20 == 0x7A {
            index += 1
        } else if bytes[index] == 0x2B || bytes[index] == 0x2D, index + 6 == bytes.count, bytes[index + 3] == 0x3A,
            let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6), hours < 24,
            minutes < 60
        {
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == 0x2D ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds =
            days(fromCivil: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard timestampSeconds.contains(seconds) else { return nil }
        return (seconds, nanos)
    }

    static func parseDuration(_ text: String) -> (Int64, Int32)? {
        var bytes = Array(text.utf8)
        guard bytes.last == 0x73 else { return nil }
        bytes.removeLast()
        let negative = bytes.first == 0x2D
        if negative { bytes.removeFirst() }
        let dot = bytes.firstIndex(of: 0x2E) ?? bytes.count
        let whole = bytes[0..<dot]
        guard !whole.isEmpty, whole.count <= 12, whole.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let seconds = whole.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
        var nanos: Int32 = 0
        if dot < bytes.count {
            guard let parsed = fractionNanos(bytes[(dot + 1)...]) else { return nil }
            nanos = parsed
        }
        guard durationSeconds.contains(seconds) else { return nil }
        return negative ? (-seconds, -nanos) : (seconds, nanos)
    }

    /// Up to nine digits after the point, as nanoseconds.
    private static func fractionNanos(_ digits: ArraySlice<UInt8>) -> Int32? {
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var value: Int32 = 0
        for digit in digits { value = value * 10 + Int32(digit - 0x30) }
        for _ in digits.count..<9 { value *= 10 }
        return value
    }

    private static func fraction(_ nanos: Int32) -> String {
        guard nanos != 0 else { return "" }
        if nanos % 1_000_000 == 0 { return "." + pad(Int64(nanos / 1_000_000), 3) }
        if nanos % 1000 == 0 { return "." + pad(Int64(nanos / 1000), 6) }
        return "." + pad(Int64(nanos), 9)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(fromCivil year: Int64, month: Int64, day: Int64) -> Int64 {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
