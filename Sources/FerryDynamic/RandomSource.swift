import Foundation

/// Where dynamic values get their randomness: the system's generator in use, a seeded one in tests.
public protocol RandomSource: Sendable {
    /// The next 64 random bits.
    func next() -> UInt64
}

/// The operating system's cryptographically secure generator.
public struct SystemRandomSource: RandomSource {
    /// Creates the source.
    public init() {}

    /// The next 64 random bits from the system.
    public func next() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}

/// A reproducible source (SplitMix64) for tests: the same seed gives the same values.
public final class SeededRandomSource: RandomSource, @unchecked Sendable {
    // `state` is only read and written under `lock`.
    private var state: UInt64
    private let lock = NSLock()

    /// Creates a source that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 bits of the sequence.
    public func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Adapts a ``RandomSource`` to the standard library's generator protocol, for `Int.random(in:using:)`.
struct RandomSourceGenerator: RandomNumberGenerator {
    let source: any RandomSource

    mutating func next() -> UInt64 { source.next() }
}
