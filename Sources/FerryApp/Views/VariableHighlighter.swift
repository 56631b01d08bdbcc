import FerryTerminal
import FerryWorkbench
import Foundation

/// Splits text with `{{variables}}` into spans: known variables in the accent colour, unknown ones
/// flagged (error colour, underlined) so they are seen before sending.
enum VariableHighlighter {
    /// The spans of `text`, given the variables in scope.
    static func spans(_ text: String, context: VariableContext, base: Style, theme: Theme) -> [Span] {
        var spans: [Span] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { spans.append(Span(String(rest[..<open.lowerBound]), style: base)) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                spans.append(Span(String(rest[open.lowerBound...]), style: base))
                return spans
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let known = name.hasPrefix("$") || context.lookup(name) != nil
            let style = known ? theme[.accent] : theme[.error].adding(.underline)
            spans.append(Span(String(rest[open.lowerBound..<close.upperBound]), style: style))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { spans.append(Span(String(rest), style: base)) }
        return spans
    }

    /// The names of `{{variables}}` in `text` that have no value.
    static func unresolved(in text: String, context: VariableContext) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.hasPrefix("$") && context.lookup(name) == nil && !names.contains(name) { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return names
    }
}
