import Foundation
import Testing

/// The checks that a copy-on-write type still behaves as a plain struct: copies stay independent, and `==`
/// and `hashValue` are those of a struct comparing and hashing every field. Shared by the `HTTPRequest` and
/// `HTTPResponse` tests; each check records its failures at the caller's line.
enum ValueSemanticsChecks<Value: CopyOnWriteSubject> {
    // MARK: - Copies stay independent

    /// Changing a copy leaves the original and another copy as they were.
    static func changingACopyLeavesTheOriginalAndOtherCopies(
        _ change: ValueChange<Value>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let original = Value.testBase()
        let before = original.storedProperties
        let otherCopy = original
        var copy = original
        change.apply(&copy)

        #expect(original.storedProperties == before, sourceLocation: sourceLocation)
        #expect(otherCopy.storedProperties == before, sourceLocation: sourceLocation)
        #expect(copy.storedProperties != before, sourceLocation: sourceLocation)
        #expect(copy != original, sourceLocation: sourceLocation)
        #expect(otherCopy == original, sourceLocation: sourceLocation)
    }

    /// Changing the original leaves its copy and the copy's copy as they were.
    static func changingTheOriginalLeavesItsCopies(
        _ change: ValueChange<Value>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var original = Value.testBase()
        let before = original.storedProperties
        let copy = original
        let copyOfCopy = copy
        change.apply(&original)

        #expect(copy.storedProperties == before, sourceLocation: sourceLocation)
        #expect(copyOfCopy.storedProperties == before, sourceLocation: sourceLocation)
        #expect(original.storedProperties != before, sourceLocation: sourceLocation)
    }

    /// Guards the changes: each alters exactly one stored property, together they alter all of them, and
    /// there are `count` stored properties (one added later without a change fails this).
    static func changesCoverEveryStoredProperty(count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let baseProperties = Value.testBase().storedProperties
        var changed = Set<Int>()
        for change in Value.testChanges {
            var value = Value.testBase()
            change.apply(&value)
            let properties = value.storedProperties
            let differing = properties.indices.filter { properties[$0] != baseProperties[$0] }
            #expect(differing.count == 1, "\(change.property) changed \(differing)", sourceLocation: sourceLocation)
            changed.formUnion(differing)
        }
        #expect(changed == Set(baseProperties.indices), sourceLocation: sourceLocation)
        #expect(baseProperties.count == count, sourceLocation: sourceLocation)
    }

    // MARK: - Equality and hashing

    /// `==` and `hashValue` agree with comparing and hashing field by field over `variedValues(plus:)`.
    static func equalityAndHashingAgreeWithFieldByFieldComparison(
        plus extra: [Value], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let values = variedValues(plus: extra)
        let properties = values.map(\.storedProperties)
        var disagreements: [String] = []
        for (i, lhs) in values.enumerated() {
            if lhs.hashValue != lhs.synthesizedHash { disagreements.append("hash of #\(i)") }
            for (j, rhs) in values.enumerated() {
                let fieldsEqual = properties[i] == properties[j]
                if (lhs == rhs) != fieldsEqual { disagreements.append("== of #\(i) and #\(j)") }
                if fieldsEqual, lhs.hashValue != rhs.hashValue { disagreements.append("hash of #\(i) and #\(j)") }
            }
        }
        #expect(disagreements.isEmpty, sourceLocation: sourceLocation)
        #expect(Set(values).count == Set(properties).count, sourceLocation: sourceLocation)
    }

    /// The base built twice, `extra`, each change of the base and each pair of changes: values that differ in
    /// one or two fields, some built separately with the same fields.
    static func variedValues(plus extra: [Value]) -> [Value] {
        let base = Value.testBase()
        var values = [base, Value.testBase()] + extra
        let changes = Value.testChanges
        for (i, first) in changes.enumerated() {
            var once = base
            first.apply(&once)
            values.append(once)
            for second in changes[i...] {
                var twice = once
                second.apply(&twice)
                values.append(twice)
            }
        }
        return values
    }
}

/// One result slot per worker of a `DispatchQueue.concurrentPerform`, behind an `NSLock`: a pthread mutex,
/// which ThreadSanitizer follows (it does not see the futex inside `Synchronization.Mutex` on Linux and
/// reports its users as racing).
final class WorkerSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    /// `count` empty slots.
    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Fills slot `index`.
    func set(_ index: Int, _ value: Value) { lock.withLock { slots[index] = value } }

    /// Every slot, in order.
    var values: [Value?] { lock.withLock { slots } }
}
