/// The FerryTerminal module; this placeholder goes when the module's first real type arrives.
public enum FerryTerminalModule {
    /// The module's name.
    public static let name = "FerryTerminal"
}
