/// Colours for every UI role, loaded from `Themes/*.json` or built in.
///
/// ```swift
/// let theme = Theme.fallback.fitted(to: .ansi16)
/// buffer.set(string: "GET", at: origin, style: theme[.methodGet])
/// ```
public struct Theme: Hashable, Sendable {
    /// The theme's name, as shown in the UI and given to `--theme`.
    public var name: String
    /// The style of each role; roles a file leaves out come from `Theme.fallback`.
    public var styles: [ThemeRole: Style]

    /// Creates a theme; missing roles take the fallback's styles.
    public init(name: String, styles: [ThemeRole: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style for `role`.
    public subscript(role: ThemeRole) -> Style {
        styles[role] ?? Theme.builtInDark[role] ?? .plain
    }

    /// The style for the status class of an HTTP status code (1xx–5xx); other codes get `error`.
    public func style(forStatus code: Int) -> Style {
        switch code {
        case 100..<200: return self[.status1xx]
        case 200..<300: return self[.status2xx]
        case 300..<400: return self[.status3xx]
        case 400..<500: return self[.status4xx]
        case 500..<600: return self[.status5xx]
        default: return self[.error]
        }
    }

    /// The style for an HTTP method name.
    public func style(forMethod method: String) -> Style {
        switch method.uppercased() {
        case "GET": return self[.methodGet]
        case "POST": return self[.methodPost]
        case "PUT": return self[.methodPut]
        case "PATCH": return self[.methodPatch]
        case "DELETE": return self[.methodDelete]
        default: return self[.methodOther]
        }
    }

    // MARK: - Fitting to the terminal

    /// The theme with every colour fitted to `depth`. On a monochrome terminal (or with `NO_COLOR`)
    /// roles that rely on a background (selection, status bar) switch to reverse video and the focused
    /// border to bold, so they stay visible.
    public func fitted(to depth: ColorDepth) -> Theme {
        var fitted = Theme(name: name, styles: [:])
        for role in ThemeRole.allCases {
            var style = self[role].degraded(to: depth)
            if depth == .monochrome {
                switch role {
                case .selection, .statusBar: style.modifiers.insert(.reverse)
                case .focusedBorder, .accent, .error: style.modifiers.insert(.bold)
                default: break
                }
            }
            fitted.styles[role] = style
        }
        return fitted
    }

    /// The colour depth to use given the terminal's depth and the environment: `NO_COLOR` (any
    /// non-empty value, see no-color.org) means monochrome.
    public static func effectiveDepth(terminal depth: ColorDepth, environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        return depth
    }
}
