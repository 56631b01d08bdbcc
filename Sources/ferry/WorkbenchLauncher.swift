import FerryApp
import FerryHTTP
import FerryNcurses
import FerryScript
import FerryTerminal
import Foundation

/// Opens the full-screen workbench on a workspace folder: the ncurses backend (which also copies with
/// OSC 52 and suspends for `$EDITOR` and Ctrl-Z), the curl transport and the theme fitted to the terminal.
enum WorkbenchLauncher {
    /// Runs the workbench on `root` until the user quits (or a signal ends it); returns the exit status.
    static func run(workspace root: URL) -> Int32 {
        // The environment is copied once (each `ProcessInfo.environment` builds a new dictionary).
        let environment = ProcessInfo.processInfo.environment
        let catalog = ThemeCatalog.load(from: ThemeCatalog.defaultDirectories(environment: environment))
        let settings = UserSettings.load(environment: environment)
        // FERRY_THEME wins over `theme =` in the settings file.
        let name = environment["FERRY_THEME"] ?? settings.theme?.value
        let source = environment["FERRY_THEME"] != nil ? "FERRY_THEME" : settings.path
        let line = environment["FERRY_THEME"] != nil ? nil : settings.theme?.line
        let chosen = catalog.theme(named: name)
        let themeProblems =
            catalog.problems + [catalog.problem(choosing: name, from: source, line: line)].compactMap { $0 }
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let editor = ExternalEditor(environment: environment)
        let pager = ExternalEditor.pager(environment: environment)
        let services = AppServices(
            editText: { text, fileExtension in try editor.edit(text, fileExtension: fileExtension) },
            editFile: { file, line in try editor.edit(file, atLine: line) },
            showFile: { file, viewer in try (viewer == .pager ? pager : editor).show(file) },
            stopProcess: { JobControl.stop() }, trustStore: TrustCommand.store(environment: environment),
            scriptTimeLimit: ScriptRunner.limit(from: environment))
        return TerminalSession.run { backend, termination in
            let depth = Theme.effectiveDepth(terminal: backend.colorDepth, environment: environment)
            let app = try WorkbenchApp(
                workspace: root, backend: backend, transport: transport, services: services,
                theme: chosen.fitted(to: depth), themeProblems: themeProblems, processEnvironment: environment,
                themes: catalog.themes.map { $0.fitted(to: depth) }, settings: settings)
            // FERRY_EXIT_AFTER_FIRST_FRAME=1 quits once the first frame is on screen (launch benchmarks).
            let firstFrameOnly = environment["FERRY_EXIT_AFTER_FIRST_FRAME"] == "1"
            try app.run(stoppingWhen: { termination.isRequested || firstFrameOnly })
            return ExitCode.success
        }
    }
}
