import FerryJSON

/// The event the user selected in a live event stream (↑/↓), with its JSON data as a tree they expand and
/// collapse (Enter toggles the root, → and ← a level); new events arriving do not move it.
struct EventSelection: Sendable {
    /// The selected event's number among all that arrived (0 is the first), so arrivals keep it in place.
    var ordinal: Int
    /// The selected event's data as a tree, when it is a JSON object or array.
    var tree: JSONTree?
    /// How many levels of `tree` are expanded (`0`: the root is collapsed).
    var depth: Int

    /// The selection of event `ordinal` of `events`, its JSON data fully expanded; `nil` when it is no longer
    /// kept.
    init?(ordinal: Int, in events: EventsSoFar) {
        let index = ordinal - (events.count - events.latest.count)
        guard events.latest.indices.contains(index) else { return nil }
        self.ordinal = ordinal
        let bytes = Array(events.latest[index].event.data.utf8)
        if let document = try? JSONDocument(parsing: bytes),
            document.kind(of: document.root).isContainer
        {
            depth = document.nodeCount <= 5_000 ? Int.max : 2
            tree = JSONTree(document: document, expandedDepth: depth)
        } else {
            depth = 0
            tree = nil
        }
    }

    /// Expands (`step` 1) or collapses (`step` -1) one level, or toggles the root (`step` 0).
    mutating func reshape(_ step: Int) {
        guard let document = tree?.document else { return }
        let deepest = max(1, maxDepth(document))
        var level = min(depth, deepest)
        switch step {
        case 0: level = level == 0 ? deepest : 0
        default: level = max(0, min(deepest, level + step))
        }
        depth = level
        tree = JSONTree(document: document, expandedDepth: level)
    }

    /// How deep the containers of `document` go (1: only the root is a container).
    private func maxDepth(_ document: JSONDocument) -> Int {
        var deepest = 0
        for node in 0..<document.nodeCount where document.kind(of: node).isContainer {
            var depth = 1
            var current = node
            while let parent = document.parent(of: current) {
                depth += 1
                current = parent
            }
            deepest = max(deepest, depth)
        }
        return deepest
    }
}
