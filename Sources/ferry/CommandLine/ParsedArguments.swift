import FerryHTTP

/// A command's arguments read against its ``CommandSpec``: the one parser every command shares.
///
/// Options may come before, between or after the positionals, as `--name VALUE`, `--name=VALUE` or
/// `-n VALUE`; `--` ends the options. `-h` or `--help` anywhere asks for the help instead.
struct ParsedArguments {
    /// The declaration the arguments were read against.
    let spec: CommandSpec
    /// The arguments without a dash, in order.
    private(set) var positionals: [String] = []
    /// `-h` or `--help` was given: print the help and do nothing else.
    private(set) var isHelpRequested = false
    /// The values given per option (by long name), in order; a flag given holds one empty value.
    private var given: [String: [String]] = [:]

    /// Reads `arguments` (those after the command's name); throws a message for people.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        let endOfOptions = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if arguments[..<endOfOptions].contains(where: { $0 == "--help" || $0 == "-h" }) {
            isHelpRequested = true
            return
        }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                try addPositionals(remaining)
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                try addPositionals([argument])
                continue
            }
            var word = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                word = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            if word == "-v", spec.option(named: "--var") != nil,
                spec.option(named: "-v") == nil || remaining.first.map(Self.looksLikeAssignment) == true
            {
                throw UsageError(
                    "-v is not --var any more (it is --verbose, as in curl): set a variable with -V NAME=VALUE "
                        + "or --var NAME=VALUE")
            }
            guard let option = spec.option(named: word) else {
                let hint = ClosestName.suggestion(for: word, among: spec.options.map(\.long) + ["--help"])
                throw UsageError("unknown option \(InputExcerpt(word))\(hint)")
            }
            guard option.takesValue else {
                guard attached == nil else { throw UsageError("\(option.long) takes no value") }
                given[option.long, default: []].append("")
                continue
            }
            guard let value = attached ?? remaining.popFirst() else {
                throw UsageError("\(word) needs a value")
            }
            given[option.long, default: []].append(value)
        }
    }

    /// Whether `text` reads as `NAME=VALUE` (a variable name, then `=`): the old `-v NAME=VALUE` form.
    private static func looksLikeAssignment(_ text: String) -> Bool {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return false }
        return text[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// Appends `arguments` as positionals, refusing more than the spec declares.
    private mutating func addPositionals(_ arguments: some Sequence<String>) throws(UsageError) {
        for argument in arguments {
            let declared = spec.positionals
            if positionals.count >= declared.count && declared.last?.isRepeatable != true {
                guard let last = declared.last else {
                    throw UsageError("unexpected argument \(InputExcerpt(argument))")
                }
                throw UsageError("one \(last.title) at a time (\(InputExcerpt(argument)))")
            }
            positionals.append(argument)
        }
    }

    /// Whether the flag `option` was given.
    func flag(_ option: OptionSpec) -> Bool {
        given[option.long] != nil
    }

    /// The last value given for `option`, if any.
    func value(_ option: OptionSpec) -> String? {
        given[option.long]?.last
    }

    /// Every value given for `option`, in order.
    func values(_ option: OptionSpec) -> [String] {
        given[option.long] ?? []
    }

    /// The last value given for `option` converted by `convert`; throws "OPTION expects WHAT, got …" when
    /// `convert` refuses it.
    func value<Value>(
        _ option: OptionSpec, expecting what: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> Value? {
        guard let text = value(option) else { return nil }
        guard let converted = convert(text) else {
            throw UsageError("\(option.long) expects \(what), got \(InputExcerpt(text))")
        }
        return converted
    }

    /// The positional at `index`, if given.
    func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }
}
