/// A named use of colour in the UI; a `Theme` maps each role to a style.
///
/// Raw values are the keys used in `Themes/*.json`.
public enum ThemeRole: String, CaseIterable, Hashable, Sendable {
    // MARK: Surfaces and text
    /// The screen background (its `bg`) and default text.
    case background
    /// Ordinary text.
    case text
    /// Secondary text: hints, placeholders, line numbers.
    case muted
    /// Pane borders.
    case border
    /// The border of the pane that has the keyboard.
    case focusedBorder
    /// The selected row or text.
    case selection
    /// The status bar at the bottom.
    case statusBar
    /// Highlights: titles, key hints, links.
    case accent
    /// Errors.
    case error
    /// Warnings.
    case warning
    /// Success messages.
    case success

    // MARK: JSON
    /// JSON object keys.
    case jsonKey
    /// JSON strings.
    case jsonString
    /// JSON numbers.
    case jsonNumber
    /// JSON `true` and `false`.
    case jsonBoolean
    /// JSON `null`.
    case jsonNull

    // MARK: HTTP methods
    /// `GET`.
    case methodGet
    /// `POST`.
    case methodPost
    /// `PUT`.
    case methodPut
    /// `PATCH`.
    case methodPatch
    /// `DELETE`.
    case methodDelete
    /// `HEAD`, `OPTIONS` and custom methods.
    case methodOther

    // MARK: Status classes
    /// 1xx responses.
    case status1xx
    /// 2xx responses.
    case status2xx
    /// 3xx responses.
    case status3xx
    /// 4xx responses.
    case status4xx
    /// 5xx responses.
    case status5xx

    // MARK: Timing phases
    /// DNS lookup.
    case timingDNS
    /// TCP connect.
    case timingConnect
    /// TLS handshake.
    case timingTLS
    /// Waiting for the first byte.
    case timingWaiting
    /// Receiving the body.
    case timingDownload

    // MARK: Syntax
    /// Header names (`Content-Type:`), in the response's headers and highlighted bodies.
    case headerName
    /// Header values.
    case headerValue
    /// Punctuation of a highlighted body: JSON's `{ } [ ] , :`, XML's `< > /`.
    case punctuation
    /// XML and HTML tag names.
    case markupTag
    /// XML and HTML attribute names.
    case markupAttribute
    /// XML and HTML comments, `<!DOCTYPE>` and processing instructions.
    case markupComment

    /// Whether a bare colour for this role in a theme file means the background rather than the text colour.
    public var colorIsBackground: Bool {
        switch self {
        case .background, .selection, .statusBar: return true
        default: return false
        }
    }
}
