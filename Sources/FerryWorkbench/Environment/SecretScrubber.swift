import Foundation

/// Masks the secrets of one send wherever they appear in text that Ferry shows or records: in their own
/// bytes and in the spellings a server is likely to echo them in (JSON string escapes, percent and form
/// encoding, HTML character references, base64 and base64url).
///
/// Build one per send and use it for every line and body of that send: the matching pattern is compiled
/// once, in ``init(_:)``. Secrets shorter than ``minimumLength`` characters are left alone, since masking
/// them (and their spellings) would mangle ordinary text.
///
/// ```swift
/// let scrubber = SecretScrubber(["s3cr&t"])
/// scrubber.scrub(#"{"args": {"key": "s3cr\u0026t"}, "url": "/anything?key=s3cr%26t"}"#)
/// // {"args": {"key": "••••••"}, "url": "/anything?key=••••••"}
/// ```
public struct SecretScrubber: Sendable {
    /// The shortest secret that is masked, in characters.
    public static let minimumLength = 3

    /// The secrets masked, longest first, without duplicates or those too short to mask.
    public let secrets: [String]
    /// One alternation over every spelling of every secret, or `nil` when there is nothing to mask.
    private let pattern: NSRegularExpression?

    /// A scrubber for `secrets`.
    public init(_ secrets: some Sequence<String>) {
        let kept = Set(secrets.filter { $0.count >= Self.minimumLength })
        self.secrets = kept.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        pattern = Self.pattern(matching: self.secrets)
    }

    /// A scrubber that masks nothing.
    public static let none = SecretScrubber([String]())

    /// `text` with every spelling of every secret replaced by ``Secrets/mask``.
    public func scrub(_ text: String) -> String {
        guard let pattern, !text.isEmpty else { return text }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return pattern.stringByReplacingMatches(
            in: text, range: range, withTemplate: NSRegularExpression.escapedTemplate(for: Secrets.mask))
    }
}
