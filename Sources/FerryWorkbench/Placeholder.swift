/// The FerryWorkbench module; this placeholder goes when the module's first real type arrives.
public enum FerryWorkbenchModule {
    /// The module's name.
    public static let name = "FerryWorkbench"
}
