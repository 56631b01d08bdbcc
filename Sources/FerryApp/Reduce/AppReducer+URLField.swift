import FerryTerminal
import FerryWorkbench

// MARK: - Where the URL field is

extension AppReducer {
    /// Where the URL field is drawn: the URL row after the method and a space.
    static func urlFieldArea(_ state: AppState) -> Rect {
        EditorFeature.urlFieldArea(state.currentRequest, EditorFeature.Context(state))
    }
}
