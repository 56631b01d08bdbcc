/// The FerryJSON module; this placeholder goes when the module's first real type arrives.
public enum FerryJSONModule {
    /// The module's name.
    public static let name = "FerryJSON"
}
