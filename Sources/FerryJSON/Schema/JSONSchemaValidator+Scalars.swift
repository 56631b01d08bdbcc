import Foundation

/// The keywords of numbers and strings.
extension JSONSchemaValidator {
    mutating func checkNumber(_ number: JSONNumber, _ node: JSONSchemaNode) {
        if let divisor = node.multipleOf, !Self.isMultiple(number, of: divisor) {
            fail("multipleOf", of: node, "\(number) is not a multiple of \(divisor)")
        }
        // OpenAPI 3.0 (as draft 4): a `true` exclusiveMaximum makes `maximum` exclusive.
        if let limit = node.maximum {
            let order = JSONValueOrder.compare(number, limit)
            if node.maximumIsExclusive, order >= 0 {
                fail("maximum", of: node, "\(number) is not less than \(limit)")
            } else if order > 0 {
                fail("maximum", of: node, "\(number) is more than the maximum \(limit)")
            }
        }
        if let limit = node.exclusiveMaximum, JSONValueOrder.compare(number, limit) >= 0 {
            fail("exclusiveMaximum", of: node, "\(number) is not less than \(limit)")
        }
        if let limit = node.minimum {
            let order = JSONValueOrder.compare(number, limit)
            if node.minimumIsExclusive, order <= 0 {
                fail("minimum", of: node, "\(number) is not more than \(limit)")
            } else if order < 0 {
                fail("minimum", of: node, "\(number) is less than the minimum \(limit)")
            }
        }
        if let limit = node.exclusiveMinimum, JSONValueOrder.compare(number, limit) <= 0 {
            fail("exclusiveMinimum", of: node, "\(number) is not more than \(limit)")
        }
    }

    /// Whether `number` is an integer multiple of `divisor`: exactly in decimal when both fit `Decimal`, else in
    /// doubles.
    static func isMultiple(_ number: JSONNumber, of divisor: JSONNumber) -> Bool {
        if let value = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX")),
            let step = Decimal(string: divisor.text, locale: Locale(identifier: "en_US_POSIX")), !step.isZero,
            value.isFinite, step.isFinite, (value / step).isFinite
        {
            var quotient = value / step
            var whole = Decimal()
            NSDecimalRound(&whole, &quotient, 0, .plain)
            return whole == quotient
        }
        let quotient = number.doubleValue / divisor.doubleValue
        return quotient.isFinite && quotient.rounded() == quotient
    }

    mutating func checkString(_ string: String, _ node: JSONSchemaNode) {
        if node.minLength != nil || node.maxLength != nil {
            let length = string.unicodeScalars.count
            if let maximum = node.maxLength, length > maximum {
                fail("maxLength", of: node, "is \(length) characters long, more than \(maximum)")
            }
            if let minimum = node.minLength, length < minimum {
                fail("minLength", of: node, "is \(length) characters long, fewer than \(minimum)")
            }
        }
        if let source = node.pattern {
            if let pattern = cache.pattern(source) {
                let range = NSRange(location: 0, length: string.utf16.count)
                if pattern.firstMatch(in: string, range: range) == nil {
                    fail("pattern", of: node, "\(Self.preview(.string(string))) does not match \(source)")
                }
            } else {
                fail("pattern", of: node, "cannot be checked: the pattern \(source) is not a regular expression")
            }
        }
        if assertsFormat, let format = node.format, let valid = JSONSchemaFormat.check(string, format), !valid {
            fail("format", of: node, "\(Self.preview(.string(string))) is not a valid \(format)")
        }
    }
}
