import FerryProtobuf

/// What completes the service or method being typed on a `GRPC` line (`GRPC host:port/package.Service/Method`),
/// from the endpoint's descriptors: the services after the authority's `/`, the service's methods after the next.
///
/// ```swift
/// GRPCTargetCompletion(before: "localhost:50051/ferry.test.E", pool: pool)?.candidates  // ["ferry.test.Echo"]
/// ```
public struct GRPCTargetCompletion: Sendable, Hashable {
    /// The part of the service or method name typed before the cursor.
    public var partial: String
    /// The full names of the services, or the names of the methods, that start with ``partial`` (the name typed
    /// in full left out), sorted.
    public var candidates: [String]

    /// The completion for a cursor after `before` (the target up to the cursor, with or without its scheme),
    /// or `nil` when the cursor is in the authority or nothing completes.
    public init?(before: String, pool: DescriptorPool) {
        var rest = Substring(before)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let path = rest[rest.index(after: slash)...].split(separator: "/", omittingEmptySubsequences: false)
        let names: [String]
        switch path.count {
        case 1:
            names = pool.allServices.map(\.fullName)
        case 2:
            let service = String(path[0])
            let found =
                pool.service(service)
                ?? pool.allServices.filter { $0.fullName.hasSuffix("." + service) }.first
            names = found?.methods.map(\.name).sorted() ?? []
        default:
            return nil
        }
        let typed = String(path.last ?? "")
        partial = typed
        candidates = names.filter { $0.hasPrefix(typed) && $0 != typed }
        guard !candidates.isEmpty else { return nil }
    }
}
