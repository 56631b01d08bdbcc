/// The message and enum types of a set of `.proto` files by full name, for resolving the names fields and
/// methods use as protoc does: from the innermost scope outwards.
struct ProtoSymbols {
    enum Kind {
        case message
        case `enum`
    }

    private var kinds: [String: Kind] = [:]
    private var files: [String: String] = [:]

    /// Adds a file's types (its package's, nested ones with dotted names).
    mutating func add(_ syntax: ProtoFileSyntax) throws(ProtoSourceError) {
        let prefix = syntax.package.isEmpty ? "" : syntax.package + "."
        for message in syntax.messages { try add(message, prefix: prefix, file: syntax.name) }
        for value in syntax.enums { try add(prefix + value.fullName, .enum, file: syntax.name) }
        for service in syntax.services { try add(prefix + service.name, nil, file: syntax.name) }
    }

    /// Adds a built-in file's types.
    mutating func add(_ file: FileDescriptor) throws(ProtoSourceError) {
        for message in file.messages { try add(message.fullName, .message, file: file.name) }
        for value in file.enums { try add(value.fullName, .enum, file: file.name) }
    }

    private mutating func add(_ message: ProtoMessageSyntax, prefix: String, file: String) throws(ProtoSourceError) {
        let fullName = prefix + message.name
        try add(fullName, .message, file: file)
        for nested in message.messages { try add(nested, prefix: fullName + ".", file: file) }
        for value in message.enums { try add(fullName + "." + value.fullName, .enum, file: file) }
    }

    /// Records `name` (a service when `kind` is `nil`: it takes the name, but no field can use it).
    private mutating func add(_ name: String, _ kind: Kind?, file: String) throws(ProtoSourceError) {
        if let earlier = files[name] {
            throw ProtoSourceError(
                "\(name) is defined twice" + (earlier == file ? "" : " (first in \(earlier))"), file: file)
        }
        files[name] = file
        if let kind { kinds[name] = kind }
    }

    /// The full name and kind `reference` names when used inside `scope` (a message's full name, or the
    /// package): `.a.B` as it is, else `scope.a.B`, then each enclosing scope's, out to the root.
    func resolve(_ reference: String, in scope: String) -> (name: String, kind: Kind)? {
        if reference.hasPrefix(".") {
            let name = String(reference.dropFirst())
            return kinds[name].map { (name, $0) }
        }
        var scope = Substring(scope)
        while true {
            let candidate = scope.isEmpty ? reference : scope + "." + reference
            if let kind = kinds[candidate] { return (candidate, kind) }
            guard !scope.isEmpty else { return nil }
            scope = scope.lastIndex(of: ".").map { scope[..<$0] } ?? ""
        }
    }
}
