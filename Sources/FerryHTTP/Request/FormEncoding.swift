/// How ``FormParameters`` spell lists and Booleans in a query string or form body; servers disagree
/// (Rails and PHP want `tags[]=a`, some APIs `tags[0]=a` or `flag=1`).
///
/// ```swift
/// var parameters: FormParameters = ["tags": ["a", "b"], "draft": true]
/// parameters.encoded                                    // "tags=a&tags=b&draft=true"
/// parameters.encoding = FormEncoding(lists: .brackets, booleans: .numeric)
/// parameters.encoded                                    // "tags%5B%5D=a&tags%5B%5D=b&draft=1"
/// ```
public struct FormEncoding: Sendable, Hashable {
    /// How a list is spelled.
    public enum Lists: Sendable, Hashable {
        /// The key repeated, once per element: `tags=a&tags=b` (a key already ending in `[]` keeps it).
        case repeatedKey
        /// The key with `[]`, once per element: `tags[]=a&tags[]=b`.
        case brackets
        /// The key with the element's index: `tags[0]=a&tags[1]=b`.
        case indexed
    }

    /// How a Boolean is spelled.
    public enum Booleans: Sendable, Hashable {
        /// `true` and `false`.
        case literal
        /// `1` and `0`.
        case numeric
    }

    /// How lists are spelled; ``Lists/repeatedKey`` by default.
    public var lists: Lists
    /// How Booleans are spelled; ``Booleans/literal`` by default.
    public var booleans: Booleans

    /// An encoding with the given spellings.
    public init(lists: Lists = .repeatedKey, booleans: Booleans = .literal) {
        self.lists = lists
        self.booleans = booleans
    }

    /// Repeated keys and `true`/`false`, as PMHTTP and most servers read them.
    public static let standard = FormEncoding()
}
