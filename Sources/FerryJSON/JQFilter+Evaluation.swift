// MARK: - Running a jq filter on a document's tape

/// A jq filter applied to one document, results passed one at a time to a continuation (which returns `false`
/// to stop): walking steps give nodes without materializing anything; computing steps give values.
///
/// Fails like jq where jq fails (indexing a string, iterating a scalar, `keys` of a number), with the column of
/// the step; a query whose work multiplies out of hand (`..|..|..|..`) stops with an error instead of hanging.
final class JQRun {
    /// A continuation: takes one result, returns whether to go on.
    typealias Emit = (JSONQueryResult) throws -> Bool

    private let document: JSONDocument
    private let query: String
    private let collectLimit: Int
    private var work = 0
    private var nextToken = 0

    /// The most results any step may give in one run before it is stopped.
    static let workLimit = 200_000_000

    init(document: JSONDocument, query: String, collectLimit: Int) {
        self.document = document
        self.query = query
        self.collectLimit = collectLimit
    }

    /// Runs `filter` on `input`, passing each result to `emit`; `false` when `emit` stopped it.
    func run(_ filter: JQFilter, _ input: JSONQueryResult, _ emit: Emit) throws -> Bool {
        work += 1
        guard work <= Self.workLimit else { throw Stop(error: failure("the query does too much work", column: 1)) }
        switch filter {
        case .identity:
            return try emit(input)
        case .recurse:
            return try recurse(input, emit)
        case .recurseMember(let name):
            guard case .node(let node) = input else {
                return try recurse(input) { item in
                    guard case .value(.object(let object)) = item,
                        let member = object[String(decoding: name, as: UTF8.self)]
                    else { return true }
                    return try emit(.value(member))
                }
            }
            for descendant in node..<(node + document.subtreeCount(of: node))
            where document.kind(of: descendant) == .object {
                if let member = document.member(named: name, in: descendant) {
                    guard try emit(.node(member)) else { return false }
                }
            }
            return true
        case .member(let key, let column):
            return try emit(try member(key, of: input, column: column))
        case .index(let index, let column):
            return try emit(try element(index, of: input, column: column))
        case .slice(let lower, let upper, let column):
            return try emit(try slice(lower, upper, of: input, column: column))
        case .iterate(let column):
            return try iterate(input, column: column, emit)
        case .pipe(let first, let second):
            return try run(first, input) { try self.run(second, $0, emit) }
        case .comma(let first, let second):
            return try run(first, input, emit) && run(second, input, emit)
        case .alternative(let first, let second):
            var found = false
            let finished = try guarded(first, input, onError: { true }) { item in
                guard self.isTruthy(item) else { return true }
                found = true
                return try emit(item)
            }
            guard finished else { return false }
            return found ? true : try run(second, input, emit)
        case .literal(let value):
            return try emit(.value(value))
        case .comparison(let left, let comparison, let right):
            return try run(right, input) { rightItem in
                try self.run(left, input) { leftItem in
                    let order = JSONValueOrder.jqCompare(
                        self.document.value(of: leftItem), self.document.value(of: rightItem))
                    return try emit(.value(.bool(Self.holds(comparison, order))))
                }
            }
        case .and(let left, let right):
            return try run(left, input) { leftItem in
                guard self.isTruthy(leftItem) else { return try emit(.value(false)) }
                return try self.run(right, input) { try emit(.value(.bool(self.isTruthy($0)))) }
            }
        case .or(let left, let right):
            return try run(left, input) { leftItem in
                guard !self.isTruthy(leftItem) else { return try emit(.value(true)) }
                return try self.run(right, input) { try emit(.value(.bool(self.isTruthy($0)))) }
            }
        case .collect(let inner):
            var values: [JSONValue] = []
            _ = try run(inner, input) { item in
                values.append(self.document.value(of: item))
                guard values.count <= self.collectLimit else {
                    throw Stop(error: self.failure("more than \(self.collectLimit) results", column: 1))
                }
                return true
            }
            return try emit(.value(.array(values)))
        case .optional(let inner):
            return try guarded(inner, input, onError: { true }, emit)
        case .call(let function, let arguments, let column):
            return try call(function, arguments, input, column: column, emit)
        }
    }

