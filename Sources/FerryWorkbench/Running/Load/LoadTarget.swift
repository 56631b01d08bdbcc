import FerryHTTP

/// A request a load run sends over and over: prepared once (variables resolved, pre-request scripts run),
/// then sent as it is; its statistics start empty.
struct LoadTarget: Sendable {
    /// The request as it goes out.
    var request: HTTPRequest
    /// Its id, place, method and masked URL, with nothing counted yet.
    var statistics: LoadStatistics
}
