/// The FerryApp module; this placeholder goes when the module's first real type arrives.
public enum FerryAppModule {
    /// The module's name.
    public static let name = "FerryApp"
}
