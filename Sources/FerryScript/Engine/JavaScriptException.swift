/// A value a script threw, with what JavaScriptCore knows about where.
struct JavaScriptException: Error {
    /// `String(error)`, such as `TypeError: null is not an object`.
    var message: String
    /// The error's `line` and `column` (as numbered when the script was evaluated), when it has them.
    var line: Int?
    var column: Int?
    /// The error's `sourceURL`: for a syntax error, the source it is in.
    var sourceURL: String?
    /// The error's `stack`: frames `name@sourceURL:line:column`, innermost first.
    var stack: String
    /// The value thrown (valid while the engine keeps it: within the native call or run that caught it).
    nonisolated(unsafe) var value: JavaScriptValue

    init(_ value: JavaScriptValue, in context: JavaScriptContext) {
        self.value = value
        message = context.text(value)
        guard let object = context.object(value) else {
            stack = ""
            return
        }
        let line = context.property("line", of: object)
        let column = context.property("column", of: object)
        self.line = context.isNumber(line) ? Int(exactly: context.double(line).rounded()) : nil
        self.column = context.isNumber(column) ? Int(exactly: context.double(column).rounded()) : nil
        let sourceURL = context.property("sourceURL", of: object)
        self.sourceURL = context.isString(sourceURL) ? context.text(sourceURL) : nil
        let stack = context.property("stack", of: object)
        self.stack = context.isString(stack) ? context.text(stack) : ""
    }
}

/// The innermost frame of `stack` that is in `sourceURL`: its line and column as numbered there.
func innermostFrame(in stack: String, sourceURL: String) -> (line: Int, column: Int)? {
    for frame in stack.split(separator: "\n") {
        guard let at = frame.range(of: "@" + sourceURL + ":") else { continue }
        let numbers = frame[at.upperBound...].split(separator: ":").compactMap { Int($0) }
        if numbers.count == 2 { return (numbers[0], numbers[1]) }
    }
    return nil
}
