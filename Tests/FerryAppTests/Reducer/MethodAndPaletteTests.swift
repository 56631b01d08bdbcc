import FerryTerminal
import FerryWorkbench
import Testing

@testable import FerryApp

/// The method picker's typed methods and the palette's ranking, through the key map and the reducer.
@Suite("Method picker and palette")
struct MethodAndPaletteTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
    }

    /// The method picker on top, else a recorded issue.
    private func methodPicker(_ state: AppState) -> PickerDialogState<PickerChoice<String>>? {
        guard case .methodPicker(let picker) = state.overlay else {
            Issue.record("no method picker: \(String(describing: state.overlay))")
            return nil
        }
        return picker
    }

    @Test mutating func typingAMethodOffersToUseIt() throws {
        state.feed([.key(.function(3))] + InputEvent.typing("PURGE"))
        let picker = try #require(methodPicker(state))
        #expect(picker.selectedItem == PickerChoice("PURGE", "Use PURGE"))
        state.feed([.key(.enter)])
        #expect(state.overlay == nil)
        #expect(state.currentRequest?.method == "PURGE")
        #expect(state.isUnsaved(try #require(state.openRequest)))
    }

    @Test mutating func aCommonMethodTypedIsNotOfferedTwice() throws {
        state.feed([.key(.function(3))] + InputEvent.typing("patch"))
        let picker = try #require(methodPicker(state))
        #expect(picker.list.items.count == EditorFeature.methods.count)
        #expect(picker.selectedItem?.value == "PATCH")
    }

    @Test mutating func aMethodThatIsNotATokenIsRefusedInWords() throws {
        let before = state.currentRequest?.method
        state.feed([.key(.function(3))] + InputEvent.typing("PUR GE"))
        let picker = try #require(methodPicker(state))
        #expect(picker.selectedItem?.text == "Not a method: PUR GE (holds a space at column 4)")
        state.feed([.key(.enter)])
        // The picker stays, the request keeps its method, and the status bar says why.
        #expect(methodPicker(state)?.query.text == "PUR GE")
        #expect(state.currentRequest?.method == before)
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("space at column 4") == true, "\(String(describing: state.message))")
        // Backspacing to a token offers it again.
        state.feed([.key(.backspace), .key(.backspace), .key(.backspace)] + InputEvent.typing("GE"))
        #expect(methodPicker(state)?.selectedItem == PickerChoice("PURGE", "Use PURGE"))
    }

    @Test mutating func thePaletteRanksWholeAndPrefixMatchesFirst() throws {
        state.feed([.control("p")] + InputEvent.typing("history"))
        guard case .palette(let palette) = state.overlay else {
            Issue.record("no palette")
            return
        }
        #expect(palette.selectedItem?.command == .history)
        #expect(PaletteEntries.matching("save the body", keyMap: state.keyMap).first?.command == .saveBody)
        #expect(PaletteEntries.matching("variables", keyMap: state.keyMap).first?.command == .variables)
    }
}
