/// What one capture of a terminal screen must show at once: texts it contains and texts it must not.
///
/// A full-screen program draws a frame in several writes, so a capture can catch a frame half drawn (its
/// top rows new, the rest still the old frame). A test that waits for one text and then checks others on
/// the same capture can fail on such a frame; waiting until the whole expectation holds on one capture
/// cannot, and still fails (at the deadline) when the program never draws it.
///
/// ```swift
/// let expected = ScreenExpectation(showing: ["Saved requests.http", "● unsaved"], hiding: ["Quit?"])
/// expected.isMet(by: screen)        // every shown text there, no hidden one
/// expected.shortfall(in: screen)    // "lacks \"● unsaved\"" when not
/// ```
public struct ScreenExpectation: Sendable, Equatable, CustomStringConvertible {
    /// Texts the screen must contain.
    public var shown: [String]
    /// Texts the screen must not contain.
    public var hidden: [String]

    /// An expectation that the screen contains every text of `shown` and none of `hidden`.
    public init(showing shown: [String], hiding hidden: [String] = []) {
        self.shown = shown
        self.hidden = hidden
    }

    // MARK: - Checking

    /// Whether `screen` contains every shown text and no hidden one.
    public func isMet(by screen: String) -> Bool {
        shown.allSatisfy { screen.contains($0) } && !hidden.contains { screen.contains($0) }
    }

    /// What `screen` gets wrong (`lacks "a", "b"; still shows "c"`), or `nil` when the expectation is met.
    public func shortfall(in screen: String) -> String? {
        let missing = shown.filter { !screen.contains($0) }
        let extra = hidden.filter { screen.contains($0) }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("lacks " + Self.quoted(missing)) }
        if !extra.isEmpty { parts.append("still shows " + Self.quoted(extra)) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The expectation in words: `a screen showing "a", "b" and not "c"`.
    public var description: String {
        var text = "a screen showing " + (shown.isEmpty ? "anything" : Self.quoted(shown))
        if !hidden.isEmpty { text += " and not " + Self.quoted(hidden) }
        return text
    }

    // MARK: - Internals

    private static func quoted(_ texts: [String]) -> String {
        texts.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
