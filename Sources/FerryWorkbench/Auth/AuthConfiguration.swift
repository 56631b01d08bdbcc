import FerryHTTP

/// One entry of an environment's `Security` → `Auth` object, as the JetBrains HTTP Client writes it: an id
/// (`"auth-id": { "Type": "OAuth2", "Grant Type": "Client Credentials", … }`) and its fields as written, the
/// private environment file's fields merged over the public one's. Values may hold `{{variables}}`; they are
/// substituted when a request uses the configuration (``OAuthSettings``).
public struct AuthConfiguration: Sendable, Hashable {
    /// Where a custom request parameter goes.
    public enum ParameterUse: Sendable, Hashable {
        /// Only in the authorization request (the browser's URL, the device authorization request).
        case authRequest
        /// Only in the token request.
        case tokenRequest
        /// In both.
        case everywhere
    }

    /// One of `Custom Request Parameters`: a name and its values (an array gives the parameter once per
    /// value), with where it goes.
    public struct Parameter: Sendable, Hashable {
        /// The parameter's name (`audience`, `resource`).
        public var name: String
        /// Its values, in order.
        public var values: [String]
        /// Where it goes.
        public var use: ParameterUse
    }

    /// The id requests name it by, in `{{$auth.token("id")}}`.
    public var id: String
    /// The scalar fields as written (`"Grant Type"`, `"Client ID"`, …): strings as they are, booleans and
    /// numbers as written.
    public var fields: [String: String]
    /// `Custom Request Parameters`.
    public var parameters: [Parameter]
    /// The `PKCE` object's fields (`Code Challenge Method`, `Code Verifier`), when `PKCE` is an object.
    public var pkceFields: [String: String]
    /// Where the configuration is written (the first file that has it).
    public var location: SourceLocation
    /// Problems with its shape (a parameter that is neither a string, an array nor a `Value`/`Use` object).
    public var problems: [String]

    /// A configuration with the given parts.
    public init(
        id: String, fields: [String: String], parameters: [Parameter] = [], pkceFields: [String: String] = [:],
        location: SourceLocation, problems: [String] = []
    ) {
        self.id = id
        self.fields = fields
        self.parameters = parameters
        self.pkceFields = pkceFields
        self.location = location
        self.problems = problems
    }
}

extension AuthConfiguration {
    /// Reads the members of one configuration object, merged over `base` (the same id in a file read before).
    static func reading(
        _ members: [EnvironmentJSON.Member], id: String, over base: AuthConfiguration?, location: SourceLocation
    ) -> AuthConfiguration {
        var configuration =
            base ?? AuthConfiguration(id: id, fields: [:], location: location)
        for member in members {
            switch (member.key, member.value) {
            case ("Custom Request Parameters", .object(let parameters)):
                configuration.parameters = parameters.compactMap { parameter in
                    Self.parameter(parameter, problems: &configuration.problems)
                }
            case ("PKCE", .object(let fields)):
                configuration.fields["PKCE"] = "true"
                for field in fields { configuration.pkceFields[field.key] = field.value.scalarText }
            case (_, let value):
                if let text = value.scalarText {
                    configuration.fields[member.key] = text
                } else if value == .null {
                    configuration.fields[member.key] = nil
                }
            }
        }
        return configuration
    }

    private static func parameter(_ member: EnvironmentJSON.Member, problems: inout [String]) -> Parameter? {
        func values(_ value: EnvironmentJSON) -> [String]? {
            if let text = value.scalarText { return [text] }
            if case .array(let items) = value {
                let texts = items.compactMap(\.scalarText)
                return texts.count == items.count ? texts : nil
            }
            return nil
        }
        if let plain = values(member.value) { return Parameter(name: member.key, values: plain, use: .everywhere) }
        if case .object(let fields) = member.value,
            let value = fields.first(where: { $0.key == "Value" }).flatMap({ values($0.value) })
        {
            let use: ParameterUse
            switch fields.first(where: { $0.key == "Use" })?.value.scalarText {
            case "In Auth Request": use = .authRequest
            case "In Token Request": use = .tokenRequest
            case nil, "Everywhere": use = .everywhere
            case let other?:
                problems.append(
                    "custom parameter '\(InputExcerpt(member.key).unquoted)': Use is \(InputExcerpt(other)); write \"Everywhere\", "
                        + "\"In Auth Request\" or \"In Token Request\"")
                return nil
            }
            return Parameter(name: member.key, values: value, use: use)
        }
        problems.append(
            "custom parameter '\(InputExcerpt(member.key).unquoted)' is not a string, an array of strings or an object with Value and Use"
        )
        return nil
    }
}
