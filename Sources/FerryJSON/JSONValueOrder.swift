/// How queries compare JSON values: numbers by value (`1 == 1.0`), strings by Unicode scalar, objects as
/// unordered sets of members. JSONPath orders only numbers and strings; jq orders every value.
enum JSONValueOrder {
    /// Whether `left` and `right` are the same JSON value.
    static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return compare(a, b) == 0
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(equal)
        case (.object(let a), .object(let b)):
            let keys = Set(a.keys.map { Array($0.unicodeScalars) })
            guard keys == Set(b.keys.map { Array($0.unicodeScalars) }) else { return false }
            return a.members.allSatisfy { member in b[member.key].map { equal(a[member.key] ?? .null, $0) } ?? false }
        default: return false
        }
    }

    /// JSONPath's `<`: numbers by value, strings by Unicode scalar; anything else is unordered (`false`).
    static func less(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)): return compare(a, b) < 0
        case (.string(let a), .string(let b)): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }

    /// jq's total order: null < false < true < numbers < strings < arrays < objects; arrays element by element,
    /// objects by their sorted keys, then by their values in that key order. Negative, zero or positive.
    static func jqCompare(_ left: JSONValue, _ right: JSONValue) -> Int {
        let rank = jqRank(left) - jqRank(right)
        guard rank == 0 else { return rank }
        switch (left, right) {
        case (.number(let a), .number(let b)): return compare(a, b)
        case (.string(let a), .string(let b)): return compareScalars(a, b)
        case (.array(let a), .array(let b)):
            for (x, y) in zip(a, b) {
                let order = jqCompare(x, y)
                if order != 0 { return order }
            }
            return a.count - b.count
        case (.object(let a), .object(let b)):
            let keysA = sortedKeys(a)
            let keysB = sortedKeys(b)
            let keyOrder = jqCompare(.array(keysA.map(JSONValue.string)), .array(keysB.map(JSONValue.string)))
            guard keyOrder == 0 else { return keyOrder }
            for key in keysA {
                let order = jqCompare(a[key] ?? .null, b[key] ?? .null)
                if order != 0 { return order }
            }
            return 0
        default: return 0
        }
    }

    /// An object's distinct keys sorted by Unicode scalar, as jq's `keys` gives them.
    static func sortedKeys(_ object: JSONObject) -> [String] {
        var seen = Set<String>()
        return object.keys.filter { seen.insert($0).inserted }.sorted { compareScalars($0, $1) < 0 }
    }

    private static func jqRank(_ value: JSONValue) -> Int {
        switch value {
        case .null: 0
        case .bool(let flag): flag ? 2 : 1
        case .number: 3
        case .string: 4
        case .array: 5
        case .object: 6
        }
    }

    private static func compareScalars(_ a: String, _ b: String) -> Int {
        if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return 0 }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
    }

    /// Two numbers by value: exactly when both are integers that fit an `Int`, else as doubles.
    static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if a.isInteger, b.isInteger, let x = Int(a.text), let y = Int(b.text) { return x < y ? -1 : (x == y ? 0 : 1) }
        let x = a.doubleValue
        let y = b.doubleValue
        return x < y ? -1 : (x == y ? 0 : 1)
    }
}
