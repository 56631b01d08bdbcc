import FerryApp
import FerryHTTP
import FerryNcurses
import FerryTerminal
import Foundation

/// Opens the full-screen workbench on a workspace folder: the ncurses backend, the curl transport, the
/// theme fitted to the terminal, and OSC 52 for copying.
enum WorkbenchLauncher {
    /// Runs the workbench on `root` until the user quits (or a signal ends it); returns the exit status.
    static func run(workspace root: URL) -> Int32 {
        let catalog = ThemeCatalog.load(from: ThemeCatalog.defaultDirectories())
        let environment = ProcessInfo.processInfo.environment
        let chosen = catalog.theme(named: environment["FERRY_THEME"])
        let transport = CurlTransport()
        defer { transport.shutdown() }
        return TerminalSession.run { backend, termination in
            let depth = Theme.effectiveDepth(terminal: backend.colorDepth, environment: environment)
            let app = try WorkbenchApp(
                workspace: root, backend: backend, transport: transport,
                services: AppServices(copyToClipboard: Clipboard.copy), theme: chosen.fitted(to: depth))
            try app.run(stoppingWhen: { termination.isRequested })
            return ExitCode.success
        }
    }
}

/// Copies text to the terminal's clipboard with OSC 52, which also works over SSH and inside tmux
/// (with `set-clipboard on`). It writes to `/dev/tty`, beside ncurses: the sequence moves no cursor.
enum Clipboard {
    /// Sends `text` to the clipboard.
    @Sendable static func copy(_ text: String) {
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        guard let tty = FileHandle(forWritingAtPath: "/dev/tty") else { return }
        tty.write(Data(sequence.utf8))
        try? tty.close()
    }
}
