import FerryDynamic

/// The native side of `$random`: S2's generators (`DynamicValues`), the same ones the `.http` template
/// resolver uses for `{{$random.*}}`.
extension ScriptHost {
    static let randomFunctions: [String: Function] = {
        func define(
            _ name: String,
            _ body:
                @escaping @Sendable (JavaScriptContext, [Double], DynamicValues) throws(DynamicValueError) ->
                JavaScriptValue?
        ) -> (String, Function) {
            (
                "random_" + name,
                { context, arguments, realm throws(NativeFunctionError) in
                    do throws(DynamicValueError) {
                        return try body(context, arguments.map { context.double($0) }, realm.values)
                    } catch {
                        throw NativeFunctionError(message: "$random.\(name): \(error.message)")
                    }
                }
            )
        }
        let fake: Function = { context, arguments, realm throws(NativeFunctionError) in
            let path = arguments.first.map { context.text($0) } ?? ""
            do throws(DynamicValueError) {
                return context.string(try realm.values.fake(path))
            } catch {
                throw NativeFunctionError(message: error.message)
            }
        }
        let families: Function = { context, _, _ in context.string(fakeFamilies) }
        return Dictionary(
            uniqueKeysWithValues: [
                ("random_fake", fake),
                ("random_fakeFamilies", families),
                define("uuid") { context, _, values in context.string(values.uuid()) },
                define("email") { context, _, values in context.string(values.email()) },
                define("integer") { context, bounds, values throws(DynamicValueError) in
                    context.number(Double(try values.integer(from: try whole(bounds[0]), to: try whole(bounds[1]))))
                },
                define("float") { context, bounds, values throws(DynamicValueError) in
                    context.number(try values.float(from: bounds[0], to: bounds[1]))
                },
                define("alphabetic") { context, length, values throws(DynamicValueError) in
                    context.string(try values.alphabetic(length: try whole(length[0])))
                },
                define("alphanumeric") { context, length, values throws(DynamicValueError) in
                    context.string(try values.alphanumeric(length: try whole(length[0])))
                },
                define("hexadecimal") { context, length, values throws(DynamicValueError) in
                    context.string(try values.hexadecimal(length: try whole(length[0])))
                },
                define("numeric") { context, length, values throws(DynamicValueError) in
                    context.string(try values.numeric(length: try whole(length[0])))
                },
            ])
    }()

    /// `number` as a whole number, its fraction dropped; throws for numbers no `Int` holds.
    private static func whole(_ number: Double) throws(DynamicValueError) -> Int {
        guard let value = Int(exactly: number.rounded(.towardZero)) else {
            throw DynamicValueError("\(number) is not a whole number")
        }
        return value
    }

    /// The Faker families and their members as JSON, for the prelude's `$random.name.firstName` getters: made
    /// once per process.
    private static let fakeFamilies: String = {
        let families = Dictionary(grouping: FakeData.paths) { String($0.prefix { $0 != "." }) }
            .map { family, paths in
                "\"\(family)\":[" + paths.map { "\"\($0.dropFirst(family.count + 1))\"" }.joined(separator: ",") + "]"
            }
        return "{" + families.joined(separator: ",") + "}"
    }()
}
