import FerryHTTP
import FerryNcurses
import FerryTerminal
import Foundation

/// `ferry --demo-ui [--theme NAME]`: a small full-screen screen (panes, a list, a status bar) for trying
/// the terminal layer by hand and for driving it from tmux in tests. `--crash-on-bang` makes `!` crash the
/// process, so a test can check the terminal is restored after a crash signal.
enum DemoUICommand: FerryCommand {
    static let name = "--demo-ui"
    static let summary = "show a demo screen of the terminal layer (--theme NAME)"

    static func run(_ arguments: [String]) -> Int32 {
        var themeName: String?
        var crashesOnBang = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--theme":
                guard let value = remaining.popFirst() else {
                    printError("ferry --demo-ui: --theme needs a name")
                    return ExitCode.usage
                }
                themeName = value
            case "--crash-on-bang":
                crashesOnBang = true
            default:
                printError("ferry --demo-ui: unknown argument \(InputExcerpt(argument))")
                return ExitCode.usage
            }
        }
        let catalog = ThemeCatalog.load(from: ThemeCatalog.defaultDirectories())
        for problem in catalog.problems { printError("ferry: theme \(problem) (using the built-in theme)") }
        if let themeName, !catalog.themes.contains(where: { $0.name == themeName }) {
            printError("ferry: no theme named \(InputExcerpt(themeName)); using \(catalog.theme(named: nil).name)")
        }
        let chosen = catalog.theme(named: themeName)
        return TerminalSession.run { backend, termination in
            let depth = Theme.effectiveDepth(
                terminal: backend.colorDepth, environment: ProcessInfo.processInfo.environment)
            let theme = chosen.fitted(to: depth)
            var state = DemoUIState()
            state.crashesOnBang = crashesOnBang
            let loop = TerminalLoop<DemoUIState, DemoUIAction>(backend: backend, state: state)
            try loop.run(
                action: DemoUIState.action(for:in:),
                reduce: { state, action in state.apply(action) },
                view: { state, frame in state.render(into: &frame, theme: theme, depth: depth) },
                isFinished: { $0.hasQuit || termination.isRequested })
            return ExitCode.success
        }
    }
}
