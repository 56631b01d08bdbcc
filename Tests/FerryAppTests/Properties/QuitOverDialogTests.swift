import FerryTerminal
import FerryWorkbench
import Testing

@testable import FerryApp

/// Nothing keeps the user in: over every dialog, Ctrl-Q quits (asking first when something is unsaved), unless
/// the dialog binds Ctrl-Q itself to its own way out (the quit question confirms, the trust question quits).
struct QuitOverDialogTests {
    static let dialogs: [Overlay] = [
        .help(scroll: 0), .problems(scroll: 0), .run(selection: 0), .search("a"), .treeFilter("a"),
        .environmentPicker(PickerDialogState(title: "Environment", items: [PickerChoice("local")])),
        .methodPicker(PickerDialogState(title: "Method", items: [PickerChoice("GET")])),
        .namePrompt(.newEnvironment, PromptDialogState(title: "New environment", label: "Name")),
        .namePrompt(.loadTest(nil), PromptDialogState(title: "Load test", label: "Load", text: "10s 4")),
        .confirmDiscard(RequestID(path: "a.http", selector: "one"), lost: ["GET /"]),
        .valueDetail(title: "v", rows: ["1"], scroll: 0),
        .overlayHelp(under: .run(selection: 0), scroll: 0),
    ]

    @Test(arguments: dialogs)
    func ctrlQQuitsOverTheDialog(_ dialog: Overlay) throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        state.overlay = dialog
        let action = InputRouter.action(for: .key(.control("q")), in: state).map { "\($0)" }
        #expect(action == "app(FerryApp.AppEvent.quitRequested)", "\(dialog)")
    }

    @Test func theQuitQuestionsOwnCtrlQConfirms() throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        state.overlay = .confirmQuit
        let action = InputRouter.action(for: .key(.control("q")), in: state).map { "\($0)" }
        #expect(action != "app(FerryApp.AppEvent.quitRequested)" && action != nil, "\(action ?? "nil")")
    }
}
