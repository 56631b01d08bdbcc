/// How much a request matters next to the others of its client, as URLSession's task priority: a value from 0
/// (least) to 1 (most), ``normal`` (0.5) by default.
///
/// Over HTTP/2, libcurl sends it as the stream's weight (``http2Weight``: 1 to 256, ``normal`` is HTTP/2's
/// default of 16), so the server shares the connection's bandwidth in proportion; in an ``HTTPBatch`` waiting
/// for a free slot, requests of higher priority start first. HTTP/1.1 has no such signal.
///
/// ```swift
/// var thumbnail = HTTPRequest(path: "/thumbnail.jpg")
/// thumbnail.priority = .high
/// ```
public struct HTTPRequestPriority: Sendable, Hashable, Comparable {
    /// From 0 (least) to 1 (most).
    public let value: Float

    /// A priority of `value`, held to 0...1 (a NaN is ``normal``).
    public init(_ value: Float) {
        self.value = value.isNaN ? 0.5 : min(1, max(0, value))
    }

    /// 0.25: after the others, such as prefetching.
    public static let low = HTTPRequestPriority(0.25)
    /// 0.5, the default.
    public static let normal = HTTPRequestPriority(0.5)
    /// 0.75: before the others, such as what the user waits for.
    public static let high = HTTPRequestPriority(0.75)

    /// The HTTP/2 stream weight: 1 at 0, 16 (HTTP/2's default) at ``normal``, 256 at 1, linear in between.
    public var http2Weight: Int {
        if value <= 0.5 { return 1 + Int((value / 0.5 * 15).rounded()) }
        return 16 + Int(((value - 0.5) / 0.5 * 240).rounded())
    }

    /// Whether `lhs` comes before `rhs` in the order of importance (lower first).
    public static func < (lhs: HTTPRequestPriority, rhs: HTTPRequestPriority) -> Bool { lhs.value < rhs.value }
}
