// MARK: - Header values

extension Secrets {
    /// `value` of the header `name` as shown to people: credentials (`Authorization`,
    /// `Proxy-Authorization`) keep only their scheme (`Basic ••••••`), cookies only their names
    /// (`session=••••••; theme=••••••`), and every other value has `secrets` masked in it.
    public static func maskingHeader(named name: String, value: String, secrets: some Collection<String>) -> String {
        switch name.lowercased() {
        case "authorization", "proxy-authorization":
            guard let space = value.firstIndex(of: " ") else { return mask }
            return String(value[..<space]) + " " + mask
        case "cookie":
            return value.split(separator: ";", omittingEmptySubsequences: false).map { pair in
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "=") else { return String(trimmed) }
                return String(trimmed[...equals]) + mask
            }.joined(separator: "; ")
        default:
            return masking(secrets, in: value)
        }
    }
}
