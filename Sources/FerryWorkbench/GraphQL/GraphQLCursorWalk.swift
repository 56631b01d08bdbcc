/// A walk over the tokens of a query up to a cursor that keeps what the cursor is inside: the selection sets
/// open (with the type each selects from), the parentheses open, the last field and argument named. It is
/// forgiving: the query before a cursor is usually unfinished, so it never fails, it only stops knowing.
struct GraphQLCursorWalk {
    /// What a pair of open parentheses holds.
    enum Parentheses {
        /// A field's arguments (`nil`: a field the schema does not know).
        case arguments(GraphQLFieldDefinition?)
        /// An operation's variable definitions.
        case variables
        /// A directive's arguments.
        case directive
    }

    let schema: GraphQLSchema
    /// The open selection sets, innermost last: the type each selects from (`nil`: unknown).
    private var selectionTypes: [String?] = []
    /// The type the next `{` selects from.
    private var nextSelectionType: String?
    /// Whether the definition being read began with a keyword (`query`, `fragment` …) rather than `{`.
    private var sawKeyword = false
    /// The open parentheses (in GraphQL they do not nest: this holds at most one).
    private var parentheses: [Parentheses] = []
    /// How deep the cursor is in `[` and `{` of a value inside parentheses.
    private var valueDepth = 0
    /// The argument named last inside the open parentheses.
    private var lastArgument: String?
    /// The field named last in the innermost selection set.
    private var lastField: GraphQLFieldDefinition?
    private var previous: GraphQLToken?
    private var beforePrevious: GraphQLToken?

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    /// Takes the next token.
    mutating func take(_ token: GraphQLToken) {
        defer {
            beforePrevious = previous
            previous = token
        }
        if !parentheses.isEmpty {
            takeInParentheses(token)
            return
        }
        switch token.kind {
        case .name: takeName(token.text)
        case .punctuator: takePunctuator(token.text)
        case .int, .float, .string, .end: break
        }
    }

    private mutating func takeInParentheses(_ token: GraphQLToken) {
        if token.kind == .name {
            if valueDepth == 0, !isPrevious(":"), !isPrevious("$") { lastArgument = token.text }
            return
        }
        guard token.kind == .punctuator else { return }
        switch token.text {
        case ")" where valueDepth == 0:
            parentheses.removeLast()
            lastArgument = nil
        // In variable definitions `[` and `]` wrap a type (`[ID!]`), not a value.
        case "[": if !isInVariables { valueDepth += 1 }
        case "]": if !isInVariables { valueDepth = max(0, valueDepth - 1) }
        case "{": valueDepth += 1
        case "}": valueDepth = max(0, valueDepth - 1)
        default: break
        }
    }

    private mutating func takeName(_ name: String) {
        if selectionTypes.isEmpty {
            if previous?.isName("on") == true {
                nextSelectionType = name
            } else if !sawKeyword {
                sawKeyword = true
                switch name {
                case "query": nextSelectionType = schema.queryType
                case "mutation": nextSelectionType = schema.mutationType
                default: nextSelectionType = nil
                }
            }
            return
        }
        if isPrevious("@") || isPrevious("...") { return }
        if previous?.isName("on") == true, beforePrevious?.isPunctuator("...") == true {
            nextSelectionType = name
            return
        }
        let field = selectionTypes.last.flatMap { $0 }.flatMap { fieldDefinition(name, of: $0) }
        nextSelectionType = field?.type.namedType
        lastField = field
    }

    private mutating func takePunctuator(_ text: String) {
        switch text {
        case "{":
            selectionTypes.append(sawKeyword || !selectionTypes.isEmpty ? nextSelectionType : schema.queryType)
            nextSelectionType = nil
            lastField = nil
        case "}":
            if !selectionTypes.isEmpty { selectionTypes.removeLast() }
            if selectionTypes.isEmpty { sawKeyword = false }
            nextSelectionType = nil
            lastField = nil
        case "(":
            if selectionTypes.isEmpty {
                parentheses.append(beforePrevious?.isPunctuator("@") == true ? .directive : .variables)
            } else {
                parentheses.append(beforePrevious?.isPunctuator("@") == true ? .directive : .arguments(lastField))
            }
            valueDepth = 0
        default: break
        }
    }

    private var isInVariables: Bool {
        if case .variables = parentheses.last { return true }
        return false
    }

    private func isPrevious(_ punctuator: String) -> Bool { previous?.isPunctuator(punctuator) == true }

    /// A field of `typeName`, the introspection fields of the query root included.
    private func fieldDefinition(_ name: String, of typeName: String) -> GraphQLFieldDefinition? {
        if let field = schema.field(name, of: typeName) { return field }
        if name == "__typename" { return GraphQLFieldDefinition(name: name, type: .nonNull(.named("String"))) }
        return nil
    }

    /// What may be typed where the walk stopped.
    func candidates() -> [GraphQLCompletion.Candidate] {
        if let open = parentheses.last {
            guard valueDepth == 0 else { return [] }
            switch open {
            case .arguments(let field?):
                if isPrevious(":") {
                    guard let argument = field.arguments.first(where: { $0.name == lastArgument }),
                        let type = schema.type(named: argument.type.namedType), type.kind == .enumeration
                    else { return [] }
                    return type.enumValues.map { .init(name: $0, detail: type.name, kind: .enumValue) }
                }
                if isPrevious("$") { return [] }
                return field.arguments.map { .init(name: $0.name, detail: "\($0.type)", kind: .argument) }
            case .variables:
                guard isPrevious(":") || isPrevious("[") else { return [] }
                return types { [.scalar, .enumeration, .inputObject].contains($0) }
            case .arguments(nil), .directive:
                return []
            }
        }
        if previous?.isName("on") == true {
            return types { [.object, .interface, .union].contains($0) }
        }
        guard let innermost = selectionTypes.last, let typeName = innermost, !isPrevious("$"), !isPrevious("@"),
            !isPrevious("..."), let type = schema.type(named: typeName)
        else { return [] }
        var fields = type.fields.map { field in
            let arguments = field.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            return GraphQLCompletion.Candidate(
                name: field.name, detail: (arguments.isEmpty ? "" : "(\(arguments))") + ": \(field.type)",
                kind: .field)
        }
        fields.append(.init(name: "__typename", detail: ": String!", kind: .field))
        return fields
    }

    private func types(_ kinds: (GraphQLNamedType.Kind) -> Bool) -> [GraphQLCompletion.Candidate] {
        schema.types.filter { kinds($0.kind) && !$0.name.hasPrefix("__") }.map {
            .init(name: $0.name, detail: $0.kind.rawValue, kind: .type)
        }
    }
}
