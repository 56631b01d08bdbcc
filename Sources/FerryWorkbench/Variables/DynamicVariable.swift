import FerryDynamic

/// A `{{$…}}` expression of the JetBrains or VS Code REST Client dialect, read and checked:
/// `$random.integer(1, 10)`, `$datetime "dd-MM-yyyy" -1 d`, `$randomInt 5 10`, `$processEnv HOME`.
enum DynamicVariable: Hashable {
    case uuid
    case timestamp
    case isoTimestamp
    /// A random integer in `low..<high` (`$randomInt`, `$random.integer`).
    case integer(low: Int, high: Int)
    /// A random number in `low..<high` (`$random.float`).
    case float(low: Double, high: Double)
    case alphabetic(length: Int)
    case alphanumeric(length: Int)
    case hexadecimal(length: Int)
    case numeric(length: Int)
    case email
    /// A made-up value of a Faker family, `family.member` (`$random.name.firstName`, `$random.address.city`).
    case fake(String)
    /// The current time, moved by `offset`, in UTC (`$datetime`) or the local zone (`$localDatetime`).
    case datetime(DateFormat, offset: DateOffset?, local: Bool)
    /// A variable of the process environment (`$processEnv`, `$env`).
    case processEnvironment(String)
    /// A value of the workspace's `.env` file (`$dotenv`).
    case dotenv(String)
    /// A token of the environment's `Security` → `Auth` configuration of this id (`$auth.token("id")`,
    /// `$auth.idToken("id")`); the resolver asks the context's ``AuthTokenSource`` for it.
    case authToken(id: String, kind: AuthTokenKind)

    /// Every name Ferry knows, for messages and importers.
    static let names =
        [
            "$uuid", "$guid", "$random.uuid", "$timestamp", "$isoTimestamp", "$randomInt", "$random.integer",
            "$random.float", "$random.alphabetic", "$random.alphanumeric", "$random.hexadecimal", "$random.numeric",
            "$random.email", "$datetime", "$localDatetime", "$processEnv", "$env", "$dotenv",
            "$auth.token", "$auth.idToken",
        ] + FakeData.paths.map { "$random." + $0 }

    /// The range of `$randomInt` and `$random.integer` without bounds.
    static let defaultRange = 0..<1000

    /// Reads `expression` (the text between `{{` and `}}`, trimmed, starting with `$`): `nil` for a name
    /// Ferry does not know; throws for arguments it cannot use.
    init?(_ expression: String) throws(DynamicValueError) {
        let (name, rest) = Self.split(expression)
        let arguments = DynamicArguments(rest)
        switch name {
        case "$uuid", "$guid", "$random.uuid":
            try arguments.none()
            self = .uuid
        case "$timestamp":
            try arguments.none()
            self = .timestamp
        case "$isoTimestamp":
            try arguments.none()
            self = .isoTimestamp
        case "$randomInt":
            let bounds = try arguments.words(max: 2).map { word throws(DynamicValueError) in
                try arguments.integer(word)
            }
            guard bounds.count != 1 else { throw arguments.problem("give both bounds or none") }
            self = try Self.integer(bounds)
        case "$random.integer":
            let bounds = try arguments.call(max: 2).map { word throws(DynamicValueError) in
                try arguments.integer(word)
            }
            self = try Self.integer(bounds)
        case "$random.float":
            let bounds = try arguments.call(max: 2).map { word throws(DynamicValueError) in
                try arguments.number(word)
            }
            guard bounds.count != 1 else { throw arguments.problem("give both bounds, as $random.float(0, 1)") }
            let (low, high) = bounds.count == 2 ? (bounds[0], bounds[1]) : (0, 1000)
            guard low < high else { throw arguments.problem("the range from \(low) to \(high) holds no number") }
            self = .float(low: low, high: high)
        case "$random.alphabetic": self = .alphabetic(length: try arguments.length(of: name))
        case "$random.alphanumeric": self = .alphanumeric(length: try arguments.length(of: name))
        case "$random.hexadecimal": self = .hexadecimal(length: try arguments.length(of: name))
        case "$random.numeric": self = .numeric(length: try arguments.length(of: name))
        case "$random.email":
            try arguments.none()
            self = .email
        case "$datetime", "$localDatetime":
            let (format, offset) = try arguments.dateFormatAndOffset()
            self = .datetime(format, offset: offset, local: name == "$localDatetime")
        case "$processEnv", "$env":
            self = .processEnvironment(try arguments.name())
        case "$dotenv":
            self = .dotenv(try arguments.name())
        case "$auth.token", "$auth.idToken":
            let id = try arguments.call(max: 1).first.map(arguments.unquoted) ?? ""
            guard !id.isEmpty else { throw arguments.problem("name the configuration, as \(name)(\"my-auth\")") }
            self = .authToken(id: id, kind: name == "$auth.token" ? .access : .id)
        default:
            guard let path = Self.fakePath(name) else { return nil }
            try arguments.none()
            if let problem = FakeData.problem(with: path) { throw problem }
            self = .fake(path)
        }
    }

    /// `family.member` of a `$random.family.member` name whose family is a Faker one, so a member Ferry lacks
    /// is reported with the ones it has rather than as an unknown variable.
    static func fakePath(_ name: String) -> String? {
        guard name.hasPrefix("$random.") else { return nil }
        let path = String(name.dropFirst("$random.".count))
        guard let family = path.split(separator: ".").first, FakeData.isFamily(String(family)) else { return nil }
        return path
    }

    /// The name (up to a space, a tab or `(`) and the rest.
    static func split(_ expression: String) -> (name: String, rest: Substring) {
        let end = expression.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "(" }) ?? expression.endIndex
        return (String(expression[..<end]), expression[end...])
    }

    static func integer(_ bounds: [Int]) throws(DynamicValueError) -> DynamicVariable {
        switch bounds.count {
        case 0: return .integer(low: defaultRange.lowerBound, high: defaultRange.upperBound)
        // One bound is the upper one, as JetBrains reads `$random.integer(100000)`.
        case 1 where bounds[0] > 0: return .integer(low: 0, high: bounds[0])
        case 1: throw DynamicValueError("the range from 0 up to \(bounds[0]) (excluded) holds no integer")
        case 2 where bounds[0] < bounds[1]: return .integer(low: bounds[0], high: bounds[1])
        case 2:
            throw DynamicValueError("the range from \(bounds[0]) up to \(bounds[1]) (excluded) holds no integer")
        default: throw DynamicValueError("give at most two bounds")
        }
    }

    /// The generated value; `nil` for the environment and `.env` ones, which the resolver looks up.
    func generated(by values: DynamicValues) throws(DynamicValueError) -> String? {
        switch self {
        case .uuid: values.uuid()
        case .timestamp: String(values.timestamp())
        case .isoTimestamp: values.isoTimestamp()
        case .integer(let low, let high): String(try values.integer(from: low, to: high))
        case .float(let low, let high): String(try values.float(from: low, to: high))
        case .alphabetic(let length): try values.alphabetic(length: length)
        case .alphanumeric(let length): try values.alphanumeric(length: length)
        case .hexadecimal(let length): try values.hexadecimal(length: length)
        case .numeric(let length): try values.numeric(length: length)
        case .email: values.email()
        case .fake(let path): try values.fake(path)
        case .datetime(let format, let offset, let local): try values.datetime(format, offset: offset, local: local)
        case .processEnvironment, .dotenv, .authToken: nil
        }
    }
}
