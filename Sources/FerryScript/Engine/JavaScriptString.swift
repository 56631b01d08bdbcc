internal import CJavaScriptCore

/// Text made into the engine's own string once and kept, for text handed to the engine again and again (the
/// prelude's source, the controller's method names): making one converts its UTF-8, which for the prelude
/// cost a fifth of a short handler when done for each realm. Immutable; the engine's string is released with
/// the object.
final class JavaScriptString {
    private let api: UnsafePointer<FerryJSC>
    /// The engine's string.
    let ref: OpaquePointer?

    /// `text` as the engine's string.
    init(_ text: String, api: UnsafePointer<FerryJSC>) {
        self.api = api
        ref = api.pointee.stringCreateWithUTF8CString(text)
    }

    deinit { api.pointee.stringRelease(ref) }
}
