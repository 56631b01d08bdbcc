import FerryHTTP
import FerryTerminal

// MARK: - The method picker: the common EditorFeature.methods, and whatever token is typed ("Use PURGE")

extension AppReducer {
    /// The method picker's rows for `query`: the common methods, then, when the query is not one of them, a
    /// row offering the query itself ("Use PURGE"), or saying in words why it cannot be a method.
    static func methodRows(for query: String) -> [PickerChoice<String>] {
        let common = EditorFeature.methods.map { PickerChoice($0) }
        guard !query.isEmpty,
            !EditorFeature.methods.contains(where: { $0.caseInsensitiveCompare(query) == .orderedSame })
        else {
            return common
        }
        guard let violation = WireViolation.method(query) else {
            return common + [PickerChoice(query, "Use \(query)")]
        }
        return common + [PickerChoice(query, "Not a method: \(query) (\(violation.problemDescription))")]
    }

    /// The method picker after an event: its rows follow the query.
    static func followingQuery(
        _ picker: PickerDialogState<PickerChoice<String>>
    ) -> PickerDialogState<PickerChoice<String>> {
        let rows = methodRows(for: picker.query.text)
        guard rows != picker.list.items else { return picker }
        var picker = picker
        picker.replaceItems(rows)
        return picker
    }
}
