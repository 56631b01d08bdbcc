/// One `###`-delimited part of an `.http` file: its source bytes and the request it holds, if any.
///
/// The first section is what comes before the first `###` line (it may be empty). A section
/// without a request line holds only comments, variables or scripts.
public struct HTTPFileSection: Sendable, Hashable {
    /// The section's bytes exactly as read, separator line and line endings included; empty
    /// once the section was edited (it is then written from ``request``).
    public internal(set) var source: [UInt8]
    /// The 1-based line of the section's first line in the file.
    public internal(set) var firstLine: Int
    /// Whether the section starts with a `###` line.
    public internal(set) var hasSeparator: Bool
    /// The request in this section, if it has a request line.
    public internal(set) var request: SavedRequest?
    /// The preamble of a section that has no request (comments, variables, scripts).
    public internal(set) var looseItems: [PreambleItem]
    /// Whether the section was edited since it was read, so it is written from the model.
    public internal(set) var isEdited: Bool
}
