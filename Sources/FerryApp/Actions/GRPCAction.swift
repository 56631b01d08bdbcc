import FerryProtobuf
import FerryWorkbench

/// gRPC in the workbench: the endpoints' descriptors and completing fields in the body.
enum GRPCAction: Sendable {
    /// A call is sent to the open request's endpoint: fetch its descriptors unless they are known or coming.
    case descriptorsNeeded
    /// Fetch the open request's descriptors again (Ctrl-L).
    case descriptorsRequested
    /// The fetch of `endpoint`'s descriptors ended.
    case descriptorsLoaded(endpoint: String, Result<GRPCLoadedDescriptors, GRPCSendError>)
    /// Insert the first completion of the field name before the body editor's cursor.
    case completionAccepted
}

/// Descriptors fetched for an endpoint, and where they came from.
struct GRPCLoadedDescriptors: Sendable {
    /// The descriptors.
    var pool: DescriptorPool
    /// `server reflection`, the cache, or the `.proto` file or descriptor set.
    var source: String
}
