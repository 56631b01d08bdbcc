/// A load written short, as `ferry run`'s options and the workbench's load prompt take it.
extension LoadModel {
    /// How many requests an open load lets wait for their answers at once when nothing else says.
    public static let defaultInFlight = 1000

    /// The load `spec` describes: a duration (`30s`, `500ms`, `2m`), then either a number of senders (`8`: each
    /// sends, waits for the answer and sends again) or a rate (`200/s`: that many a second, at most
    /// ``defaultInFlight`` waiting at once); a duration alone is one sender. `nil` when `spec` is not one.
    ///
    /// ```swift
    /// LoadModel(spec: "30s 8")     // .closed(concurrency: 8, duration: .seconds(30))
    /// LoadModel(spec: "1m 200/s")  // .open(perSecond: 200, duration: .seconds(60), inFlight: 1000)
    /// ```
    public init?(spec: String) {
        let words = spec.split(whereSeparator: \.isWhitespace).map(String.init)
        guard (1...2).contains(words.count), let duration = Self.duration(words[0]) else { return nil }
        guard words.count == 2 else {
            self = .closed(concurrency: 1, duration: duration)
            return
        }
        if words[1].hasSuffix("/s") {
            guard let rate = Self.count(String(words[1].dropLast(2))) else { return nil }
            self = .open(perSecond: rate, duration: duration, inFlight: Self.defaultInFlight)
        } else {
            guard let senders = Self.count(words[1]) else { return nil }
            self = .closed(concurrency: senders, duration: duration)
        }
    }

    /// `30s`, `500ms`, `2m` or a number of seconds: more than zero and at most a day; `nil` for anything else.
    public static func duration(_ text: String) -> Duration? {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        let (number, scale) =
            units.first { text.hasSuffix($0.suffix) }.map { (String(text.dropLast($0.suffix.count)), $0.scale) }
            ?? (text, 1)
        guard let value = Double(number), value > 0, value * scale <= 86_400 else { return nil }
        return .milliseconds(Int((value * scale * 1000).rounded()))
    }

    /// A whole number of 1 or more, at most a million.
    private static func count(_ text: String) -> Int? {
        Int(text).flatMap { (1...1_000_000).contains($0) ? $0 : nil }
    }
}
