/// ASCII case folding on bytes, for names compared for every request and response (header names, schemes), where
/// Foundation's case-insensitive comparison costs thousands of instructions a call.
enum ASCII {
    /// `byte` with an ASCII capital letter made small; any other byte as it is.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// Whether `bytes` spell `lowercase` (ASCII, no capital letter) in any case. Bytes outside ASCII never match;
    /// Unicode's folding agrees for every name without a `k` (only the Kelvin sign folds to an ASCII letter).
    static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        return zip(bytes, expected).allSatisfy { lowercased($0) == $1 }
    }
}
