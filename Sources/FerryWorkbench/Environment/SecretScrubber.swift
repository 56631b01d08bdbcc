import Foundation

/// Masks the secrets of one send wherever they appear in text that Ferry shows or records: in their own
/// bytes and in the spellings a server is likely to echo them in (JSON string escapes, percent and form
/// encoding, HTML character references, base64 and base64url).
///
/// Build one per send and use it for every line and body of that send: the automaton that finds every spelling
/// of every secret is built once, in ``init(_:)``, in time linear in the secrets' length, and ``scrub(_:)``
/// reads a text in one pass, whose time grows with the text, not with the number or length of the secrets.
/// Secrets shorter than ``minimumLength`` characters are left alone, since masking them (and their spellings)
/// would mangle ordinary text.
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
    /// Finds every spelling of every secret, or `nil` when there is nothing to mask.
    private let automaton: SecretAutomaton?

    /// A scrubber for `secrets`.
    public init(_ secrets: some Sequence<String>) {
        let kept = Set(secrets.filter { $0.count >= Self.minimumLength })
        self.secrets = kept.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        automaton = SecretAutomaton(needles: Self.needles(matching: self.secrets))
    }

    /// A scrubber that masks nothing.
    public static let none = SecretScrubber([String]())

    /// `text` with every spelling of every secret replaced by ``Secrets/mask``: where spellings of several
    /// secrets start at one place the longest secret wins, and the text goes on after the masked spelling.
    public func scrub(_ text: String) -> String {
        guard let automaton, !text.isEmpty else { return text }
        var text = text
        return text.withUTF8 { bytes in
            let starts = automaton.starts(in: bytes)
            guard !starts.isEmpty else { return nil }
            var masked: [UInt8] = []
            masked.reserveCapacity(bytes.count)
            var copied = 0
            for (start, rank) in starts where start >= copied {
                guard let end = automaton.end(of: automaton.needles[rank], from: start, in: bytes) else { continue }
                masked.append(contentsOf: bytes[copied..<start])
                masked.append(contentsOf: Self.maskBytes)
                copied = end
            }
            masked.append(contentsOf: bytes[copied...])
            return String(decoding: masked, as: UTF8.self)
        } ?? text
    }

    /// ``Secrets/mask`` in UTF-8.
    private static let maskBytes = Array(Secrets.mask.utf8)
}
