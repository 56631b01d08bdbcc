/// The kinds of body the request editor offers, told apart by the `Content-Type` header and the body text.
///
/// ```swift
/// var request = SavedRequest(method: "POST", url: "{{host}}/post")
/// request.convertBody(to: .form)          // Content-Type: application/x-www-form-urlencoded
/// request.setFormFields([FormField(name: "a", value: "1")])
/// request.bodyKind                         // .form
/// ```
public enum BodyKind: String, CaseIterable, Sendable, Hashable {
    /// No body.
    case none
    /// A JSON document (`Content-Type: application/json`).
    case json
    /// Plain text, or any type the editor has no special form for.
    case text
    /// `application/x-www-form-urlencoded`: `a=1&b=2`, edited as a table of fields.
    case form
    /// `multipart/form-data` in the JetBrains syntax: text fields and `< ./path` file fields.
    case multipart
    /// One file's bytes: the body is a single `< ./path` line.
    case file

    /// The name shown in the editor and the kind picker.
    public var title: String {
        switch self {
        case .none: "None"
        case .json: "JSON"
        case .text: "Text"
        case .form: "Form (urlencoded)"
        case .multipart: "Multipart"
        case .file: "File"
        }
    }

    /// The `Content-Type` a body of this kind gets when the kind is picked (`nil`: none, or keep the one there).
    public var contentType: String? {
        switch self {
        case .none, .file: nil
        case .json: "application/json"
        case .text: "text/plain"
        case .form: "application/x-www-form-urlencoded"
        case .multipart: "multipart/form-data; boundary=\(MultipartBody.defaultBoundary)"
        }
    }
}
