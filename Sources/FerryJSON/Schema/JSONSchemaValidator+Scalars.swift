import Foundation

/// The keywords of numbers and strings.
extension JSONSchemaValidator {
    mutating func checkNumber(_ number: JSONNumber, _ schema: JSONObject, _ location: String) {
        if let divisor = schema["multipleOf"]?.numberValue, !Self.isMultiple(number, of: divisor) {
            fail("multipleOf", at: location, "\(number) is not a multiple of \(divisor)")
        }
        // OpenAPI 3.0 (as draft 4): a `true` exclusiveMaximum makes `maximum` exclusive.
        let exclusiveMaximum = schema["exclusiveMaximum"] == .bool(true)
        let exclusiveMinimum = schema["exclusiveMinimum"] == .bool(true)
        if let limit = schema["maximum"]?.numberValue {
            let order = JSONValueOrder.compare(number, limit)
            if exclusiveMaximum, order >= 0 {
                fail("maximum", at: location, "\(number) is not less than \(limit)")
            } else if order > 0 {
                fail("maximum", at: location, "\(number) is more than the maximum \(limit)")
            }
        }
        if let limit = schema["exclusiveMaximum"]?.numberValue, JSONValueOrder.compare(number, limit) >= 0 {
            fail("exclusiveMaximum", at: location, "\(number) is not less than \(limit)")
        }
        if let limit = schema["minimum"]?.numberValue {
            let order = JSONValueOrder.compare(number, limit)
            if exclusiveMinimum, order <= 0 {
                fail("minimum", at: location, "\(number) is not more than \(limit)")
            } else if order < 0 {
                fail("minimum", at: location, "\(number) is less than the minimum \(limit)")
            }
        }
        if let limit = schema["exclusiveMinimum"]?.numberValue, JSONValueOrder.compare(number, limit) <= 0 {
            fail("exclusiveMinimum", at: location, "\(number) is not more than \(limit)")
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

    mutating func checkString(_ string: String, _ schema: JSONObject, _ location: String) {
        let minimum = schema["minLength"]?.intValue
        let maximum = schema["maxLength"]?.intValue
        if minimum != nil || maximum != nil {
            let length = string.unicodeScalars.count
            if let maximum, length > maximum {
                fail("maxLength", at: location, "is \(length) characters long, more than \(maximum)")
            }
            if let minimum, length < minimum {
                fail("minLength", at: location, "is \(length) characters long, fewer than \(minimum)")
            }
        }
        if let source = schema["pattern"]?.stringValue {
            if let pattern = cache.pattern(source) {
                let range = NSRange(location: 0, length: string.utf16.count)
                if pattern.firstMatch(in: string, range: range) == nil {
                    fail("pattern", at: location, "\(Self.preview(.string(string))) does not match \(source)")
                }
            } else {
                fail("pattern", at: location, "cannot be checked: the pattern \(source) is not a regular expression")
            }
        }
        if assertsFormat, let format = schema["format"]?.stringValue,
            let valid = JSONSchemaFormat.check(string, format),
            !valid
        {
            fail("format", at: location, "\(Self.preview(.string(string))) is not a valid \(format)")
        }
    }
}
