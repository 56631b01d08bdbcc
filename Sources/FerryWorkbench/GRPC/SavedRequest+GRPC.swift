extension SavedRequest {
    /// The method of a gRPC request: `GRPC host:port/package.Service/Method`.
    public static let grpcMethod = "GRPC"

    /// Whether this is a `GRPC` request.
    public var isGRPC: Bool { explicitMethod?.uppercased() == Self.grpcMethod }
}
