/// Prefix sums over per-node counts with O(log n) update, prefix and k-th lookup (a binary indexed tree).
struct FenwickTree: Sendable {
    /// 1-based partial sums.
    private var sums: [Int32]
    /// The largest power of two not above the count, for the k-th search.
    private let topBit: Int

    /// The number of entries.
    var count: Int { sums.count - 1 }

    /// A tree over `units`: entry `i` at `units[i + 1]`, `units[0]` unused; built in place in O(n).
    init(units: consuming [Int32]) {
        var sums = units
        let count = sums.count - 1
        sums.withUnsafeMutableBufferPointer { sums in
            for index in 1..<sums.count {
                let parent = index + (index & -index)
                if parent < sums.count { sums[parent] &+= sums[index] }
            }
        }
        self.sums = sums
        var bit = 1
        while bit * 2 <= count { bit *= 2 }
        topBit = count == 0 ? 0 : bit
    }

    /// Adds `delta` to the entry at `position` (0-based).
    mutating func add(_ delta: Int32, at position: Int) {
        var index = position + 1
        while index < sums.count {
            sums[index] &+= delta
            index += index & -index
        }
    }

    /// The sum of the entries before `position` (0-based, exclusive).
    func prefixSum(upTo position: Int) -> Int {
        var index = position
        var total = 0
        while index > 0 {
            total += Int(sums[index])
            index -= index & -index
        }
        return total
    }

    /// The smallest position whose inclusive prefix sum exceeds `rank` (0-based), i.e. the entry that holds
    /// the `rank`-th unit; entries must be non-negative.
    func position(ofRank rank: Int) -> Int {
        var index = 0
        var remaining = rank
        var bit = topBit
        while bit > 0 {
            let next = index + bit
            if next < sums.count, Int(sums[next]) <= remaining {
                index = next
                remaining -= Int(sums[next])
            }
            bit >>= 1
        }
        return index
    }
}
