/// Finds where the needles of a ``SecretScrubber`` start in a text, in their own bytes or spelled as an echo
/// (``EchoSpelling``), with one pass over the text whatever the needles' number and length.
///
/// An Aho–Corasick automaton over the needles' UTF-8 bytes read backwards, run from the end of the text to its
/// start: a match reported at a place is a needle that starts there. The text is read as a lattice rather than
/// as one string: from each place the literal byte leads one place on and a spelling (`%2F`, `\u00e9`, `&amp;`)
/// leads past itself, so each place holds the automaton states of every reading of the text after it. A state
/// whose string is a suffix of another's (an ancestor in the failure tree) can only ever report what the other
/// reports, so only the deepest readings are kept: one state almost everywhere, a few where a needle holds the
/// `\`, `%` or `&` that the text spells both ways.
///
/// Where needles start, and which of them wins there, is all the automaton says; where a match ends depends on
/// how the text spells it, and ``end(of:from:in:)`` follows the needle from its start, literal bytes first,
/// as the regular expression this replaced did.
final class SecretAutomaton: Sendable {
    /// The needles' bytes by rank: where several match at one place the lowest rank wins.
    let needles: [[UInt8]]
    /// The children of the root by byte (`0` for none: the root is no one's child).
    private let rootChildren: [Int32]
    /// Each node's first child, the next child of its parent, and the byte that leads to it (`0` for none).
    private let firstChild: [Int32]
    private let nextSibling: [Int32]
    private let edgeByte: [UInt8]
    /// The node of the longest proper suffix of each node's string that is in the trie.
    private let failure: [Int32]
    /// The lowest rank of the needles that end at a node or at a node down its failure links (`Int32.max` for
    /// none): the needle that wins where the node is reached.
    private let bestRank: [Int32]
    /// Each node's interval in a pre-order of the failure tree: `w` is on `v`'s failure path when `v`'s entry is
    /// in `w`'s interval.
    private let entry: [Int32]
    private let exit: [Int32]

    /// An automaton for `needles` in rank order; `nil` when there are none.
    init?(needles: [String]) {
        guard !needles.isEmpty else { return nil }
        self.needles = needles.map { Array($0.utf8) }
        var rootChildren = [Int32](repeating: 0, count: 256)
        var firstChild: [Int32] = [0]
        var nextSibling: [Int32] = [0]
        var edgeByte: [UInt8] = [0]
        var ownRank: [Int32] = [.max]
        for (rank, needle) in self.needles.enumerated() {
            var node: Int32 = 0
            for byte in needle.reversed() {
                var next =
                    node == 0 ? rootChildren[Int(byte)] : Self.child(of: node, byte, firstChild, nextSibling, edgeByte)
                if next == 0 {
                    next = Int32(firstChild.count)
                    firstChild.append(0)
                    edgeByte.append(byte)
                    ownRank.append(.max)
                    if node == 0 {
                        rootChildren[Int(byte)] = next
                        nextSibling.append(0)
                    } else {
                        nextSibling.append(firstChild[Int(node)])
                        firstChild[Int(node)] = next
                    }
                }
                node = next
            }
            ownRank[Int(node)] = min(ownRank[Int(node)], Int32(rank))
        }

        // Failure links breadth first: a node's failure is shallower, so it is done before the node.
        let count = firstChild.count
        var failure = [Int32](repeating: 0, count: count)
        var bestRank = ownRank
        var order = rootChildren.filter { $0 != 0 }
        order.reserveCapacity(count)
        var head = 0
        while head < order.count {
            let node = order[head]
            head += 1
            var child = firstChild[Int(node)]
            while child != 0 {
                let byte = edgeByte[Int(child)]
                var suffix = failure[Int(node)]
                var target: Int32 = 0
                while true {
                    target =
                        suffix == 0
                        ? rootChildren[Int(byte)] : Self.child(of: suffix, byte, firstChild, nextSibling, edgeByte)
                    if target != 0 || suffix == 0 { break }
                    suffix = failure[Int(suffix)]
                }
                failure[Int(child)] = target
                bestRank[Int(child)] = min(ownRank[Int(child)], bestRank[Int(target)])
                order.append(child)
                child = nextSibling[Int(child)]
            }
        }

        // The failure tree's pre-order intervals: sizes from the deepest nodes up, then slots from the root down.
        var size = [Int32](repeating: 1, count: count)
        for node in order.reversed() { size[Int(failure[Int(node)])] += size[Int(node)] }
        var entry = [Int32](repeating: 0, count: count)
        var nextSlot = [Int32](repeating: 1, count: count)
        for node in order {
            let parent = Int(failure[Int(node)])
            entry[Int(node)] = nextSlot[parent]
            nextSlot[parent] += size[Int(node)]
            nextSlot[Int(node)] = entry[Int(node)] + 1
        }
        self.rootChildren = rootChildren
        self.firstChild = firstChild
        self.nextSibling = nextSibling
        self.edgeByte = edgeByte
        self.failure = failure
        self.bestRank = bestRank
        self.entry = entry
        self.exit = (0..<count).map { entry[$0] + size[$0] }
    }

    /// The child of `node` (not the root) along `byte`, or `0`.
    @inline(__always)
    private static func child(
        of node: Int32, _ byte: UInt8, _ firstChild: [Int32], _ nextSibling: [Int32], _ edgeByte: [UInt8]
    ) -> Int32 {
        var child = firstChild[Int(node)]
        while child != 0, edgeByte[Int(child)] != byte { child = nextSibling[Int(child)] }
        return child
    }

