internal import CJavaScriptCore
import FerryWorkbench

/// Opens JavaScriptCore on first use (`dlopen`), so processes that never run a script never map it.
enum JavaScriptLibrary {
    /// The environment variable that names another library file (for a JavaScriptCore elsewhere, or to
    /// test what happens when it is missing).
    static let pathVariable = "FERRY_JSC_LIBRARY"

    /// The resolved function table, or an `engineMissing` error saying what to install.
    static func load() -> Result<UnsafePointer<FerryJSC>, ScriptError> {
        var message = [CChar](repeating: 0, count: 512)
        let loaded = message.withUnsafeMutableBufferPointer { ferry_jsc_load($0.baseAddress, $0.count) }
        guard loaded else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(ScriptError(message: text, location: nil, kind: .engineMissing))
        }
        return .success(ferry_jsc())
    }
}
