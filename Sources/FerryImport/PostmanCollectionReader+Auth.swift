import FerryWorkbench
import Foundation

// MARK: - Auth

extension PostmanCollectionReader {
    /// An `auth` object's parameters: v2.1's `[{ "key", "value" }]` or v2.0's `{ key: value }`.
    static func authParameters(_ auth: PostmanJSON.Node, type: String) -> [String: String] {
        guard let node = auth[type] else { return [:] }
        var result: [String: String] = [:]
        if node.kind == .array {
            for entry in node.elements {
                if let key = entry["key"]?.text { result[key] = entry["value"]?.text ?? "" }
            }
        } else {
            for member in node.members { result[member.key] = member.node.text ?? "" }
        }
        return result
    }

    /// Basic, bearer, digest and API-key auth as headers (or a query parameter); other types are warnings.
    mutating func applyAuth(_ auth: PostmanJSON.Node?, to request: inout SavedRequest, name: String) {
        guard let auth, let type = auth["type"]?.text, type != "noauth" else { return }
        let parameters = Self.authParameters(auth, type: type)
        let hasAuthorization = request.header("Authorization") != nil
        switch type {
        case "basic", "digest":
            guard !hasAuthorization else { return }
            let user = parameters["username"] ?? ""
            let password = parameters["password"] ?? ""
            let isWord = { (text: String) in !text.isEmpty && !text.contains { $0 == " " || $0 == "\t" } }
            let scheme = type == "basic" ? "Basic" : "Digest"
            if isWord(user) && isWord(password) {
                request.headerLines.append(.field(name: "Authorization", value: "\(scheme) \(user) \(password)"))
            } else if type == "basic" && !(user + password).contains("{{") {
                let encoded = Data("\(user):\(password)".utf8).base64EncodedString()
                request.headerLines.append(.field(name: "Authorization", value: "Basic \(encoded)"))
            } else {
                warn(
                    "the \(scheme) credentials of '\(name)' have an empty or spaced user or password, which Ferry's "
                        + "'Authorization: \(scheme) user password' cannot hold; not imported", at: auth)
            }
        case "bearer":
            guard !hasAuthorization else { return }
            guard let token = parameters["token"]?.trimmingCharacters(in: .whitespaces), !token.isEmpty else {
                warn("the bearer auth of '\(name)' has no token; not imported", at: auth)
                return
            }
            request.headerLines.append(.field(name: "Authorization", value: "Bearer \(token)"))
        case "apikey":
            let key = parameters["key"].flatMap { $0.isEmpty ? nil : $0 } ?? "X-API-Key"
            let value = parameters["value"] ?? ""
            if parameters["in"] == "query" {
                let pair = FormBody.escape(key) + "=" + FormBody.escape(value)
                request.url += (request.url.contains("?") ? "&" : "?") + pair
            } else {
                addMissing(key, value, to: &request)
            }
        default:
            warn("\(type) auth of '\(name)' is not supported; add its header yourself", at: auth)
        }
    }
}