    // MARK: - Finding

    /// Where needles start in `text`, in order, each with the rank of the needle that wins there.
    func starts(in text: UnsafeBufferPointer<UInt8>) -> [(start: Int, rank: Int)] {
        var walker = Walker(automaton: self)
        // The states at each place: a node, or `-(k + 1)` for the several nodes of `several[k]`.
        var states = [Int32](repeating: 0, count: text.count + 1)
        var several: [[Int32]] = []
        var gathered: [Int32] = []
        var found: [(start: Int, rank: Int)] = []
        var place = text.count - 1
        while place >= 0 {
            let byte = text[place]
            let after = states[place + 1]
            let spelling = EchoSpelling.mayStart(byte) ? EchoSpelling.at(place, in: text) : nil
            var state: Int32
            if after >= 0, spelling == nil {
                state = walker.step(after, byte)
            } else {
                gathered.removeAll(keepingCapacity: true)
                for node in Self.nodes(states[place + 1], several) { gathered.append(walker.step(node, byte)) }
                if let spelling {
                    for node in Self.nodes(states[place + spelling.length], several) {
                        var reached = node
                        for index in stride(from: spelling.count - 1, through: 0, by: -1) {
                            reached = walker.step(reached, spelling.byte(index))
                        }
                        gathered.append(reached)
                    }
                }
                keepDeepest(&gathered)
                if gathered.count == 1 {
                    state = gathered[0]
                } else {
                    state = -Int32(several.count + 1)
                    several.append(gathered)
                }
            }
            states[place] = state
            let rank = state >= 0 ? bestRank[Int(state)] : several[Int(-state - 1)].map { bestRank[Int($0)] }.min()!
            if rank != .max { found.append((place, Int(rank))) }
            place -= 1
        }
        return found.reversed()
    }

    /// The nodes a place holds.
    private static func nodes(_ state: Int32, _ several: [[Int32]]) -> ArraySlice<Int32> {
        state >= 0 ? [state][...] : several[Int(-state - 1)][...]
    }

    /// `nodes` without duplicates and without any node on another's failure path (it reports nothing more).
    private func keepDeepest(_ nodes: inout [Int32]) {
        guard nodes.count > 1 else { return }
        nodes.sort { entry[Int($0)] < entry[Int($1)] }
        var kept: [Int32] = []
        for (index, node) in nodes.enumerated() {
            let isAncestorOfNext = index + 1 < nodes.count && entry[Int(nodes[index + 1])] < exit[Int(node)]
            if !isAncestorOfNext { kept.append(node) }
        }
        nodes = kept
    }

    /// Steps through the automaton, remembering the results of long walks down failure links: on a lattice the
    /// same deep state can be stepped from more than once, which a single reading never does.
    private struct Walker {
        let automaton: SecretAutomaton
        var remembered: [Int: Int32] = [:]

        /// The state after `byte` from `node`.
        @inline(__always)
        mutating func step(_ node: Int32, _ byte: UInt8) -> Int32 {
            var current = node
            var hops = 0
            var checkpoints: [Int32] = []
            while true {
                if current == 0 { return finish(automaton.rootChildren[Int(byte)], checkpoints, byte) }
                let child = SecretAutomaton.child(
                    of: current, byte, automaton.firstChild, automaton.nextSibling, automaton.edgeByte)
                if child != 0 { return finish(child, checkpoints, byte) }
                current = automaton.failure[Int(current)]
                hops += 1
                if hops % 16 == 0 {
                    if let known = remembered[Int(current) << 8 | Int(byte)] { return finish(known, checkpoints, byte) }
                    checkpoints.append(current)
                }
            }
        }

        /// `result`, remembered as the step from each checkpoint of a long walk.
        private mutating func finish(_ result: Int32, _ checkpoints: [Int32], _ byte: UInt8) -> Int32 {
            for node in checkpoints { remembered[Int(node) << 8 | Int(byte)] = result }
            return result
        }
    }

    // MARK: - Where a match ends

    /// Where `needle`, known to start at `start`, ends: the end of its first reading, each character read as
    /// its literal bytes before its spelling (a `%25` in the text reads as `%`, `2`, `5` before it reads as `%`).
    func end(of needle: [UInt8], from start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        // Depth first; a reading that failed from a (needle index, place) is not tried again from there.
        var stack: [(index: Int, place: Int, tried: Int)] = [(0, start, 0)]
        var failed = Set<Int>()
        let width = text.count + 1
        while let top = stack.last {
            if top.index == needle.count { return top.place }
            stack[stack.count - 1].tried += 1
            var next: (index: Int, place: Int)?
            switch top.tried {
            case 0:
                if top.place < text.count, text[top.place] == needle[top.index] {
                    next = (top.index + 1, top.place + 1)
                }
            case 1:
                if top.place < text.count, EchoSpelling.mayStart(text[top.place]),
                    let spelling = EchoSpelling.at(top.place, in: text), top.index + spelling.count <= needle.count,
                    (0..<spelling.count).allSatisfy({ spelling.byte($0) == needle[top.index + $0] })
                {
                    next = (top.index + spelling.count, top.place + spelling.length)
                }
            default:
                failed.insert(top.index * width + top.place)
                stack.removeLast()
            }
            if let next, failed.isEmpty || !failed.contains(next.index * width + next.place) {
                stack.append((next.index, next.place, 0))
            }
        }
        return nil
    }
}
