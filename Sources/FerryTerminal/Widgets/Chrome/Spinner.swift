/// The frames of the busy spinner shown while something is in flight, one per animation tick.
///
/// ```swift
/// Span("\(Spinner.frame(at: state.tick)) Sending…")
/// ```
public enum Spinner {
    /// The animation frames, in order.
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame for animation step `tick` (any integer: the frames repeat).
    public static func frame(at tick: Int) -> Character {
        frames[((tick % frames.count) + frames.count) % frames.count]
    }
}
