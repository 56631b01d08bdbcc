import FerryGRPC
import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

/// The response pane: a status line coloured by class, and the Body / Headers / Timing / Request tabs.
struct ResponseView: Widget {
    /// The state to draw.
    let state: AppState

    /// The tab bar as drawn, for hit-testing clicks on it.
    static func tabs(for state: AppState) -> Tabs {
        Tabs(titles: ResponseTab.allCases.map(\.title), selectedIndex: state.response.tab.rawValue, theme: state.theme)
    }

    /// Draws the response pane `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        WorkbenchView.pane(Line(" Response "), focused: state.panes.focus == .response, theme: theme)
            .render(into: &buffer, area: area)
        let statusRow = WorkbenchLayout.headerRow(0, of: area)
        guard let exchange = state.currentExchange else {
            let hint = AppKeyMap.hint(for: .send, in: state.keyMap) ?? "Ctrl+R"
            Line("No response yet — \(hint) or F5 sends the request.", style: theme[.muted])
                .render(into: &buffer, area: statusRow)
            return
        }
        statusLine(exchange, theme: theme).render(into: &buffer, area: statusRow)
        Self.tabs(for: state).render(into: &buffer, area: WorkbenchLayout.headerRow(1, of: area))
        let content = WorkbenchLayout.content(of: area)
        if let conversation = exchange.conversation, state.response.tab == .body {
            return ConversationView(conversation: conversation, theme: theme).render(into: &buffer, area: content)
        }
        switch exchange.phase {
        case .failed(let message):
            if state.response.tab == .body, exchange.bodySize > 0, content.height > 1 {
                // A transfer broken off mid-body: the error, then what had arrived (marked partial).
                return renderBody(of: exchange, below: message, into: &buffer, area: content)
            }
            // The headers that arrived before it broke are shown on their tab.
            let hasHeaders = state.response.tab == .headers && exchange.headers != nil
            if !hasHeaders, [.body, .headers, .timing].contains(state.response.tab) {
                Paragraph(text: Text([Line(message, style: theme[.error])]), wrap: true)
                    .render(into: &buffer, area: content)
                return
            }
        case .canceled where exchange.bodySize > 0:
            // What had arrived is shown (marked partial by the body's note).
            break
        case .inFlight where exchange.grpc != nil && exchange.events != nil && state.response.tab == .body:
            // A gRPC stream's messages as they arrive, one entry each.
            if let events = exchange.events {
                EventStreamView(exchange: exchange, events: events, theme: theme).render(into: &buffer, area: content)
            }
            return
        case .received where exchange.grpc?.status?.isOK == false && state.response.tab == .body:
            // A status other than OK, said first (never cut), then whatever messages came before it.
            return renderBody(of: exchange, below: exchange.grpc?.statusText ?? "", into: &buffer, area: content)
        case .inFlight where exchange.head != nil && exchange.retryWait == nil, .canceled where exchange.head != nil:
            // What arrived so far: the headers on their tab, the start of the body on its own.
            if state.response.tab == .body {
                PartialBodyView(exchange: exchange, theme: theme).render(into: &buffer, area: content)
                return
            }
            if state.response.tab == .timing {
                Line("Timing is shown once the transfer ends.", style: theme[.muted]).render(
                    into: &buffer, area: content.rows(content.y, count: 1))
                return
            }
        case .inFlight, .canceled:
            if state.response.tab != .request {
                let received = exchange.progress.bytesReceived
                let waiting = exchange.isInFlight ? exchange.retryWait : nil
                let text =
                    waiting.map { "\($0.summary). Attempt \($0.attempt - 1) got no usable answer." }
                    ?? (exchange.isInFlight
                        ? "Waiting for the response… Esc cancels."
                        : "Canceled. \(received == 0 ? "Nothing had arrived." : "\(WorkbenchView.formatBytes(received)) had arrived and were dropped.")")
                Paragraph(text: Text([Line(text, style: theme[.muted])]), wrap: true).render(
                    into: &buffer, area: content)
                return
            }
        case .received:
            break
        }
        switch state.response.tab {
        case .body:
            if let filter = exchange.viewport.filter {
                JSONFilterView(
                    filter: filter, theme: theme, isFocused: state.panes.focus == .response
                ).render(into: &buffer, area: content)
            } else {
                BodyView(
                    exchange: exchange, theme: theme, isFocused: state.panes.focus == .response,
                    wraps: state.response.wrapsLines
                ).render(into: &buffer, area: content)
            }
        case .headers:
            detailView(headerLines(exchange, theme: theme)).render(into: &buffer, area: content)
        case .timing:
            Paragraph(
                text: Text(TimingView.lines(exchange, width: content.width, theme: theme)),
                scroll: state.response.detailScroll
            ).render(into: &buffer, area: content)
        case .request:
            detailView(requestLines(exchange, theme: theme)).render(into: &buffer, area: content)
        case .tests:
            TestsView(
                outcomes: exchange.scriptOutcomes, cursor: state.response.testsCursor,
                scroll: state.response.detailScroll,
                isFocused: state.panes.focus == .response, theme: theme
            ).render(into: &buffer, area: content)
        case .errors:
            GraphQLErrorsView(
                errors: state.graphQL.responseErrors[exchange.id], scroll: state.response.detailScroll, theme: theme
            )
            .render(into: &buffer, area: content)
        }
    }

    /// `message` in the error colour, wrapped whole (never cut at the pane's edge), then `exchange`'s body
    /// below it when it has one.
    private func renderBody(of exchange: Exchange, below message: String, into buffer: inout ScreenBuffer, area: Rect) {
        let paragraph = Paragraph(text: Text([Line(message, style: state.theme[.error])]), wrap: true)
        guard exchange.bodySize > 0, area.height > 1 else { return paragraph.render(into: &buffer, area: area) }
        let errorRows = min(Paragraph.wrapped(Line(message), width: area.width).count, area.height - 1)
        paragraph.render(into: &buffer, area: area.rows(area.y, count: errorRows))
        let below = Rect(x: area.x, y: area.y + errorRows, width: area.width, height: area.height - errorRows)
        BodyView(
            exchange: exchange, theme: state.theme, isFocused: state.panes.focus == .response,
            wraps: state.response.wrapsLines
        ).render(into: &buffer, area: below)
    }

    /// A gRPC call that ended: its status by name, coloured OK or not, the method, the messages and the time.
    private func grpcStatusLine(_ call: GRPCCallState, _ response: HTTPResponse, theme: Theme) -> Line {
        let isOK = call.status?.isOK == true
        var spans = [
            Span(" \(call.status?.code.name ?? "?") ", style: (isOK ? theme[.success] : theme[.error]).adding(.bold)),
            Span(" gRPC \(call.method ?? "")", style: theme[.muted]),
            Span("  · \(call.messageCount) message\(call.messageCount == 1 ? "" : "s")", style: theme[.muted]),
        ]
        if response.tlsVerification == .disabled {
            spans.insert(Span("  ⚠ TLS not verified", style: theme[.warning].adding(.bold)), at: 1)
        }
        if let timing = response.timing {
            spans.append(Span("  · \(WorkbenchView.formatDuration(timing.total))", style: theme[.muted]))
        }
        if let message = call.status?.message, !isOK, !message.isEmpty {
            spans.append(Span("  · \(message)", style: theme[.error]))
        }
        return Line(spans)
    }

    /// A conversation in flight: connecting, or open with the count of messages so far.
    private func conversationLine(_ conversation: Conversation, frame: String, theme: Theme) -> Line {
        guard conversation.isOpen else {
            return Line([
                Span("\(frame) Connecting ", style: theme[.accent]), Span(conversation.target, style: theme[.muted]),
            ])
        }
        let messages = "\(conversation.count) message\(conversation.count == 1 ? "" : "s")"
        return Line([
            Span("Open ", style: theme[.success].adding(.bold)), Span(conversation.target, style: theme[.muted]),
            Span("  · \(messages)", style: theme[.muted]),
        ])
    }

    private func statusLine(_ exchange: Exchange, theme: Theme) -> Line {
        switch exchange.phase {
        case .inFlight:
            let frame = String(Spinner.frame(at: state.spinnerFrame))
            if let wait = exchange.retryWait {
                return Line([Span(frame + " " + wait.summary, style: theme[.warning].adding(.bold))])
            }
            if let conversation = exchange.conversation {
                return conversationLine(conversation, frame: frame, theme: theme)
            }
            // Until the head is in, how long it has waited; then the bytes as they arrive.
            let amount =
                exchange.waited(at: state.response.now).map { "waiting " + WorkbenchView.formatWait($0) }
                ?? WorkbenchView.formatBytes(exchange.progress.bytesReceived)
            return Line(
                [
                    Span(frame + (exchange.sent == nil ? " Preparing " : " Sending "), style: theme[.accent]),
                    Span(
                        exchange.sent.map {
                            "\($0.method) \(exchange.scrubber.scrub($0.targetDescription))"
                        } ?? "",
                        style: theme[.muted]),
                    Span("  \(amount)", style: theme[.muted]),
                ])
        case .canceled:
            return Line([
                Span("Canceled", style: theme[.warning].adding(.bold)),
                Span("  \(WorkbenchView.formatBytes(exchange.progress.bytesReceived)) received", style: theme[.muted]),
                Span(exchange.isBodyIncomplete ? "  · partial" : "", style: theme[.warning]),
            ])
        case .failed:
            return Line([Span("Failed", style: theme[.error].adding(.bold))])
        case .received(let response):
            if let call = exchange.grpc, call.status != nil { return grpcStatusLine(call, response, theme: theme) }
            var spans = [
                Span(" \(response.status) ", style: theme.style(forStatus: response.status).adding(.bold)),
                Span(" " + response.displayReason),
            ]
            if response.tlsVerification == .disabled {
                // Said first, so even a narrow pane shows it.
                spans.append(Span("  ⚠ TLS not verified", style: theme[.warning].adding(.bold)))
            }
            if let errors = state.graphQL.responseErrors[exchange.id] {
                spans.append(Span("  · \(GraphQLErrorsView.count(errors)) (Errors tab)", style: theme[.error]))
            }
            if exchange.attempt > 1 {
                spans.append(Span("  · attempt \(exchange.attempt)", style: theme[.warning]))
            }
            if let timing = response.timing {
                spans.append(Span("  · \(WorkbenchView.formatDuration(timing.total))", style: theme[.muted]))
            }
            spans.append(Span("  · \(WorkbenchView.formatBytes(exchange.bodySize))", style: theme[.muted]))
            if exchange.isBodyPartial {
                spans.append(Span("  · partial view", style: theme[.warning]))
            }
            if let type = response.mediaType?.essence { spans.append(Span("  · \(type)", style: theme[.muted])) }
            return Line(spans)
        }
    }

    /// The column the tab shown draws its lines from in `content`: the one scrolled to, stopped where the
    /// longest line in view ends (0 for tabs that do not scroll sideways).
    func shownColumn(in content: Rect) -> Int {
        guard let exchange = state.currentExchange else { return 0 }
        switch state.response.tab {
        case .body where exchange.viewport.filter == nil:
            return BodyView(exchange: exchange, theme: state.theme, isFocused: false, wraps: state.response.wrapsLines)
                .shownColumn(in: content)
        case .headers: return detailView(headerLines(exchange, theme: state.theme)).shownColumn(in: content)
        case .request: return detailView(requestLines(exchange, theme: state.theme)).shownColumn(in: content)
        case .body, .timing, .tests, .errors: return 0
        }
    }

    /// `lines` scrolled to the tab's rows and columns, wrapped or cut with `…` as the body is.
    private func detailView(_ lines: [Line]) -> TextView<StyledLines> {
        var view = TextView(source: StyledLines(lines), top: state.response.detailScroll, lineNumberStyle: nil)
        view.column = state.response.detailColumn
        view.wraps = state.response.wrapsLines
        view.cutMarkStyle = state.theme[.muted]
        return view
    }

    /// The Headers tab: a gRPC call's status, the header fields, then the trailers (fields that came after the
    /// body, as `grpc-status`) under a "Trailers" title of their own.
    private func headerLines(_ exchange: Exchange, theme: Theme) -> [Line] {
        guard let response = exchange.response ?? exchange.head else { return [] }
        var lines: [Line] = []
        if let call = exchange.grpc, let status = call.statusText {
            // The call's status first (it is in the trailers below, as grpc-status and grpc-message).
            let style = call.status?.isOK == true ? theme[.success] : theme[.error]
            lines += [Line([Span("gRPC status: ", style: theme[.headerName]), Span(status, style: style)]), Line("")]
        }
        let field = { (header: HTTPHeaders.Element) in
            Line([Span(header.name + ": ", style: theme[.headerName]), Span(header.value, style: theme[.headerValue])])
        }
        lines += response.headersWithoutTrailers.map(field)
        let trailers = response.trailers
        guard !trailers.isEmpty else { return lines }
        return lines + [Line(""), Line("Trailers", style: theme[.muted].adding(.bold))] + trailers.map(field)
    }

    private func requestLines(_ exchange: Exchange, theme: Theme) -> [Line] {
        guard let sent = exchange.sent else { return [] }
        let mask = exchange.scrubber.scrub
        var lines = [
            Line([
                Span(sent.method.rawValue + " ", style: theme.style(forMethod: sent.method.rawValue).adding(.bold)),
                Span(mask(sent.targetDescription)),
            ])
        ]
        // What went on the wire, when the transport recorded it; else the request as it was handed over.
        let heads = exchange.sentHeads
        lines += SentHeadLines.lines(heads, scrubber: exchange.scrubber, theme: theme)
        if sent.tlsVerification == .disabled {
            lines.append(Line("⚠ TLS certificate not verified (# @insecure)", style: theme[.warning]))
        }
        if sent.retryPolicy.maximumRetries > 0 {
            let made = exchange.attempt == 1 ? "1 attempt" : "\(exchange.attempt) attempts"
            lines.append(
                Line(
                    "up to \(sent.retryPolicy.maximumRetries) retries (# @retries) · \(made) made",
                    style: theme[.muted]))
        }
        for header in sent.headers where heads.isEmpty {
            let value =
                header.name.lowercased() == "authorization"
                ? (header.value.split(separator: " ").first.map { "\($0) ••••••" } ?? "••••••") : mask(header.value)
            lines.append(Line([Span(header.name + ": ", style: theme[.jsonKey]), Span(value)]))
        }
        if case .data(let data, _) = sent.body, let text = String(data: data, encoding: .utf8) {
            lines.append(Line(""))
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(mask(String($0))) }
        }
        return lines
    }
}
