import Foundation

// MARK: - The sign-in configurations a request uses

extension SavedRequest {
    /// The ids of the sign-in configurations the request's text names in `{{$auth.token("id")}}` or
    /// `{{$auth.idToken("id")}}`, in the order they first appear (what the workbench's sign-in state lists
    /// first and "sign in again" renews).
    public var signInConfigurationIDs: [String] {
        var ids: [String] = []
        var rest = Substring(rendered(separator: false))
        while let call = rest.range(of: "$auth.") {
            rest = rest[call.upperBound...]
            let name = rest.prefix { $0.isLetter }
            guard name == "token" || name == "idToken" else { continue }
            let arguments = rest.dropFirst(name.count).drop { $0 == " " }
            guard arguments.first == "(", let close = arguments.firstIndex(of: ")") else { continue }
            let id = arguments[arguments.index(after: arguments.startIndex)..<close]
                .trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if !id.isEmpty, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}
