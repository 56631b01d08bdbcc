internal import CJavaScriptCore
import Foundation

/// A message a native function throws into the script as `new Error(message)`, or a value it throws on as
/// it is (an exception the engine raised in a nested call).
struct NativeFunctionError: Error {
    var message: String
    nonisolated(unsafe) var thrown: JavaScriptValue? = nil
}

/// A Swift closure callable from JavaScript.
typealias NativeFunctionBody = (JavaScriptContext, [JavaScriptValue?]) throws(NativeFunctionError) -> JavaScriptValue?

/// The closure a native function object carries as its private data.
private final class NativeFunctionBox {
    let body: NativeFunctionBody
    init(_ body: @escaping NativeFunctionBody) { self.body = body }
}

/// The JavaScript class whose objects are callable Swift closures: a call runs the box's closure, and
/// the collector's finalize releases it.
final class NativeFunctionClass {
    private let api: UnsafePointer<FerryJSC>
    private let className: UnsafeMutablePointer<CChar>?
    let ref: OpaquePointer?

    init(api: UnsafePointer<FerryJSC>) {
        self.api = api
        className = strdup("FerryNativeFunction")
        var definition = JSClassDefinition()
        definition.className = UnsafePointer(className)
        definition.callAsFunction = { context, function, _, count, arguments, exception in
            let api = ferry_jsc()
            guard let context, let function,
                let box = api.pointee.objectGetPrivate(function)
            else { return nil }
            let body = Unmanaged<NativeFunctionBox>.fromOpaque(box).takeUnretainedValue().body
            let javaScript = JavaScriptContext(api: api, ref: context)
            let values = (0..<count).map { arguments?[$0] }
            do throws(NativeFunctionError) {
                return try body(javaScript, values) ?? javaScript.undefined
            } catch {
                exception?.pointee = error.thrown ?? javaScript.error(error.message)
                return nil
            }
        }
        definition.finalize = { object in
            let api = ferry_jsc()
            guard let object, let box = api.pointee.objectGetPrivate(object) else { return }
            Unmanaged<NativeFunctionBox>.fromOpaque(box).release()
        }
        ref = api.pointee.classCreate(&definition)
    }

    deinit {
        api.pointee.classRelease(ref)
        free(className)
    }

    /// A function object that runs `body`.
    func make(in context: JavaScriptContext, _ body: @escaping NativeFunctionBody) -> OpaquePointer? {
        let box = Unmanaged.passRetained(NativeFunctionBox(body)).toOpaque()
        return api.pointee.objectMake(context.ref, ref, box)
    }
}
