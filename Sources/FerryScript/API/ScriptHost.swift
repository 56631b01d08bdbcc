import FerryDynamic
import FerryJSON
import FerryWorkbench
import Foundation

/// The native functions the prelude builds the API on, as the properties of one `host` object.
enum ScriptHost {
    /// A host object whose functions act on whatever session `slot` holds when they are called.
    static func make(
        in context: JavaScriptContext, functions: NativeFunctionClass, slot: SessionSlot, values: DynamicValues
    ) -> OpaquePointer? {
        let host = context.makeObject()
        defineRandom(in: context, on: host, functions: functions, values: values)
        func define(
            _ name: String,
            _ body:
                @escaping (JavaScriptContext, [JavaScriptValue?], ScriptSession) throws(NativeFunctionError) ->
                JavaScriptValue?
        ) {
            let function = functions.make(in: context) { context, arguments throws(NativeFunctionError) in
                guard let session = slot.session else { throw NativeFunctionError(message: "\(name) outside a script") }
                return try body(context, arguments, session)
            }
            context.setProperty(name, function, on: host)
        }
        func text(_ arguments: [JavaScriptValue?], _ index: Int, _ context: JavaScriptContext) -> String {
            index < arguments.count ? context.text(arguments[index]) : ""
        }
        func optional(_ value: String?, _ context: JavaScriptContext) -> JavaScriptValue? {
            value.map(context.string) ?? context.null
        }

        define("globalSet") { context, arguments, session in
            session.globals.set(text(arguments, 0, context), text(arguments, 1, context))
            return nil
        }
        define("globalGet") { context, arguments, session in
            optional(session.globals[text(arguments, 0, context)], context)
        }
        define("globalIsEmpty") { context, _, session in context.boolean(session.globals.isEmpty) }
        define("globalClear") { context, arguments, session in
            session.globals.set(text(arguments, 0, context), nil)
            return nil
        }
        define("globalClearAll") { _, _, session in
            session.globals.removeAll()
            return nil
        }
        define("log") { context, arguments, session in
            session.log.append(text(arguments, 0, context))
            return nil
        }
        define("testResult") { context, arguments, session in
            let passed = arguments.count > 1 && context.truthy(arguments[1])
            session.tests.append(
                ScriptTestResult(
                    name: text(arguments, 0, context), passed: passed,
                    message: passed ? nil : text(arguments, 2, context),
                    location: session.location(stack: text(arguments, 3, context))))
            return nil
        }
        define("variableSet") { context, arguments, session throws(NativeFunctionError) in
            guard session.isPreRequest else {
                throw NativeFunctionError(message: "request.variables.set works only in a pre-request script")
            }
            session.variables[text(arguments, 0, context)] = text(arguments, 1, context)
            return nil
        }
        define("variableGet") { context, arguments, session in
            optional(session.variables[text(arguments, 0, context)], context)
        }
        define("output") { context, arguments, session in
            session.outputs.append(text(arguments, 0, context))
            return nil
        }
        define("environmentGet") { context, arguments, session in
            optional(session.request.environment[text(arguments, 0, context)], context)
        }
        define("sleep") { context, arguments, session throws(NativeFunctionError) in
            let milliseconds = Double(text(arguments, 0, context)) ?? 0
            guard milliseconds.isFinite, milliseconds >= 0 else {
                throw NativeFunctionError(message: "sleep(ms) takes a number of milliseconds, 0 or more")
            }
            guard session.slept + milliseconds <= ScriptSession.sleepLimit else {
                throw NativeFunctionError(
                    message: "sleep and setTimeout may wait \(Int(ScriptSession.sleepLimit)) ms in all in one script")
            }
            session.slept += milliseconds
            // A script asked to wait (JetBrains' `sleep`): this thread is the script's own.
            Thread.sleep(forTimeInterval: milliseconds / 1000)
            return nil
        }
        define("digest") { context, arguments, _ throws(NativeFunctionError) in
            let hex = try CryptoRequest.digest(
                algorithm: text(arguments, 0, context), partsJSON: text(arguments, 1, context),
                secretJSON: text(arguments, 2, context))
            return context.string(hex)
        }
        define("base64") { context, arguments, _ throws(NativeFunctionError) in
            guard let bytes = ByteEncoding.bytes(hex: text(arguments, 0, context)) else {
                throw NativeFunctionError(message: "digest is not hex")
            }
            return context.string(
                ByteEncoding.base64(bytes, urlSafe: arguments.count > 1 && context.truthy(arguments[1])))
        }
        define("jsonPath") { context, arguments, _ throws(NativeFunctionError) in
            let result = try ScriptJSONPath.evaluate(
                json: text(arguments, 0, context), path: text(arguments, 1, context))
            return result.map(context.string) ?? context.undefined
        }
        return host
    }
}
