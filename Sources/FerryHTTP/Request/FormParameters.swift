/// Ordered parameters for a query string or an `application/x-www-form-urlencoded` body.
///
/// Encoded the way PMHTTP does (see ``FormParameters/encoded``): nested dictionaries become
/// `a[b]=`, arrays and sets become repeated keys, a key ending in `[]` keeps its brackets; ``encoding`` picks
/// other spellings for lists and Booleans.
///
/// ```swift
/// let parameters: FormParameters = ["q": "swift curl", "tags": ["a", "b"], "page": ["size": "10"]]
/// parameters.encoded   // "q=swift%20curl&tags=a&tags=b&page%5Bsize%5D=10"
/// ```
public struct FormParameters: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One parameter.
    public typealias Element = (key: String, value: FormValue)

    private var entries: [Entry]
    /// How lists and Booleans are spelled, in these parameters and those nested in them
    /// (``FormEncoding/standard`` unless set).
    public var encoding: FormEncoding

    /// Parameters in the given order.
    public init(_ parameters: [(key: String, value: FormValue)] = []) {
        entries = parameters.map { Entry(key: $0.key, value: $0.value) }
        encoding = .standard
    }

    /// Parameters from a dictionary, ordered by key so the encoding is stable.
    public init(_ dictionary: [String: FormValue]) {
        entries = dictionary.sorted { $0.key < $1.key }.map { Entry(key: $0.key, value: $0.value) }
        encoding = .standard
    }

    /// Parameters from a literal, in the order written.
    public init(dictionaryLiteral elements: (String, FormValue)...) {
        entries = elements.map { Entry(key: $0.0, value: $0.1) }
        encoding = .standard
    }

    /// Whether there are no parameters.
    public var isEmpty: Bool { entries.isEmpty }

    /// Appends a parameter (keys may repeat).
    public mutating func append(_ key: String, _ value: FormValue) { entries.append(Entry(key: key, value: value)) }

    /// The parameters in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        entries.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    /// Equal when the same keys and values appear in the same order, spelled with the same encoding.
    public static func == (lhs: FormParameters, rhs: FormParameters) -> Bool {
        lhs.entries == rhs.entries && lhs.encoding == rhs.encoding
    }

    /// Hashes keys and values in order, and the encoding.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(encoding)
    }

    private struct Entry: Sendable, Hashable {
        var key: String
        var value: FormValue
    }
}

/// A parameter value: a string, a Boolean, a list (repeated keys) or a nested dictionary (`key[sub]`).
public indirect enum FormValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A single value.
    case string(String)
    /// A Boolean, spelled as ``FormEncoding/booleans`` says.
    case bool(Bool)
    /// Values sent once per element, the key spelled as ``FormEncoding/lists`` says (repeated by default).
    case list([FormValue])
    /// Values sent as `key[subkey]=value`.
    case dictionary(FormParameters)

    /// A set of strings, sent as repeated keys in sorted order so the encoding is stable.
    public static func set(_ values: Set<String>) -> FormValue { .list(values.sorted().map(FormValue.string)) }

    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value, sent in decimal.
    public init(integerLiteral value: Int) { self = .string(String(value)) }
    /// A Boolean value, sent as `true` or `false` (or `1` and `0`: ``FormEncoding/Booleans/numeric``).
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A list of values from a literal.
    public init(arrayLiteral elements: FormValue...) { self = .list(elements) }
    /// A nested dictionary from a literal, in the order written.
    public init(dictionaryLiteral elements: (String, FormValue)...) {
        self = .dictionary(FormParameters(elements.map { (key: $0.0, value: $0.1) }))
    }
}
