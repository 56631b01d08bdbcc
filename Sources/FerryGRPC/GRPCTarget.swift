import Foundation

/// Where a gRPC call goes, as a `GRPC` request line names it: `host:port/package.Service/Method`, plain or
/// with `grpc://` (cleartext HTTP/2) or `grpcs://` (TLS); `http://` and `https://` are taken as the same two.
///
/// ```swift
/// let target = GRPCTarget(parsing: "localhost:50051/members.MemberService/GetMemberById")
/// target?.url   // http://localhost:50051/members.MemberService/GetMemberById
/// ```
public struct GRPCTarget: Sendable, Hashable, CustomStringConvertible {
    /// Whether the call goes over TLS (`grpcs://`).
    public var usesTLS: Bool
    /// `host:port`.
    public var authority: String
    /// The service's full name (`package.Service`).
    public var service: String
    /// The method's name.
    public var method: String

    /// A target; see the properties.
    public init(usesTLS: Bool, authority: String, service: String, method: String) {
        self.usesTLS = usesTLS
        self.authority = authority
        self.service = service
        self.method = method
    }

    /// The target `text` names, or `nil` when it has no `host/Service/Method`.
    public init?(parsing text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var usesTLS = false
        for (scheme, tls) in [("grpcs://", true), ("grpc://", false), ("https://", true), ("http://", false)]
        where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            usesTLS = tls
            break
        }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 3, let method = parts.last, !parts[0].isEmpty else { return nil }
        var authority = String(parts[0])
        if !authority.contains(":") || authority.hasSuffix("]") { authority += usesTLS ? ":443" : ":80" }
        self.init(
            usesTLS: usesTLS, authority: authority, service: parts[1..<(parts.count - 1)].joined(separator: "/"),
            method: String(method))
    }

    /// The HTTP/2 URL of the call: `http(s)://authority/service/method`.
    public var url: URL? { URL(string: (usesTLS ? "https://" : "http://") + authority + path) }

    /// `/package.Service/Method`.
    public var path: String { "/\(service)/\(method)" }

    /// The same endpoint calling `service`'s `method` (server reflection, for instance).
    public func calling(_ service: String, _ method: String) -> GRPCTarget {
        GRPCTarget(usesTLS: usesTLS, authority: authority, service: service, method: method)
    }

    /// `grpc://host:port/package.Service/Method` or `grpcs://…`.
    public var description: String { (usesTLS ? "grpcs://" : "grpc://") + authority + path }
}
