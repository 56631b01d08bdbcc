import FerryHTTP
import FerryNcurses
import FerryTerminal
import Foundation

/// `ferry --demo-ui [--theme NAME]`: a small full-screen screen (panes, a list, a status bar) for trying
/// the terminal layer by hand and for driving it from tmux in tests. `--crash-on-bang` makes `!` crash the
/// process, so a test can check the terminal is restored after a crash signal.
enum DemoUICommand: FerryCommand {
    /// `--theme NAME`: the theme to show.
    static let theme = OptionSpec(long: "--theme", valueName: "NAME", help: "the theme to show")
    /// `--crash-on-bang`: `!` crashes the process (tests check the terminal is restored).
    static let crashOnBang = OptionSpec(
        long: "--crash-on-bang", help: "make ! crash the process (for tests of the terminal's restoration)")

    static let spec = CommandSpec(
        name: "--demo-ui", summary: "show a demo screen of the terminal layer (--theme NAME)",
        options: [theme, crashOnBang])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let themeName = arguments.value(theme)
        let crashesOnBang = arguments.flag(crashOnBang)
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
