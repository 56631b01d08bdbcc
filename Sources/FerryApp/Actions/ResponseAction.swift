import FerryWorkbench
import Foundation

/// What the user asked of the response pane, and what its effects posted back (``ResponseFeature``).
enum ResponseAction: Sendable {
    /// Another request opened: the tab shown starts at its top.
    case requestOpened
    /// Move the cursor of the tab shown (body rows, Tests rows, live events, a detail tab's lines).
    case cursorMoved(CursorMove)
    /// Enter: toggle the JSON node or live event, open the test's row, close the filter's list.
    case rowActivated
    /// `/`: start searching the response body.
    case searchRequested
    /// Run the search typed (Enter or Esc in the search prompt): a text to find, or a query to filter by.
    case searchRun(String)
    /// ↑ (`earlier`) or ↓ at the search prompt showing `text`: bring back a query run before.
    case searchRecalled(earlier: Bool, from: String)
    /// Jump to the next (+1) or previous (-1) search match.
    case searchStepped(Int)
    /// Leave the query filter's list: `showing` keeps the cursor on the current result (Enter), else the
    /// filter is cleared (Esc).
    case filterClosed(showing: Bool)
    /// Expand every JSON node.
    case jsonExpandedAll
    /// Collapse every JSON node.
    case jsonCollapsedAll
    /// Expand JSON nodes down to a depth.
    case jsonExpandedToLevel(Int)
    /// Copy the selected JSON node's value or path, or the selected text line.
    case copyRequested(CopyTarget)
    /// Wrap long lines of the response, or cut them again.
    case wrapToggled
    /// Scroll the lines of the tab shown sideways: right (+1) or left (-1), by a third of the pane.
    case scrolledSideways(Int)
    /// Open the value under the cursor whole (the tree's node, the text line, the top row of a tab).
    case valueOpened
    /// Show the next (+1) or previous (-1) tab.
    case tabStepped(Int)
    /// Show this tab (a click on its title).
    case tabSelected(ResponseTab)
    /// A click on the tab's content, this many rows below its top.
    case contentClicked(row: Int)
    /// The spinner's clock ticked at this time: what is in flight measures how long it has waited.
    case clockTicked(ContinuousClock.Instant)
    /// Show the response this history entry recorded for the request (unless a send of it is in flight).
    case recordedResponseChosen(HistoryEntry, for: RequestID)
    /// The request was deleted: its exchange goes.
    case exchangeForgotten(RequestID)
    /// A file or folder moved: the exchanges of the requests inside it follow them.
    case requestsRelocated(from: String, to: String)
    /// A file or folder went to the trash: the exchanges of the requests inside it go.
    case requestsTrashed(under: String)
    /// Send the open request (with its unsaved edits) in the active environment.
    case sendRequested
    /// Send the open request with its body as written, skipping the check of a JSON body.
    case sendAsWrittenRequested
    /// The `# @prompt` form was answered: send request `to` with `answers` (`asWritten`: skip the JSON check).
    case sendAnswered(PromptedValues, to: RequestID, asWritten: Bool)
    /// Esc with nothing left to peel: cancel the open request's transfer (or say which one is in flight).
    case cancelRequested
    /// Show this exchange, which a run made for the request, as the request's own (Enter on the run's row).
    case runExchangeShown(RunExchange, of: RequestID)
    /// The last recorded response of each request, read from the history at launch.
    case recordedResponsesLoaded([RequestID: HistoryEntry])
    /// Save the body to a file (asks where).
    case bodySaveRequested
    /// The path to save request `id`'s body to was typed; `replacing` names the file the user agreed to replace.
    case bodySaveTyped(RequestID, path: String, replacing: String?)
    /// Show the body in the pager or the editor.
    case bodyShowRequested(ExternalViewer)
    /// Showing the body outside failed, and why.
    case bodyShowFailed(SaveFailure)
    /// A save of request `id`'s body to the path typed ended: the file written, or why not.
    case bodySaveFinished(RequestID, typed: String, Result<URL, BodyFile.Failure>)
}

/// What a copy from the response body takes.
enum CopyTarget: Sendable, Hashable {
    /// The selected node's value (or line).
    case value
    /// The selected node's path (or the query that made a computed result).
    case path
}
