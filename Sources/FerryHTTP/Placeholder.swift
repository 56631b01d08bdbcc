/// The FerryHTTP module; this placeholder goes when the module's first real type arrives.
public enum FerryHTTPModule {
    /// The module's name.
    public static let name = "FerryHTTP"
}
