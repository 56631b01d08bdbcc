/// The `grpc-timeout` header: at most eight digits and a unit (`H`, `M`, `S`, `m`, `u`, `n`).
public enum GRPCTimeout {
    /// `duration` as a `grpc-timeout` value, in the finest unit whose count fits in eight digits.
    public static func headerValue(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        let units: [(Int64, String)] = [
            (1, "n"), (1000, "u"), (1_000_000, "m"), (1_000_000_000, "S"), (60_000_000_000, "M"),
            (3_600_000_000_000, "H"),
        ]
        for (scale, unit) in units {
            let count = (nanoseconds + scale - 1) / scale
            if count <= 99_999_999 { return "\(count)\(unit)" }
        }
        return "99999999H"
    }
}
