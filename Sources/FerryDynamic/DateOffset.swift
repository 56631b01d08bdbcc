import Foundation

/// An amount of time to add to a date, in calendar units: `-1 d`, `3 M`, `250 ms`.
public struct DateOffset: Sendable, Hashable {
    /// A unit of an offset, spelled as REST Client and the JetBrains client spell it.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        /// Years (`y`).
        case year = "y"
        /// Quarters of a year (`Q`, three months).
        case quarter = "Q"
        /// Months (`M`); a day past the new month's end becomes its last day.
        case month = "M"
        /// Weeks (`w`).
        case week = "w"
        /// Days (`d`).
        case day = "d"
        /// Hours (`h`).
        case hour = "h"
        /// Minutes (`m`).
        case minute = "m"
        /// Seconds (`s`).
        case second = "s"
        /// Milliseconds (`ms`).
        case millisecond = "ms"
    }

    /// How many units, negative for the past.
    public var amount: Int
    /// The unit.
    public var unit: Unit

    /// Creates an offset of `amount` `unit`s.
    public init(_ amount: Int, _ unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// `date` moved by this offset on `calendar` (whose time zone decides where months and days end).
    public func applied(to date: Date, in calendar: Calendar) throws(DynamicValueError) -> Date {
        let component: Calendar.Component
        var value = amount
        switch unit {
        case .year: component = .year
        case .quarter:
            component = .month
            let (months, overflow) = amount.multipliedReportingOverflow(by: 3)
            guard !overflow else { throw DynamicValueError("the offset \(amount) Q is too large") }
            value = months
        case .month: component = .month
        case .week:
            component = .day
            let (days, overflow) = amount.multipliedReportingOverflow(by: 7)
            guard !overflow else { throw DynamicValueError("the offset \(amount) w is too large") }
            value = days
        case .day: component = .day
        case .hour: component = .hour
        case .minute: component = .minute
        case .second: component = .second
        case .millisecond:
            return date.addingTimeInterval(Double(amount) / 1000)
        }
        guard let moved = calendar.date(byAdding: component, value: value, to: date) else {
            throw DynamicValueError("the offset \(amount) \(unit.rawValue) moves the date out of range")
        }
        return moved
    }
}