    // MARK: - Steps

    private func member(_ key: String, of input: JSONQueryResult, column: Int) throws -> JSONQueryResult {
        switch input {
        case .node(let node):
            switch document.kind(of: node) {
            case .object:
                return document.member(named: Array(key.utf8), in: node).map(JSONQueryResult.node) ?? .value(.null)
            case .null: return .value(.null)
            case let kind:
                throw failure("cannot index \(kind) with \(JSONValue.string(key).formatted(.compact))", column: column)
            }
        case .value(let value):
            switch value {
            case .object(let object): return .value(object[key] ?? .null)
            case .null: return .value(.null)
            default:
                throw failure(
                    "cannot index \(value.kind) with \(JSONValue.string(key).formatted(.compact))", column: column)
            }
        }
    }

    private func element(_ index: Int, of input: JSONQueryResult, column: Int) throws -> JSONQueryResult {
        switch input {
        case .node(let node):
            switch document.kind(of: node) {
            case .array: return document.element(at: index, in: node).map(JSONQueryResult.node) ?? .value(.null)
            case .null: return .value(.null)
            case let kind: throw failure("cannot index \(kind) with number", column: column)
            }
        case .value(let value):
            switch value {
            case .array(let elements):
                let resolved = index < 0 ? elements.count + index : index
                return .value(elements.indices.contains(resolved) ? elements[resolved] : .null)
            case .null: return .value(.null)
            default: throw failure("cannot index \(value.kind) with number", column: column)
            }
        }
    }

    private func slice(_ lower: Int?, _ upper: Int?, of input: JSONQueryResult, column: Int) throws -> JSONQueryResult {
        func clamp(_ count: Int) -> Range<Int> {
            func resolve(_ bound: Int?, _ fallback: Int) -> Int {
                guard let bound else { return fallback }
                return min(max(bound < 0 ? count + bound : bound, 0), count)
            }
            let start = resolve(lower, 0)
            return start..<max(start, resolve(upper, count))
        }
        if case .node(let node) = input, document.kind(of: node) == .array {
            let range = clamp(document.childCount(of: node))
            let picked = document.children(of: node).enumerated().filter { range.contains($0.offset) }
            return .value(.array(picked.map { document.value(at: $0.element) }))
        }
        switch document.value(of: input) {
        case .array(let elements): return .value(.array(Array(elements[clamp(elements.count)])))
        case .string(let string):
            let scalars = Array(string.unicodeScalars)
            var sliced = String.UnicodeScalarView()
            sliced.append(contentsOf: scalars[clamp(scalars.count)])
            return .value(.string(String(sliced)))
        case .null: return .value(.null)
        case let value: throw failure("cannot slice \(value.kind)", column: column)
        }
    }

    private func iterate(_ input: JSONQueryResult, column: Int, _ emit: Emit) throws -> Bool {
        switch input {
        case .node(let node):
            guard document.kind(of: node).isContainer else {
                throw failure("cannot iterate over \(document.kind(of: node))", column: column)
            }
            for child in document.children(of: node) { guard try emit(.node(child)) else { return false } }
            return true
        case .value(let value):
            switch value {
            case .array(let elements):
                for element in elements { guard try emit(.value(element)) else { return false } }
            case .object(let object):
                for member in object.members { guard try emit(.value(member.value)) else { return false } }
            default:
                throw failure("cannot iterate over \(value.kind)", column: column)
            }
            return true
        }
    }

    /// The input and everything under it, depth first (document order).
    private func recurse(_ input: JSONQueryResult, _ emit: Emit) throws -> Bool {
        switch input {
        case .node(let node):
            for descendant in node..<(node + document.subtreeCount(of: node)) {
                work += 1
                guard work <= Self.workLimit else {
                    throw Stop(error: failure("the query does too much work", column: 1))
                }
                guard try emit(.node(descendant)) else { return false }
            }
            return true
        case .value(let value):
            guard try emit(input) else { return false }
            switch value {
            case .array(let elements):
                for element in elements { guard try recurse(.value(element), emit) else { return false } }
            case .object(let object):
                for member in object.members { guard try recurse(.value(member.value), emit) else { return false } }
            default: break
            }
            return true
        }
    }

