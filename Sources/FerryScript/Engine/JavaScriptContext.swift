internal import CJavaScriptCore

/// A JavaScript value held by the engine; nil stands for JavaScript's absent (`NULL`) value.
typealias JavaScriptValue = OpaquePointer

/// The one Swift wrapper of JavaScriptCore's C API: a context and the function table `ferry_jsc_load`
/// resolved. Values it returns live as long as the context keeps them reachable (or `protect`ed).
struct JavaScriptContext {
    let api: UnsafePointer<FerryJSC>
    let ref: OpaquePointer

    var globalObject: OpaquePointer? { api.pointee.contextGetGlobalObject(ref) }
    var undefined: JavaScriptValue? { api.pointee.valueMakeUndefined(ref) }
    var null: JavaScriptValue? { api.pointee.valueMakeNull(ref) }

    func boolean(_ value: Bool) -> JavaScriptValue? { api.pointee.valueMakeBoolean(ref, value) }
    func number(_ value: Double) -> JavaScriptValue? { api.pointee.valueMakeNumber(ref, value) }
    func string(_ text: String) -> JavaScriptValue? { withString(text) { api.pointee.valueMakeString(ref, $0) } }

    /// A new empty object.
    func makeObject() -> OpaquePointer? { api.pointee.objectMake(ref, nil, nil) }

    /// `text` parsed as JSON, or nil when it is not JSON.
    func parseJSON(_ text: String) -> JavaScriptValue? {
        withString(text) { api.pointee.valueMakeFromJSONString(ref, $0) }
    }

    /// `JSON.stringify(value)`, or nil for values JSON cannot hold (undefined, functions, cycles).
    func json(_ value: JavaScriptValue?) -> String? {
        var exception: JavaScriptValue?
        guard let string = api.pointee.valueCreateJSONString(ref, value, 0, &exception) else { return nil }
        defer { api.pointee.stringRelease(string) }
        return swiftString(string)
    }

    func isUndefined(_ value: JavaScriptValue?) -> Bool { value == nil || api.pointee.valueIsUndefined(ref, value) }
    func isNull(_ value: JavaScriptValue?) -> Bool { api.pointee.valueIsNull(ref, value) }
    func isString(_ value: JavaScriptValue?) -> Bool { api.pointee.valueIsString(ref, value) }
    func isNumber(_ value: JavaScriptValue?) -> Bool { api.pointee.valueIsNumber(ref, value) }
    func isObject(_ value: JavaScriptValue?) -> Bool { api.pointee.valueIsObject(ref, value) }
    func truthy(_ value: JavaScriptValue?) -> Bool { api.pointee.valueToBoolean(ref, value) }

    /// `String(value)`; a value whose conversion throws reads as an empty string.
    func text(_ value: JavaScriptValue?) -> String {
        var exception: JavaScriptValue?
        guard let string = api.pointee.valueToStringCopy(ref, value, &exception) else { return "" }
        defer { api.pointee.stringRelease(string) }
        return swiftString(string)
    }

    /// `Number(value)`; NaN when the conversion throws.
    func double(_ value: JavaScriptValue?) -> Double {
        var exception: JavaScriptValue?
        let number = api.pointee.valueToNumber(ref, value, &exception)
        return exception == nil ? number : .nan
    }

    /// `value` as an object, or nil for primitives, null and undefined.
    func object(_ value: JavaScriptValue?) -> OpaquePointer? {
        guard isObject(value) else { return nil }
        var exception: JavaScriptValue?
        return api.pointee.valueToObject(ref, value, &exception)
    }

    /// `object[name]`, or nil when reading it throws.
    func property(_ name: String, of object: OpaquePointer?) -> JavaScriptValue? {
        withString(name) { property(named: $0, of: object) }
    }

    /// `object[name]` for a name made once, or nil when reading it throws.
    func property(_ name: JavaScriptString, of object: OpaquePointer?) -> JavaScriptValue? {
        property(named: name.ref, of: object)
    }

    private func property(named name: OpaquePointer?, of object: OpaquePointer?) -> JavaScriptValue? {
        var exception: JavaScriptValue?
        let value = api.pointee.objectGetProperty(ref, object, name, &exception)
        return exception == nil ? value : nil
    }

    /// `object[name] = value`.
    func setProperty(_ name: String, _ value: JavaScriptValue?, on object: OpaquePointer?) {
        var exception: JavaScriptValue?
        withString(name) { api.pointee.objectSetProperty(ref, object, $0, value, 0, &exception) }
    }

    /// `new Error(message)`.
    func error(_ message: String) -> JavaScriptValue? {
        var exception: JavaScriptValue?
        let arguments: [JavaScriptValue?] = [string(message)]
        return arguments.withUnsafeBufferPointer { api.pointee.objectMakeError(ref, 1, $0.baseAddress, &exception) }
    }

    /// Keeps `value` alive across garbage collections until `unprotect`.
    func protect(_ value: JavaScriptValue?) { api.pointee.valueProtect(ref, value) }
    /// Lets the collector free `value` again.
    func unprotect(_ value: JavaScriptValue?) { api.pointee.valueUnprotect(ref, value) }

    /// Runs `source`, naming it `sourceURL` in stacks and errors, its first line numbered `line`.
    func evaluate(_ source: String, sourceURL: String, line: Int) throws(JavaScriptException) -> JavaScriptValue? {
        let result = withString(source) { script in
            withString(sourceURL) { url in evaluate(script: script, sourceURL: url, line: line) }
        }
        return try result.get()
    }

    /// Runs `source` made once (the prelude), named `sourceURL`, its first line numbered `line`.
    func evaluate(_ source: JavaScriptString, sourceURL: JavaScriptString, line: Int) throws(JavaScriptException)
        -> JavaScriptValue?
    {
        try evaluate(script: source.ref, sourceURL: sourceURL.ref, line: line).get()
    }

    private func evaluate(script: OpaquePointer?, sourceURL: OpaquePointer?, line: Int)
        -> Result<JavaScriptValue?, JavaScriptException>
    {
        var exception: JavaScriptValue?
        let result = api.pointee.evaluateScript(ref, script, nil, sourceURL, Int32(clamping: line), &exception)
        if let exception { return .failure(JavaScriptException(exception, in: self)) }
        return .success(result)
    }

    /// Calls `function` with `arguments` (`this` is undefined).
    func call(_ function: OpaquePointer?, _ arguments: [JavaScriptValue?]) throws(JavaScriptException)
        -> JavaScriptValue?
    {
        var exception: JavaScriptValue?
        let result = arguments.withUnsafeBufferPointer {
            api.pointee.objectCallAsFunction(ref, function, nil, arguments.count, $0.baseAddress, &exception)
        }
        if let exception { throw JavaScriptException(exception, in: self) }
        return result
    }

    private func withString<Result>(_ text: String, _ body: (OpaquePointer?) -> Result) -> Result {
        let string = api.pointee.stringCreateWithUTF8CString(text)
        defer { api.pointee.stringRelease(string) }
        return body(string)
    }

    private func swiftString(_ string: OpaquePointer) -> String {
        let capacity = api.pointee.stringGetMaximumUTF8CStringSize(string)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                let written = api.pointee.stringGetUTF8CString(string, characters.baseAddress, capacity)
                return max(0, written - 1)
            }
        }
    }
}
