/// The name a mistyped command or option most likely meant (`sned` → `send`, `--verbos` → `--verbose`), for
/// usage errors that suggest it.
enum ClosestName {
    /// The candidate closest to `word`, when it is close enough to be the one meant: at most two edits (a
    /// character added, removed or changed, or two neighbours swapped) and fewer than half of `word`'s
    /// characters; `nil` otherwise, or when two candidates are equally close.
    static func to(_ word: String, among candidates: [String]) -> String? {
        let limit = min(2, (word.count - 1) / 2)
        let scored = candidates.map { (name: $0, distance: distance(word, $0)) }.filter { $0.distance <= limit }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return scored.filter { $0.distance == best.distance }.count == 1 ? best.name : nil
    }

    /// The number of edits from `a` to `b` (characters added, removed or changed; two neighbours swapped
    /// count as one), compared case-insensitively.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let change = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + change)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// ` (did you mean X?)` for the candidate closest to `word`, or nothing.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        to(word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}