    /// Runs `inner` on `input` (for `f?` and `a // b`): an error raised inside `inner` ends its results and
    /// `onError` decides what follows; an error raised by `emit`, after it, passes through untouched.
    private func guarded(
        _ inner: JQFilter, _ input: JSONQueryResult, onError: () throws -> Bool, _ emit: Emit
    ) throws -> Bool {
        nextToken += 1
        let token = nextToken
        do {
            return try run(inner, input) { item in
                do { return try emit(item) } catch let error as DownstreamError { throw error } catch let error as Stop
                {
                    throw error
                } catch {
                    throw DownstreamError(token: token, underlying: error)
                }
            }
        } catch let error as DownstreamError {
            guard error.token == token else { throw error }
            throw error.underlying
        } catch let error as Stop {
            throw error
        } catch {
            return try onError()
        }
    }

    private func call(
        _ function: JQFunction, _ arguments: [JQFilter], _ input: JSONQueryResult, column: Int, _ emit: Emit
    ) throws -> Bool {
        switch function {
        case .empty:
            return true
        case .not:
            return try emit(.value(.bool(!isTruthy(input))))
        case .type:
            return try emit(.value(.string(document.kind(of: input).description)))
        case .select:
            return try run(arguments[0], input) { try self.isTruthy($0) ? emit(input) : true }
        case .length:
            return try emit(.value(try length(of: input, column: column)))
        case .keys, .keysUnsorted:
            switch document.value(of: input) {
            case .object(let object):
                let keys = function == .keys ? JSONValueOrder.sortedKeys(object) : object.keys
                return try emit(.value(.array(keys.map(JSONValue.string))))
            case .array(let elements):
                return try emit(.value(.array(elements.indices.map { .number(JSONNumber($0)) })))
            case let value:
                throw failure("\(value.kind) has no keys", column: column)
            }
        case .has:
            return try run(arguments[0], input) { key in
                switch (self.document.value(of: input), self.document.value(of: key)) {
                case (.object(let object), .string(let name)): return try emit(.value(.bool(object[name] != nil)))
                case (.array(let elements), .number(let number)):
                    let index = number.intValue ?? -1
                    return try emit(.value(.bool(elements.indices.contains(index))))
                case (let value, let key):
                    throw self.failure("cannot check whether \(value.kind) has a \(key.kind) key", column: column)
                }
            }
        }
    }

    private func length(of input: JSONQueryResult, column: Int) throws -> JSONValue {
        if case .node(let node) = input, document.kind(of: node).isContainer {
            return .number(JSONNumber(document.childCount(of: node)))
        }
        switch document.value(of: input) {
        case .null: return 0
        case .bool: throw failure("boolean has no length", column: column)
        case .number(let number):
            let magnitude = number.text.hasPrefix("-") ? String(number.text.dropFirst()) : number.text
            return .number(JSONNumber(validated: magnitude))
        case .string(let string): return .number(JSONNumber(string.unicodeScalars.count))
        case .array(let elements): return .number(JSONNumber(elements.count))
        case .object(let object): return .number(JSONNumber(object.count))
        }
    }

    // MARK: - Helpers

    /// jq's truth: everything but `false` and `null`.
    private func isTruthy(_ item: JSONQueryResult) -> Bool {
        switch item {
        case .node(let node):
            switch document.kind(of: node) {
            case .null: return false
            case .bool: return document.value(at: node) == true
            default: return true
            }
        case .value(let value): return value != .null && value != false
        }
    }

    private static func holds(_ comparison: JSONPathComparison, _ order: Int) -> Bool {
        switch comparison {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }

    func failure(_ message: String, column: Int) -> JSONQueryError {
        JSONQueryError(message: message, column: column, query: query)
    }

    /// An error raised after a `?` or `//` (the one whose token it has) by the filters its results went on to,
    /// which that `?` or `//` must not swallow.
    struct DownstreamError: Error {
        var token: Int
        var underlying: any Error
    }

    /// A limit reached: never swallowed by `?` or `//`.
    struct Stop: Error {
        var error: JSONQueryError
    }
}
