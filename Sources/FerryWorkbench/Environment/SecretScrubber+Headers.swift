// MARK: - Header values

extension SecretScrubber {
    /// `value` of the header `name` as shown to people: credentials (`Authorization`,
    /// `Proxy-Authorization`) keep only their scheme (`Basic ••••••`), cookies only their names
    /// (`session=••••••; theme=••••••`), and every other value has the secrets masked in it.
    public func scrubbingHeader(named name: String, value: String) -> String {
        switch name.lowercased() {
        case "authorization", "proxy-authorization":
            guard let space = value.firstIndex(of: " ") else { return Secrets.mask }
            return String(value[..<space]) + " " + Secrets.mask
        case "cookie":
            return value.split(separator: ";", omittingEmptySubsequences: false).map { pair in
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "=") else { return String(trimmed) }
                return String(trimmed[...equals]) + Secrets.mask
            }.joined(separator: "; ")
        default:
            return scrub(value)
        }
    }
}
