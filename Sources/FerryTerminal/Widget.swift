/// A type that draws itself into an area of a screen buffer.
///
/// Widgets are values built fresh for every frame from the app's state; they never keep the buffer.
///
/// ```swift
/// struct Greeting: Widget {
///     func render(into buffer: inout ScreenBuffer, area: Rect) {
///         buffer.set(string: "hello", at: area.origin, clippedTo: area)
///     }
/// }
/// ```
public protocol Widget {
    /// Draws into `area` of `buffer`; nothing may be drawn outside `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect)
}
