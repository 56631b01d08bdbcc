// MARK: - Evaluation

extension JSONQuery {
    /// Applies the query to `input` and returns every result, in order.
    ///
    /// Fails like jq where jq fails: indexing a string or a number, iterating a scalar, `keys` of a scalar.
    /// Stops a query whose results multiply out of hand (`.. | .. | ..`) with an error instead of hanging.
    public func evaluate(_ input: JSONValue, maximumResults: Int = 1_000_000) throws(JSONQueryError) -> [JSONValue] {
        var stream = [input]
        for step in steps {
            var next: [JSONValue] = []
            for value in stream {
                try apply(step, to: value, into: &next)
                guard next.count <= maximumResults else {
                    throw failure("more than \(maximumResults) results", step)
                }
            }
            stream = next
        }
        return stream
    }

    func apply(_ step: Step, to value: JSONValue, into output: inout [JSONValue]) throws(JSONQueryError) {
        switch step.operation {
        case .key(let key):
            switch value {
            case .object(let object): output.append(object[key] ?? .null)
            case .null: output.append(.null)
            default: throw failure("cannot index \(value.kind) with \(JSONValue.string(key))", step)
            }
        case .index(let index):
            switch value {
            case .array(let elements):
                let resolved = index < 0 ? elements.count + index : index
                output.append(elements.indices.contains(resolved) ? elements[resolved] : .null)
            case .null: output.append(.null)
            default: throw failure("cannot index \(value.kind) with number", step)
            }
        case .slice(let lower, let upper):
            switch value {
            case .array(let elements):
                output.append(.array(Array(elements[Self.clamp(lower, upper, count: elements.count)])))
            case .string(let string):
                let characters = Array(string)
                output.append(.string(String(characters[Self.clamp(lower, upper, count: characters.count)])))
            case .null: output.append(.null)
            default: throw failure("cannot slice \(value.kind)", step)
            }
        case .iterate:
            switch value {
            case .array(let elements): output.append(contentsOf: elements)
            case .object(let object): output.append(contentsOf: object.members.map(\.value))
            default: throw failure("cannot iterate over \(value.kind)", step)
            }
        case .recurse(let key):
            Self.descend(value, key: key, into: &output)
        case .length:
            switch value {
            case .null: output.append(0)
            case .bool: throw failure("boolean has no length", step)
            case .number(let number):
                let magnitude = number.text.hasPrefix("-") ? String(number.text.dropFirst()) : number.text
                output.append(.number(JSONNumber(validated: magnitude)))
            case .string(let string): output.append(.number(JSONNumber(string.unicodeScalars.count)))
            case .array(let elements): output.append(.number(JSONNumber(elements.count)))
            case .object(let object): output.append(.number(JSONNumber(object.count)))
            }
        case .keys:
            switch value {
            case .object(let object): output.append(.array(object.keys.map(JSONValue.string)))
            case .array(let elements): output.append(.array(elements.indices.map { .number(JSONNumber($0)) }))
            default: throw failure("\(value.kind) has no keys", step)
            }
        }
    }

    /// Depth first, the value before its children: every value (`key == nil`) or every member named `key`.
    private static func descend(_ value: JSONValue, key: String?, into output: inout [JSONValue]) {
        switch value {
        case .array(let elements):
            if key == nil { output.append(value) }
            for element in elements { descend(element, key: key, into: &output) }
        case .object(let object):
            if let key {
                if let member = object[key] { output.append(member) }
            } else {
                output.append(value)
            }
            for member in object.members { descend(member.value, key: key, into: &output) }
        default:
            if key == nil { output.append(value) }
        }
    }

    private static func clamp(_ lower: Int?, _ upper: Int?, count: Int) -> Range<Int> {
        func resolve(_ bound: Int?, default fallback: Int) -> Int {
            guard let bound else { return fallback }
            return min(max(bound < 0 ? count + bound : bound, 0), count)
        }
        let start = resolve(lower, default: 0)
        return start..<max(start, resolve(upper, default: count))
    }

    func failure(_ message: String, _ step: Step) -> JSONQueryError {
        JSONQueryError(message: message, column: step.column, query: text)
    }
}
