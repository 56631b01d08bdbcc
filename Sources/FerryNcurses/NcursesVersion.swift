import CNcurses

/// Facts about the ncurses library this build links.
public enum NcursesLibrary {
    /// The version string ncurses reports, such as `ncurses 6.4.20221231`.
    public static var version: String { String(cString: curses_version()) }
}
