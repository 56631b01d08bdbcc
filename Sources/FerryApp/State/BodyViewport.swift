/// Where the user is in a response body: the cursor row, the first row shown, and the `/` search or query
/// filter with its matches. Kept apart from the transfer's facts (``Exchange``) so that a new body resets
/// all of it at once, and no match or cursor outlives the rows it pointed at.
struct BodyViewport: Sendable, Equatable {
    /// The body view's cursor row.
    var cursor = 0
    /// The first body row shown.
    var scroll = 0
    /// The first column shown of every body line (horizontal scrolling, while lines are not wrapped).
    var column = 0
    /// The active `/` filter or search text.
    var search = ""
    /// What matches the search, in order: JSON nodes, or text lines.
    var matches: [Int] = []
    /// How many rows match the text search in all (more than `matches` holds when it was capped).
    var matchTotal = 0
    /// The match the cursor is on.
    var matchIndex = 0
    /// Why the search could not run, if it could not.
    var searchError: String?
    /// The FerryJSON query filter listed instead of the tree, while one is active.
    var filter: JSONFilter?
}
