import FerryDynamic
import FerryJSON
import FerryWorkbench
import Foundation

/// The native side of the API the prelude builds on: one function, `host(name, ...arguments)`, that runs the
/// host function called `name` (``functions``) for the realm it was made in.
///
/// One function object per realm rather than one per host function: a realm is made for every script, and
/// making two dozen function objects (and their names) was a tenth of a short handler's cost.
enum ScriptHost {
    /// What a host function acts on: the realm's session slot, the engine's generators and its group.
    struct Realm {
        let slot: SessionSlot
        let values: DynamicValues
        let group: OpaquePointer?

        /// The session of the script running now; throws when none runs (a callback kept past its script).
        func session(for name: String) throws(NativeFunctionError) -> ScriptSession {
            guard let session = slot.session else { throw NativeFunctionError(message: "\(name) outside a script") }
            return session
        }
    }

    /// A host function: the call's arguments after the name, and the realm it serves.
    typealias Function =
        @Sendable (JavaScriptContext, [JavaScriptValue?], Realm) throws(NativeFunctionError) -> JavaScriptValue?

    /// The `host` function of a new realm, serving `realm`.
    static func make(in context: JavaScriptContext, functions: NativeFunctionClass, realm: Realm) -> OpaquePointer? {
        functions.make(in: context) { context, arguments throws(NativeFunctionError) in
            let name = arguments.first.map { context.text($0) } ?? ""
            guard let function = Self.functions[name] else {
                throw NativeFunctionError(message: "no host function \(name)")
            }
            return try function(context, Array(arguments.dropFirst()), realm)
        }
    }

    /// Every host function by name: the session's, the engine's (``engineFunctions``) and `$random`'s
    /// (``randomFunctions``).
    static let functions: [String: Function] = sessionFunctions.merging(engineFunctions) { first, _ in first }
        .merging(randomFunctions) { first, _ in first }

    /// The argument at `index` as text; empty when missing.
    static func text(_ arguments: [JavaScriptValue?], _ index: Int, _ context: JavaScriptContext) -> String {
        index < arguments.count ? context.text(arguments[index]) : ""
    }

    private static func optional(_ value: String?, _ context: JavaScriptContext) -> JavaScriptValue? {
        value.map(context.string) ?? context.null
    }

    /// A function of the running script's session.
    private static func withSession(
        _ name: String,
        _ body:
            @escaping @Sendable (JavaScriptContext, [JavaScriptValue?], ScriptSession) throws(NativeFunctionError) ->
            JavaScriptValue?
    ) -> (String, Function) {
        (
            name,
            { context, arguments, realm throws(NativeFunctionError) in
                try body(context, arguments, try realm.session(for: name))
            }
        )
    }

    private static let sessionFunctions: [String: Function] = Dictionary(
        uniqueKeysWithValues: [
            withSession("globalSet") { context, arguments, session in
                session.globals.set(text(arguments, 0, context), text(arguments, 1, context))
                return nil
            },
            withSession("globalGet") { context, arguments, session in
                optional(session.globals[text(arguments, 0, context)], context)
            },
            withSession("globalIsEmpty") { context, _, session in context.boolean(session.globals.isEmpty) },
            withSession("globalClear") { context, arguments, session in
                session.globals.set(text(arguments, 0, context), nil)
                return nil
            },
            withSession("globalClearAll") { _, _, session in
                session.globals.removeAll()
                return nil
            },
            withSession("log") { context, arguments, session in
                session.log.append(text(arguments, 0, context))
                return nil
            },
            withSession("testResult") { context, arguments, session in
                let passed = arguments.count > 1 && context.truthy(arguments[1])
                session.tests.append(
                    ScriptTestResult(
                        name: text(arguments, 0, context), passed: passed,
                        message: passed ? nil : text(arguments, 2, context),
                        location: session.location(stack: text(arguments, 3, context))))
                return nil
            },
            withSession("variableSet") { context, arguments, session throws(NativeFunctionError) in
                guard session.isPreRequest else {
                    throw NativeFunctionError(message: "request.variables.set works only in a pre-request script")
                }
                session.variables[text(arguments, 0, context)] = text(arguments, 1, context)
                return nil
            },
            withSession("variableGet") { context, arguments, session in
                optional(session.variables[text(arguments, 0, context)], context)
            },
            withSession("output") { context, arguments, session in
                session.outputs.append(text(arguments, 0, context))
                return nil
            },
            withSession("environmentGet") { context, arguments, session in
                optional(session.request.environment[text(arguments, 0, context)], context)
            },
            withSession("sleep") { context, arguments, session throws(NativeFunctionError) in
                let milliseconds = Double(text(arguments, 0, context)) ?? 0
                guard milliseconds.isFinite, milliseconds >= 0 else {
                    throw NativeFunctionError(message: "sleep(ms) takes a number of milliseconds, 0 or more")
                }
                guard session.slept + milliseconds <= ScriptSession.sleepLimit else {
                    throw NativeFunctionError(
                        message:
                            "sleep and setTimeout may wait \(Int(ScriptSession.sleepLimit)) ms in all in one script")
                }
                session.slept += milliseconds
                // A script asked to wait (JetBrains' `sleep`): this thread is the script's own.
                Thread.sleep(forTimeInterval: milliseconds / 1000)
                return nil
            },
            withSession("digest") { context, arguments, _ throws(NativeFunctionError) in
                let hex = try CryptoRequest.digest(
                    algorithm: text(arguments, 0, context), partsJSON: text(arguments, 1, context),
                    secretJSON: text(arguments, 2, context))
                return context.string(hex)
            },
            withSession("base64") { context, arguments, _ throws(NativeFunctionError) in
                guard let bytes = ByteEncoding.bytes(hex: text(arguments, 0, context)) else {
                    throw NativeFunctionError(message: "digest is not hex")
                }
                return context.string(
                    ByteEncoding.base64(bytes, urlSafe: arguments.count > 1 && context.truthy(arguments[1])))
            },
            withSession("jsonPath") { context, arguments, _ throws(NativeFunctionError) in
                let result = try ScriptJSONPath.evaluate(
                    json: text(arguments, 0, context), path: text(arguments, 1, context))
                return result.map(context.string) ?? context.undefined
            },
        ])
}
