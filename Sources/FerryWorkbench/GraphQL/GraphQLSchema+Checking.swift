extension GraphQLSchema {
    /// The fields of `document` that its schema does not have, each at the line and column of the field's
    /// name (`no field 'nme' on Hero`), in the order they are written. Selections under an unknown field or
    /// type are not checked further; fragment spreads are checked where their fragment is defined.
    public func unknownFields(in document: GraphQLDocument) -> [GraphQLSyntaxError] {
        var problems: [GraphQLSyntaxError] = []
        for operation in document.operations {
            let root: String?
            switch operation.kind {
            case "query": root = queryType
            case "mutation": root = mutationType
            default: root = nil
            }
            guard let root else { continue }
            check(operation.selections, on: root, isRoot: true, into: &problems)
        }
        for fragment in document.fragments {
            check(fragment.selections, on: fragment.typeCondition, isRoot: false, into: &problems)
        }
        return problems
    }

    private func check(
        _ selections: [GraphQLSelection], on typeName: String, isRoot: Bool, into problems: inout [GraphQLSyntaxError]
    ) {
        guard let type = type(named: typeName) else { return }
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.name == "__typename" || (isRoot && (field.name == "__schema" || field.name == "__type")) {
                    continue
                }
                guard let definition = type.fields.first(where: { $0.name == field.name }) else {
                    problems.append(
                        GraphQLSyntaxError(
                            "no field '\(field.name)' on \(typeName)", line: field.line, column: field.column))
                    continue
                }
                if !field.selections.isEmpty {
                    check(field.selections, on: definition.type.namedType, isRoot: false, into: &problems)
                }
            case .inlineFragment(let condition, let inner):
                check(inner, on: condition ?? typeName, isRoot: isRoot, into: &problems)
            case .fragmentSpread:
                continue
            }
        }
    }
}

extension GraphQLRequestParts {
    /// What is wrong with the query, at lines and columns of the body: its syntax error (`{{…}}` read as a
    /// name, as when the file is read), else the fields `schema` does not have; empty for an empty query.
    public func queryProblems(schema: GraphQLSchema?) -> [GraphQLSyntaxError] {
        guard !query.allSatisfy(\.isWhitespace) else { return [] }
        do {
            let document = try GraphQLParser.document(SectionParser.blankingVariables(query, with: "v"))
            return schema?.unknownFields(in: document) ?? []
        } catch {
            return [error]
        }
    }
}
