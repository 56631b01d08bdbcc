extension Theme {
    // MARK: - Built-in theme

    /// The theme used when no theme file can be read: the same colours as `Themes/ferry-dark.json`.
    public static let fallback = Theme(name: "ferry-dark", styles: builtInDark)

    static let builtInDark: [ThemeRole: Style] = {
        func fg(_ hex: UInt32, _ modifiers: Modifiers = []) -> Style {
            Style(fg: .rgb(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF)), modifiers: modifiers)
        }
        func rgb(_ hex: UInt32) -> Color { .rgb(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF)) }
        return [
            .background: Style(fg: rgb(0xCDD6F4), bg: rgb(0x1E1E2E)),
            .text: fg(0xCDD6F4),
            .muted: fg(0x7F849C),
            .border: fg(0x585B70),
            .focusedBorder: fg(0x89B4FA, .bold),
            .selection: Style(fg: rgb(0x1E1E2E), bg: rgb(0x89B4FA)),
            .statusBar: Style(fg: rgb(0xCDD6F4), bg: rgb(0x313244)),
            .accent: fg(0xF5C2E7),
            .error: fg(0xF38BA8, .bold),
            .warning: fg(0xF9E2AF),
            .success: fg(0xA6E3A1),
            .jsonKey: fg(0x89B4FA),
            .jsonString: fg(0xA6E3A1),
            .jsonNumber: fg(0xFAB387),
            .jsonBoolean: fg(0xCBA6F7),
            .jsonNull: fg(0x7F849C, .italic),
            .methodGet: fg(0xA6E3A1, .bold),
            .methodPost: fg(0xF9E2AF, .bold),
            .methodPut: fg(0x89B4FA, .bold),
            .methodPatch: fg(0x94E2D5, .bold),
            .methodDelete: fg(0xF38BA8, .bold),
            .methodOther: fg(0xCBA6F7, .bold),
            .status1xx: fg(0x94E2D5),
            .status2xx: fg(0xA6E3A1, .bold),
            .status3xx: fg(0x89DCEB, .bold),
            .status4xx: fg(0xF9E2AF, .bold),
            .status5xx: fg(0xF38BA8, .bold),
            .timingDNS: fg(0x94E2D5),
            .timingConnect: fg(0x89B4FA),
            .timingTLS: fg(0xCBA6F7),
            .timingWaiting: fg(0xF9E2AF),
            .timingDownload: fg(0xA6E3A1),
            .headerName: fg(0x89B4FA),
            .headerValue: fg(0xCDD6F4),
            .punctuation: fg(0x7F849C),
            .markupTag: fg(0x89B4FA),
            .markupAttribute: fg(0xFAB387),
            .markupComment: fg(0x7F849C, .italic),
        ]
    }()
}
