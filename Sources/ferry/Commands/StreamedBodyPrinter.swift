import FerryHTTP
import FerryJSON
import Foundation

/// Prints a response body while it arrives, for `ferry send`: the bytes as they come, or with `--events`
/// each server-sent event as one JSON line (`{"event":…,"id":…,"data":…}`) once it is complete. Output goes
/// through ``TerminalOutput`` (made safe on a terminal).
///
/// A body that is only shown well whole (JSON pretty-printed on a terminal) or that goes to a file has no
/// printer: ``init(head:options:output:)`` returns `nil` and the body is printed at the end as before.
struct StreamedBodyPrinter {
    private enum Mode {
        case bytes(TerminalOutput.ChunkWriter)
        case events(EventStreamParser)
    }

    private var mode: Mode
    private let output: TerminalOutput
    /// Set when an event passed the parser's bound; nothing more is printed after it.
    private(set) var overflow: EventStreamParser.Overflow?

    /// A printer for the body of `head`, or `nil` when it is printed at the end.
    init?(head: HTTPResponse, options: SendOptions, output: TerminalOutput) {
        guard options.outputPath == nil else { return nil }
        let type = head.headers["Content-Type"].map { MediaType($0) }
        if options.events, head.isEventStream {
            mode = .events(EventStreamParser())
        } else if output.isTerminal, type == nil || type?.isJSON == true {
            return nil
        } else {
            mode = .bytes(TerminalOutput.ChunkWriter(output))
        }
        self.output = output
    }

    /// Prints what `chunk` completes.
    mutating func write(_ chunk: Data) {
        guard overflow == nil else { return }
        switch mode {
        case .bytes(var writer):
            chunk.withUnsafeBytes { raw in writer.write(raw.bindMemory(to: UInt8.self)) }
            mode = .bytes(writer)
        case .events(var parser):
            do throws(EventStreamParser.Overflow) {
                // One write for the events a chunk completes: as live, without a system call per event.
                var lines: [UInt8] = []
                for event in try parser.parse(chunk) { lines += Self.line(for: event) }
                if !lines.isEmpty { output.write(lines) }
            } catch {
                overflow = error
            }
            mode = .events(parser)
        }
    }

    /// Takes the start of another connection's body: an event the last one left unfinished is dropped.
    mutating func reconnected() {
        if case .events(var parser) = mode {
            parser.finish()
            mode = .events(parser)
        }
    }

    /// Prints what the terminal filter still holds; an unfinished event is dropped.
    mutating func finish() {
        if case .bytes(var writer) = mode {
            writer.finish()
            mode = .bytes(writer)
        }
    }

    /// `event` as a compact JSON object on one line.
    static func line(for event: ServerSentEvent) -> [UInt8] {
        // The fixed keys written as they are, only the three strings escaped: no object built per event.
        var line = Array(#"{"event":"#.utf8)
        line += JSONValue.string(event.type).formattedBytes(.compact)
        line += #","id":"#.utf8
        line += JSONValue.string(event.lastEventID).formattedBytes(.compact)
        line += #","data":"#.utf8
        line += JSONValue.string(event.data).formattedBytes(.compact)
        line += #"}"#.utf8
        line.append(0x0A)
        return line
    }
}
