import FerryHTTP
import FerryJSON
import FerrySystem
import Foundation

/// Prints a response body while it arrives, for `ferry send`: the bytes as they come, or with `--events`
/// each server-sent event as one JSON line (`{"event":…,"id":…,"data":…}`) once it is complete. Output goes
/// to standard output through ``TerminalOutput`` (made safe on a terminal), or with `--events -o FILE` into
/// the output's temporary file (``AtomicFile``), byte-exact.
///
/// A body that is only shown well whole (JSON pretty-printed on a terminal) or that goes to a file without
/// `--events` has no printer: ``init(head:options:destination:)`` returns `nil` and the body is printed at the
/// end, or was streamed to the file by FerryHTTP.
struct StreamedBodyPrinter {
    /// Where the printed body goes.
    enum Destination {
        /// Standard output (or standard error, in tests).
        case terminal(TerminalOutput)
        /// The temporary file of `-o FILE` (its ``AtomicFile/descriptor``), put in place at the end by the caller.
        case file(FileDescriptor)
    }

    private enum Mode {
        case bytes(TerminalOutput.ChunkWriter?)
        case events(EventStreamParser)
    }

    private var mode: Mode
    private let destination: Destination
    /// Set when an event passed the parser's bound; nothing more is printed after it.
    private(set) var overflow: EventStreamParser.Overflow?
    /// Set when the output file could not be written; nothing more is written after it.
    private(set) var writeFailure: SystemError?

    /// A printer for the body of `head` into `destination`, or `nil` when it is printed at the end (or
    /// streamed to `-o`'s file by FerryHTTP).
    init?(head: HTTPResponse, options: SendOptions, destination: Destination) {
        let type = head.headers["Content-Type"].map { MediaType($0) }
        switch destination {
        case .file:
            guard options.events else { return nil }
            mode = head.isEventStream ? .events(EventStreamParser()) : .bytes(nil)
        case .terminal(let output):
            if options.events, head.isEventStream {
                mode = .events(EventStreamParser())
            } else if output.isTerminal, type == nil || type?.isJSON == true {
                return nil
            } else {
                mode = .bytes(TerminalOutput.ChunkWriter(output))
            }
        }
        self.destination = destination
    }

    /// Whether nothing more is printed: an event passed its bound or the file could not be written.
    var hasStopped: Bool { overflow != nil || writeFailure != nil }

    /// Prints what `chunk` completes.
    mutating func write(_ chunk: Data) {
        guard !hasStopped else { return }
        switch mode {
        case .bytes(var writer):
            chunk.withUnsafeBytes { raw in
                if writer != nil {
                    writer?.write(raw.bindMemory(to: UInt8.self))
                } else {
                    emit(raw)
                }
            }
            mode = .bytes(writer)
        case .events(var parser):
            do throws(EventStreamParser.Overflow) {
                // One write for the events a chunk completes: as live, without a system call per event.
                var lines: [UInt8] = []
                for event in try parser.parse(chunk) { lines += Self.line(for: event) }
                if !lines.isEmpty { lines.withUnsafeBytes { emit($0) } }
            } catch {
                overflow = error
            }
            mode = .events(parser)
        }
    }

    /// Writes `bytes` to the destination as they are (a terminal's bytes are made safe by ``TerminalOutput``).
    private mutating func emit(_ bytes: UnsafeRawBufferPointer) {
        switch destination {
        case .terminal(let output):
            output.write(Array(bytes))
        case .file(let file):
            do throws(SystemError) {
                try file.writeAll(bytes)
            } catch {
                writeFailure = error
            }
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
            writer?.finish()
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
