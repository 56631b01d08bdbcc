/// Reads one `.proto` file (proto3, proto2 and editions syntax) into a ``ProtoFileSyntax``: packages, imports,
/// messages with nested types, fields (`repeated`, `optional`, `required`, maps, `oneof`, proto2 groups),
/// enums and services. Options are read where Ferry needs them (`packed`, `json_name`) and stepped over
/// elsewhere; `extend` blocks, `extensions` and `reserved` are stepped over. Errors carry file:line:column.
struct ProtoParser {
    /// How deep messages may nest inside messages (protoc has no limit; hostile text must not exhaust the stack).
    static let maximumNesting = 64

    private let tokens: [ProtoToken]
    private let file: String
    private var index = 0

    private init(tokens: [ProtoToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    /// The syntax of `text`, the file being named `name`.
    static func parse(_ text: String, name: String) throws(ProtoSourceError) -> ProtoFileSyntax {
        var parser = ProtoParser(tokens: try ProtoLexer.tokens(of: text, file: name), file: name)
        return try parser.parseFile()
    }

    // MARK: Tokens

    private var current: ProtoToken? { index < tokens.count ? tokens[index] : nil }

    private func error(_ message: String, at token: ProtoToken? = nil) -> ProtoSourceError {
        if let token = token ?? current {
            return ProtoSourceError(message, file: file, line: token.line, column: token.column)
        }
        let last = tokens.last
        return ProtoSourceError(
            message, file: file, line: last?.line ?? 1, column: (last?.column ?? 0) + (last?.text.count ?? 0))
    }

    private func describeCurrent() -> String {
        guard let current else { return "the end of the file" }
        return current.kind == .string ? "a string" : "'\(current.text.prefix(40))'"
    }

    private func isAt(_ text: String) -> Bool {
        guard let current else { return false }
        return current.text == text && (current.kind == .symbol || current.kind == .identifier)
    }

    private mutating func take(_ text: String) -> Bool {
        guard isAt(text) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ text: String, _ what: String? = nil) throws(ProtoSourceError) {
        guard take(text) else { throw error("expected \(what ?? "'\(text)'"), found \(describeCurrent())") }
    }

    private mutating func identifier(_ what: String) throws(ProtoSourceError) -> ProtoToken {
        guard let token = current, token.kind == .identifier else {
            throw error("expected \(what), found \(describeCurrent())")
        }
        index += 1
        return token
    }

    /// `a.b.c`, with a leading dot when `allowsLeadingDot` and one is written.
    private mutating func dottedName(_ what: String, allowsLeadingDot: Bool = false) throws(ProtoSourceError)
        -> String
    {
        var name = allowsLeadingDot && take(".") ? "." : ""
        name += try identifier(what).text
        while isAt("."), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
            index += 1
            name += "." + (try identifier(what).text)
        }
        return name
    }

    private mutating func string(_ what: String) throws(ProtoSourceError) -> String {
        guard let token = current, token.kind == .string else {
            throw error("expected \(what), found \(describeCurrent())")
        }
        var text = ""
        while let next = current, next.kind == .string {
            text += next.text
            index += 1
        }
        return text
    }

    /// A signed integer literal within `range`.
    private mutating func integer(_ what: String, in range: ClosedRange<Int64>) throws(ProtoSourceError) -> Int64 {
        let start = current
        let isNegative = take("-")
        guard let token = current, token.kind == .integer, let magnitude = ProtoLiteral.integer(token.text) else {
            throw error("expected \(what), found \(describeCurrent())")
        }
        index += 1
        let value: Int64? =
            isNegative
            ? (magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil)
            : (magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil)
        guard let value, range.contains(value) else {
            throw error("\(what) must be from \(range.lowerBound) to \(range.upperBound)", at: start)
        }
        return value
    }

    // MARK: File

    private mutating func parseFile() throws(ProtoSourceError) -> ProtoFileSyntax {
        var syntax = ProtoFileSyntax(name: file)
        var isFirstStatement = true
        while let token = current {
            defer { isFirstStatement = false }
            if take(";") { continue }
            guard token.kind == .identifier else {
                throw error(
                    "expected a top-level statement (message, enum, service, import, …), found \(describeCurrent())")
            }
            switch token.text {
            case "syntax", "edition":
                guard isFirstStatement else { throw error("\(token.text) must be the file's first statement") }
                index += 1
                try expect("=")
                let value = try string("the syntax (\"proto3\" or \"proto2\")")
                if token.text == "syntax" {
                    guard value == "proto2" || value == "proto3" else {
                        throw error("unknown syntax \"\(value)\" (expected \"proto2\" or \"proto3\")", at: token)
                    }
                    syntax.syntax = value
                } else {
                    syntax.syntax = "editions"
                }
                try expect(";")
            case "package":
                index += 1
                guard syntax.package.isEmpty else { throw error("a second package statement", at: token) }
                syntax.package = try dottedName("the package name")
                try expect(";")
            case "import":
                index += 1
                _ = take("public") || take("weak")
                let place = current
                let name = try string("the imported file's name, quoted")
                syntax.imports.append(
                    .init(name: name, line: place?.line ?? token.line, column: place?.column ?? token.column))
                try expect(";")
            case "option":
                try skipOptionStatement()
            case "message":
                index += 1
                syntax.messages.append(try parseMessage(isProto3: syntax.isProto3, depth: 0))
            case "enum":
                index += 1
                syntax.enums.append(try parseEnum())
            case "service":
                index += 1
                syntax.services.append(try parseService())
            case "extend":
                try skipExtend()
            default:
                throw error(
                    "expected a top-level statement (message, enum, service, import, …), found \(describeCurrent())")
            }
        }
        return syntax
    }

    // MARK: Messages

    private mutating func parseMessage(isProto3: Bool, depth: Int) throws(ProtoSourceError) -> ProtoMessageSyntax {
        guard depth < Self.maximumNesting else {
            throw error("messages nest deeper than \(Self.maximumNesting) levels")
        }
        let name = try identifier("the message's name").text
        var message = ProtoMessageSyntax(name: name)
        try expect("{")
        try parseMessageBody(&message, isProto3: isProto3, depth: depth, oneof: nil)
        try finish(&message)
        return message
    }

    /// Statements up to the closing `}` (taken), into `message`; inside a `oneof` when `oneof` is its index.
    private mutating func parseMessageBody(
        _ message: inout ProtoMessageSyntax, isProto3: Bool, depth: Int, oneof: Int?
    ) throws(ProtoSourceError) {
        while !take("}") {
            guard let token = current else { throw error("expected '}' to close \(message.name)") }
            if take(";") { continue }
            guard token.kind == .identifier || token.text == "." else {
                throw error("expected a field or a statement in \(message.name), found \(describeCurrent())")
            }
            switch token.text {
            case "option":
                try skipOptionStatement()
            case "message" where oneof == nil:
                index += 1
                message.messages.append(try parseMessage(isProto3: isProto3, depth: depth + 1))
            case "enum" where oneof == nil:
                index += 1
                message.enums.append(try parseEnum())
            case "oneof" where oneof == nil:
                index += 1
                let oneofName = try identifier("the oneof's name").text
                message.oneofNames.append(oneofName)
                try expect("{")
                try parseMessageBody(
                    &message, isProto3: isProto3, depth: depth, oneof: message.oneofNames.count - 1)
            case "extend" where oneof == nil:
                try skipExtend()
            case "extensions" where oneof == nil, "reserved" where oneof == nil:
                try skipStatement()
            default:
                try parseField(into: &message, isProto3: isProto3, depth: depth, oneof: oneof)
            }
        }
    }

    private mutating func parseField(
        into message: inout ProtoMessageSyntax, isProto3: Bool, depth: Int, oneof: Int?
    ) throws(ProtoSourceError) {
        let start = current
        var label: String?
        if oneof == nil, let token = current, ["optional", "required", "repeated"].contains(token.text),
            index + 1 < tokens.count, tokens[index + 1].kind == .identifier || tokens[index + 1].text == "."
        {
            label = token.text
            index += 1
        }
        if isAt("group"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
            index + 2 < tokens.count, tokens[index + 2].text == "="
        {
            try parseGroup(into: &message, label: label, isProto3: isProto3, depth: depth, oneof: oneof)
            return
        }
        if isAt("map"), index + 1 < tokens.count, tokens[index + 1].text == "<" {
            guard label == nil, oneof == nil else { throw error("a map field cannot have a label or be in a oneof") }
            try parseMap(into: &message)
            return
        }
        if label == "required" && isProto3 {
            throw error("required fields are not allowed in proto3", at: start)
        }
        if label == nil && oneof == nil && !isProto3 {
            throw error("a proto2 field needs a label (optional, required or repeated)", at: start)
        }
        guard let typeToken = current else { throw error("expected a field, found the end of the file") }
        let typeName = try dottedName("a field type", allowsLeadingDot: true)
        let type: ProtoFieldSyntax.TypeReference = Self.scalarTypes[typeName].map { .scalar($0) } ?? .named(typeName)
        let name = try identifier("the field's name").text
        try expect("=")
        let number = try fieldNumber()
        var field = ProtoFieldSyntax(
            name: name, number: number, type: type, isRepeated: label == "repeated", oneofIndex: oneof,
            isProto3Optional: label == "optional" && isProto3, line: typeToken.line, column: typeToken.column)
        try parseFieldOptions(into: &field)
        try expect(";")
        message.fields.append(field)
    }

    private mutating func fieldNumber() throws(ProtoSourceError) -> Int32 {
        Int32(try integer("the field number", in: 1...Int64(WireReader.maximumFieldNumber)))
    }

    /// `map<Key, Value> name = N;`: a repeated field of a nested `NameEntry` message marked as a map entry.
    private mutating func parseMap(into message: inout ProtoMessageSyntax) throws(ProtoSourceError) {
        let start = current
        index += 2
        let keyToken = current
        let keyName = try dottedName("the map's key type")
        guard let keyType = Self.scalarTypes[keyName], keyType != .double, keyType != .float, keyType != .bytes
        else {
            throw error("\(keyName) cannot be a map key (integers, bool or string)", at: keyToken)
        }
        try expect(",")
        let valueToken = current
        let valueName = try dottedName("the map's value type", allowsLeadingDot: true)
        try expect(">")
        let name = try identifier("the field's name").text
        try expect("=")
        let number = try fieldNumber()
        let entryName = Self.camelCase(name) + "Entry"
        var field = ProtoFieldSyntax(
            name: name, number: number, type: .named(entryName), isRepeated: true, line: start?.line ?? 0,
            column: start?.column ?? 0)
        try parseFieldOptions(into: &field)
        try expect(";")
        let valueType =
            Self.scalarTypes[valueName].map { ProtoFieldSyntax.TypeReference.scalar($0) }
            ?? .named(valueName)
        var entry = ProtoMessageSyntax(name: entryName, isMapEntry: true)
        entry.fields = [
            ProtoFieldSyntax(
                name: "key", number: 1, type: .scalar(keyType), line: keyToken?.line ?? 0,
                column: keyToken?.column ?? 0),
            ProtoFieldSyntax(
                name: "value", number: 2, type: valueType, line: valueToken?.line ?? 0,
                column: valueToken?.column ?? 0),
        ]
        message.messages.append(entry)
        message.fields.append(field)
    }

    /// proto2's `optional group Name = N { … }`: a nested message `Name` and a field `name` of type group.
    private mutating func parseGroup(
        into message: inout ProtoMessageSyntax, label: String?, isProto3: Bool, depth: Int, oneof: Int?
    ) throws(ProtoSourceError) {
        let start = current
        guard !isProto3 else { throw error("groups are not allowed in proto3") }
        index += 1
        let nameToken = current
        let name = try identifier("the group's name").text
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
            throw error("a group's name must start with a capital letter", at: nameToken)
        }
        try expect("=")
        let number = try fieldNumber()
        var field = ProtoFieldSyntax(
            name: name.lowercased(), number: number, type: .named(name), isRepeated: label == "repeated",
            isGroup: true, oneofIndex: oneof, line: start?.line ?? 0, column: start?.column ?? 0)
        try parseFieldOptions(into: &field)
        guard depth + 1 < Self.maximumNesting else {
            throw error("messages nest deeper than \(Self.maximumNesting) levels")
        }
        var group = ProtoMessageSyntax(name: name)
        try expect("{")
        try parseMessageBody(&group, isProto3: isProto3, depth: depth + 1, oneof: nil)
        try finish(&group)
        message.messages.append(group)
        message.fields.append(field)
    }

    /// Checks a message's field numbers and names and adds the synthetic oneofs of `proto3 optional` fields
    /// after the declared ones, as protoc does.
    private mutating func finish(_ message: inout ProtoMessageSyntax) throws(ProtoSourceError) {
        var numbers: Set<Int32> = []
        var names: Set<String> = []
        for field in message.fields {
            guard numbers.insert(field.number).inserted else {
                throw ProtoSourceError(
                    "field number \(field.number) is used twice in \(message.name)", file: file, line: field.line,
                    column: field.column)
            }
            guard names.insert(field.name).inserted else {
                throw ProtoSourceError(
                    "field \(field.name) is declared twice in \(message.name)", file: file, line: field.line,
                    column: field.column)
            }
        }
        // protoc's names: `_field` (a name starting with `_` kept), an `X` before it while anything in the
        // message has that name.
        var taken = names.union(message.oneofNames).union(message.messages.map(\.name))
            .union(message.enums.map(\.fullName))
        for position in message.fields.indices where message.fields[position].isProto3Optional {
            let name = message.fields[position].name
            var oneofName = name.hasPrefix("_") ? name : "_" + name
            while taken.contains(oneofName) { oneofName = "X" + oneofName }
            taken.insert(oneofName)
            message.oneofNames.append(oneofName)
            message.fields[position].oneofIndex = message.oneofNames.count - 1
        }
    }

    /// `[name = value, …]` after a field: `packed` and `json_name` kept, the rest stepped over.
    private mutating func parseFieldOptions(into field: inout ProtoFieldSyntax) throws(ProtoSourceError) {
        guard take("[") else { return }
        repeat {
            let name = try optionName()
            try expect("=")
            let valueToken = current
            let value = try optionValue()
            switch name {
            case "packed":
                guard value == "true" || value == "false" else {
                    throw error("packed must be true or false", at: valueToken)
                }
                field.packed = value == "true"
            case "json_name":
                guard valueToken?.kind == .string else { throw error("json_name must be a string", at: valueToken) }
                field.jsonName = value
            default: break
            }
        } while take(",")
        try expect("]", "',' or ']'")
    }

    // MARK: Enums and services

    /// An enum, named by its own name (``ProtoSourceLoader`` gives it its full name).
    private mutating func parseEnum() throws(ProtoSourceError) -> EnumDescriptor {
        let name = try identifier("the enum's name").text
        try expect("{")
        var values: [(name: String, number: Int32)] = []
        while !take("}") {
            guard current != nil else { throw error("expected '}' to close \(name)") }
            if take(";") { continue }
            if isAt("option") {
                try skipOptionStatement()
                continue
            }
            if isAt("reserved") {
                try skipStatement()
                continue
            }
            let valueName = try identifier("an enum value's name").text
            try expect("=")
            let number = try integer("the enum value's number", in: Int64(Int32.min)...Int64(Int32.max))
            if take("[") {
                repeat {
                    _ = try optionName()
                    try expect("=")
                    _ = try optionValue()
                } while take(",")
                try expect("]", "',' or ']'")
            }
            try expect(";")
            values.append((valueName, Int32(number)))
        }
        return EnumDescriptor(fullName: name, values: values)
    }

    private mutating func parseService() throws(ProtoSourceError) -> ProtoServiceSyntax {
        var service = ProtoServiceSyntax(name: try identifier("the service's name").text)
        try expect("{")
        while !take("}") {
            guard current != nil else { throw error("expected '}' to close \(service.name)") }
            if take(";") { continue }
            if isAt("option") {
                try skipOptionStatement()
                continue
            }
            guard take("rpc") else { throw error("expected rpc or option in a service, found \(describeCurrent())") }
            let name = try identifier("the method's name").text
            try expect("(")
            let isClientStreaming = isAt("stream") && index + 1 < tokens.count && tokens[index + 1].text != ")"
            if isClientStreaming { index += 1 }
            let place = current
            let input = try dottedName("the request message type", allowsLeadingDot: true)
            try expect(")")
            try expect("returns")
            try expect("(")
            let isServerStreaming = isAt("stream") && index + 1 < tokens.count && tokens[index + 1].text != ")"
            if isServerStreaming { index += 1 }
            let output = try dottedName("the response message type", allowsLeadingDot: true)
            try expect(")")
            if take("{") {
                while !take("}") {
                    guard current != nil else { throw error("expected '}' to close \(name)") }
                    if take(";") { continue }
                    guard isAt("option") else { throw error("expected option in a method, found \(describeCurrent())") }
                    try skipOptionStatement()
                }
            } else {
                try expect(";", "';' or '{'")
            }
            service.methods.append(
                .init(
                    name: name, inputType: input, outputType: output, isClientStreaming: isClientStreaming,
                    isServerStreaming: isServerStreaming, line: place?.line ?? 0, column: place?.column ?? 0))
        }
        return service
    }

    // MARK: Options and what is stepped over

    /// `option name = value;`.
    private mutating func skipOptionStatement() throws(ProtoSourceError) {
        try expect("option")
        _ = try optionName()
        try expect("=")
        _ = try optionValue()
        try expect(";")
    }

    /// `name`, `(custom.name)`, `(custom).field.sub`: the simple name, or the whole as written.
    private mutating func optionName() throws(ProtoSourceError) -> String {
        var parts: [String] = []
        repeat {
            if take("(") {
                parts.append("(" + (try dottedName("an option name", allowsLeadingDot: true)) + ")")
                try expect(")")
            } else {
                parts.append(try identifier("an option name").text)
            }
        } while take(".")
        return parts.joined(separator: ".")
    }

    /// A constant (an identifier, a signed number, strings) or a `{ … }` aggregate, stepped over; the text of a
    /// simple constant is returned.
    private mutating func optionValue() throws(ProtoSourceError) -> String {
        if isAt("{") {
            try skipBalanced()
            return ""
        }
        guard let token = current else { throw error("expected an option value, found the end of the file") }
        switch token.kind {
        case .string: return try string("an option value")
        case .identifier: return try dottedName("an option value")
        case .integer, .float:
            index += 1
            return token.text
        case .symbol:
            guard token.text == "-" || token.text == "+", index + 1 < tokens.count,
                [.integer, .float, .identifier].contains(tokens[index + 1].kind)
            else { throw error("expected an option value, found \(describeCurrent())") }
            index += 2
            return token.text + tokens[index - 1].text
        }
    }

    /// From a `{` to its `}`, counting nested braces (no recursion).
    private mutating func skipBalanced() throws(ProtoSourceError) {
        let start = current
        var depth = 0
        while let token = current {
            index += 1
            guard token.kind == .symbol else { continue }
            if token.text == "{" { depth += 1 }
            if token.text == "}" {
                depth -= 1
                if depth == 0 { return }
            }
        }
        throw error("the '{' never closes", at: start)
    }

    /// `extend Type { … }`: extensions are not read (Ferry's codec skips unknown fields).
    private mutating func skipExtend() throws(ProtoSourceError) {
        try expect("extend")
        _ = try dottedName("the extended type", allowsLeadingDot: true)
        guard isAt("{") else { throw error("expected '{', found \(describeCurrent())") }
        try skipBalanced()
    }

    /// A statement up to its `;` (`reserved 2, 15, 9 to 11;`, `extensions 100 to max [declaration = {…}];`).
    private mutating func skipStatement() throws(ProtoSourceError) {
        let start = current
        while let token = current {
            if token.kind == .symbol && token.text == "{" {
                try skipBalanced()
                continue
            }
            index += 1
            if token.kind == .symbol && token.text == ";" { return }
            if token.kind == .symbol && token.text == "}" {
                throw error("expected ';' to end the statement", at: token)
            }
        }
        throw error("the statement never ends (no ';')", at: start)
    }

    // MARK: Names

    static let scalarTypes: [String: FieldType] = [
        "double": .double, "float": .float, "int64": .int64, "uint64": .uint64, "int32": .int32,
        "fixed64": .fixed64, "fixed32": .fixed32, "bool": .bool, "string": .string, "bytes": .bytes,
        "uint32": .uint32, "sfixed32": .sfixed32, "sfixed64": .sfixed64, "sint32": .sint32, "sint64": .sint64,
    ]

    /// A map entry's name as protoc derives it: `item_counts` → `ItemCounts`.
    static func camelCase(_ name: String) -> String {
        let lower = FieldDescriptor.lowerCamelCase(name)
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }
}
