import FerryTerminal
import Testing

@testable import FerryApp

/// The pickers and prompts on their own: each event goes to the widget on top, which stays while open, goes on
/// Esc with no answer, and on Enter goes and hands its answer to the feature that asked, through the root.
struct PickersFeatureTests {
    let context = PickersFeature.Context(screen: Size(width: 100, height: 30))

    private func environments() -> Overlay {
        .environmentPicker(
            PickerDialogState(title: "Environment", items: ["local", "staging"].map { PickerChoice($0) }))
    }

    @Test func typingFiltersAndEnterAnswersTheFeatureThatAsked() {
        var overlay: Overlay? = environments()
        for character in "stag" {
            let typed = PickersFeature.reduce(.key(KeyEvent(.character(character))), &overlay, context)
            #expect(typed.requests.isEmpty && typed.effects.isEmpty, "typing is text, never a command")
        }
        let chosen = PickersFeature.reduce(.key(KeyEvent(.enter)), &overlay, context)
        #expect(overlay == nil)
        #expect(chosen.requests == [.answer(.environment("staging"))])
        guard case .session(.environmentChosen("staging")) = DialogAnswer.environment("staging").action else {
            Issue.record("the answer goes to the environment, got \(DialogAnswer.environment("staging").action)")
            return
        }
    }

    @Test func escClosesWithNoAnswer() {
        var overlay: Overlay? = environments()
        let closed = PickersFeature.reduce(.key(KeyEvent(.escape)), &overlay, context)
        #expect(overlay == nil && closed.requests.isEmpty)
    }

    @Test func theNamePromptAnswersWithWhatWasTyped() {
        var overlay: Overlay? = .namePrompt(.newFolder(parent: ""), PromptDialogState(title: "New folder"))
        for character in "api" { _ = PickersFeature.reduce(.key(KeyEvent(.character(character))), &overlay, context) }
        let answered = PickersFeature.reduce(.key(KeyEvent(.enter)), &overlay, context)
        #expect(overlay == nil)
        #expect(answered.requests == [.answer(.name(.newFolder(parent: ""), "api"))])
    }
}
