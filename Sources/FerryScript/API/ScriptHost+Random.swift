import FerryDynamic

/// The native side of `$random`: S2's generators (`DynamicValues`), the same ones the `.http` template
/// resolver uses for `{{$random.*}}`.
extension ScriptHost {
    static func defineRandom(
        in context: JavaScriptContext, on host: OpaquePointer?, functions: NativeFunctionClass, values: DynamicValues
    ) {
        func define(
            _ name: String,
            _ body: @escaping (JavaScriptContext, [Double]) throws(DynamicValueError) -> JavaScriptValue?
        ) {
            let function = functions.make(in: context) { context, arguments throws(NativeFunctionError) in
                do throws(DynamicValueError) {
                    return try body(context, arguments.map { context.double($0) })
                } catch {
                    throw NativeFunctionError(message: "$random.\(name): \(error.message)")
                }
            }
            context.setProperty("random_" + name, function, on: host)
        }
        func whole(_ number: Double) throws(DynamicValueError) -> Int {
            guard let value = Int(exactly: number.rounded(.towardZero)) else {
                throw DynamicValueError("\(number) is not a whole number")
            }
            return value
        }
        let fake = functions.make(in: context) { context, arguments throws(NativeFunctionError) in
            let path = arguments.first.map { context.text($0) } ?? ""
            do throws(DynamicValueError) {
                return context.string(try values.fake(path))
            } catch {
                throw NativeFunctionError(message: error.message)
            }
        }
        context.setProperty("random_fake", fake, on: host)
        context.setProperty("random_fakeFamilies", context.string(fakeFamilies), on: host)
        define("uuid") { context, _ in context.string(values.uuid()) }
        define("email") { context, _ in context.string(values.email()) }
        define("integer") { context, bounds throws(DynamicValueError) in
            context.number(Double(try values.integer(from: try whole(bounds[0]), to: try whole(bounds[1]))))
        }
        define("float") { context, bounds throws(DynamicValueError) in
            context.number(try values.float(from: bounds[0], to: bounds[1]))
        }
        define("alphabetic") { context, length throws(DynamicValueError) in
            context.string(try values.alphabetic(length: try whole(length[0])))
        }
        define("alphanumeric") { context, length throws(DynamicValueError) in
            context.string(try values.alphanumeric(length: try whole(length[0])))
        }
        define("hexadecimal") { context, length throws(DynamicValueError) in
            context.string(try values.hexadecimal(length: try whole(length[0])))
        }
        define("numeric") { context, length throws(DynamicValueError) in
            context.string(try values.numeric(length: try whole(length[0])))
        }
    }

    /// The Faker families and their members as JSON, for the prelude's `$random.name.firstName` getters: made
    /// once, as every realm installs it.
    private static let fakeFamilies: String = {
        let families = Dictionary(grouping: FakeData.paths) { String($0.prefix { $0 != "." }) }
            .map { family, paths in
                "\"\(family)\":[" + paths.map { "\"\($0.dropFirst(family.count + 1))\"" }.joined(separator: ",") + "]"
            }
        return "{" + families.joined(separator: ",") + "}"
    }()
}
