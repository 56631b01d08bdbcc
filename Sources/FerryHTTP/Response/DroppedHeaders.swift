/// The headers of a request left out of one redirect hop because the hop left the request's origin (its
/// scheme, host and port): credentials, cookies and every header marked sensitive
/// (``HTTPRequest/sensitiveHeaders``).
public struct DroppedHeaders: Sendable, Hashable {
    /// The names of the headers dropped, as the request spelled them.
    public var names: [String]
    /// The origin the request was addressed to, such as `https://api.example.com`.
    public var origin: String
    /// The origin of the hop, such as `http://cdn.example.net:8080`.
    public var hopOrigin: String

    /// A record of `names` dropped on the hop from `origin` to `hopOrigin`.
    public init(names: [String], origin: String, hopOrigin: String) {
        self.names = names
        self.origin = origin
        self.hopOrigin = hopOrigin
    }

    /// `X-Api-Key, Cookie dropped: the redirect left https://a for http://b`.
    public var summary: String {
        names.joined(separator: ", ") + " dropped: the redirect left \(origin) for \(hopOrigin)"
    }
}
