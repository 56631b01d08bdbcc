import Foundation

/// Reads a `text/event-stream` body incrementally, by the WHATWG HTML standard's rules ("Interpreting an
/// event stream"): lines end with CR, LF or CRLF (also split between two chunks), a leading BOM is skipped,
/// `:` starts a comment, `event`, `data` (one or more lines), `id` (ignored when it contains NUL) and
/// `retry` (ASCII digits only) are the fields, and a blank line dispatches the event gathered so far.
///
/// Memory is bounded: an event whose lines and data together pass ``maximumEventBytes`` stops the parser
/// with ``Overflow`` instead of growing. Bytes are decoded as UTF-8, invalid sequences replaced.
///
/// ```swift
/// var parser = EventStreamParser()
/// for try await chunk in response.body {
///     for event in try parser.parse(chunk) { print(event.data) }
/// }
/// ```
public struct EventStreamParser: Sendable {
    /// The bound ``maximumEventBytes`` has unless told otherwise: 1 MiB.
    public static let defaultMaximumEventBytes = 1 << 20

    /// An event (its pending line plus the data gathered for it) grew past ``limit`` bytes.
    public struct Overflow: Error, Sendable, Hashable {
        /// The bound that was passed, in bytes.
        public var limit: Int

        /// The overflow of the bound `limit`.
        public init(limit: Int) { self.limit = limit }
    }

    /// How many bytes one event may take, its unfinished line included.
    public let maximumEventBytes: Int
    /// The last event id: set by `id:`, kept across events (and reconnections, when the caller keeps it).
    public private(set) var lastEventID: String
    /// The reconnection time the stream asked for with its last valid `retry:` field, if any.
    public private(set) var reconnectionTime: Duration?

    private var line: [UInt8] = []
    private var eventType = ""
    private var data: [UInt8] = []
    private var hasData = false
    private var isAtStart = true
    private var lastWasCR = false

    /// A parser bounding each event to `maximumEventBytes`, starting with `lastEventID` (as after a
    /// reconnection).
    public init(maximumEventBytes: Int = defaultMaximumEventBytes, lastEventID: String = "") {
        self.maximumEventBytes = max(1, maximumEventBytes)
        self.lastEventID = lastEventID
    }

    /// The events that `bytes`, the next part of the stream, completes, in order. Throws ``Overflow`` when an
    /// event passes the bound; the parser should not be used after that.
    public mutating func parse(_ bytes: some Collection<UInt8>) throws(Overflow) -> [ServerSentEvent] {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(Overflow) in try parse(buffer: buffer) }
        }
        if let parsed { return try parsed.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(Overflow) in try parse(buffer: buffer) }
        }.get()
    }

    private mutating func parse(buffer: UnsafeBufferPointer<UInt8>) throws(Overflow) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var start = 0
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            index += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            let isSecondHalfOfCRLF = byte == 0x0A && lastWasCR && start == index - 1 && line.isEmpty
            lastWasCR = byte == 0x0D
            if !isSecondHalfOfCRLF {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index - 1]))
                try checkBound()
                if let event = endLine() { events.append(event) }
            }
            start = index
        }
        if start < buffer.count {
            lastWasCR = false
            line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
            try checkBound()
        }
        return events
    }

    /// Ends the stream: an event not yet dispatched by a blank line is dropped, as the standard says.
    public mutating func finish() {
        line.removeAll()
        discardEvent()
        lastWasCR = false
    }

    // MARK: - Lines and fields

    private func checkBound() throws(Overflow) {
        if line.count + data.count > maximumEventBytes { throw Overflow(limit: maximumEventBytes) }
    }

    /// Interprets the line gathered in ``line``; returns the event a blank line dispatches.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: line.count <= 4096) }
        if isAtStart {
            isAtStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        guard let first = line.first else { return dispatch() }
        if first == UInt8(ascii: ":") { return nil }
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            name = line[...]
            value = []
        }
        process(field: name, value: value)
        return nil
    }

    private mutating func process(field name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        if name.elementsEqual("data".utf8) {
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        } else if name.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if name.elementsEqual("retry".utf8) {
            let isDigits = !value.isEmpty && value.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if isDigits, let milliseconds = Int64(String(decoding: value, as: UTF8.self)) {
                reconnectionTime = .milliseconds(milliseconds)
            }
        }
    }

    /// The event gathered so far (none when it has no data), and a fresh one started.
    private mutating func dispatch() -> ServerSentEvent? {
        defer { discardEvent() }
        guard hasData else { return nil }
        let type = eventType.isEmpty ? "message" : eventType
        return ServerSentEvent(type: type, data: String(decoding: data, as: UTF8.self), lastEventID: lastEventID)
    }

    private mutating func discardEvent() {
        eventType = ""
        data.removeAll(keepingCapacity: data.count <= 4096)
        hasData = false
    }
}
