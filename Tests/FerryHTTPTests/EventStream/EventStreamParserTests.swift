import FerryHTTP
import Foundation
import Testing

/// The event-stream parser against the WHATWG HTML standard's examples and rules ("Interpreting an event
/// stream"), each also fed one byte at a time so that lines, CRLF pairs and UTF-8 split between chunks show.
@Suite struct EventStreamParserTests {
    /// The events `text` makes, parsed whole and byte by byte (both must agree), then finished.
    static func events(_ text: String, limit: Int = EventStreamParser.defaultMaximumEventBytes) throws
        -> [ServerSentEvent]
    {
        try events(bytes: Array(text.utf8), limit: limit)
    }

    static func events(bytes: [UInt8], limit: Int = EventStreamParser.defaultMaximumEventBytes) throws
        -> [ServerSentEvent]
    {
        var whole = EventStreamParser(maximumEventBytes: limit)
        let all = try whole.parse(bytes)
        var split = EventStreamParser(maximumEventBytes: limit)
        var one: [ServerSentEvent] = []
        for byte in bytes { one += try split.parse([byte]) }
        #expect(one == all)
        #expect(split.lastEventID == whole.lastEventID)
        #expect(split.reconnectionTime == whole.reconnectionTime)
        return all
    }

    @Test func stockExampleDispatchesOnBlankLinesOnly() throws {
        // The standard's first example: two events, and the last block is not dispatched without a blank line.
        let events = try Self.events("data: YHOO\ndata: +2\ndata: 10\n\ndata: GOOG\n\ndata: never")
        #expect(events == [ServerSentEvent(data: "YHOO\n+2\n10"), ServerSentEvent(data: "GOOG")])
    }

    @Test func commentsIdsAndCarriedLastEventID() throws {
        let text = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        let events = try Self.events(text)
        #expect(
            events == [
                ServerSentEvent(data: "first event", lastEventID: "1"),
                ServerSentEvent(data: "second event", lastEventID: ""),
                ServerSentEvent(data: " third event", lastEventID: ""),
            ])
        // An id is carried over to the events after it until another id changes it.
        let carried = try Self.events("id: 7\ndata: a\n\ndata: b\n\n")
        #expect(carried.map(\.lastEventID) == ["7", "7"])
    }

    @Test func emptyDataFieldsAndBareFieldNames() throws {
        // The standard's example: "data" alone and "data" twice dispatch "" and "\n"; "data:" alone too.
        let events = try Self.events("data\n\ndata\ndata\n\ndata:\n")
        #expect(events == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
        // A block with no data field dispatches nothing.
        #expect(try Self.events("event: ping\nid: 3\n\n").isEmpty)
    }

    @Test func spaceAfterTheColonIsRemovedOnce() throws {
        let events = try Self.events("data:test\n\ndata: test\n\ndata:  test\n\n")
        #expect(events.map(\.data) == ["test", "test", " test"])
    }

    @Test func eventTypesResetAfterEachDispatch() throws {
        let events = try Self.events("event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\ndata: plain\n\n")
        #expect(events.map(\.type) == ["add", "remove", "message"])
        #expect(events.map(\.data) == ["73857293", "2153", "plain"])
        // An empty event field means the default type.
        #expect(try Self.events("event:\ndata: x\n\n").map(\.type) == ["message"])
    }

    @Test func everyLineEndingCounts() throws {
        let expected = [ServerSentEvent(data: "a\nb"), ServerSentEvent(data: "c")]
        #expect(try Self.events("data: a\rdata: b\r\rdata: c\r\r") == expected)
        #expect(try Self.events("data: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n") == expected)
        #expect(try Self.events("data: a\ndata: b\r\n\rdata: c\n\r\n") == expected)
        // LF CR is two line ends (a blank line), not one.
        #expect(try Self.events("data: a\n\rdata: c\n\n") == [ServerSentEvent(data: "a"), ServerSentEvent(data: "c")])
    }

    @Test func crlfSplitBetweenChunksIsOneLineEnd() throws {
        var parser = EventStreamParser()
        #expect(try parser.parse(Array("data: a\r".utf8)).isEmpty)
        #expect(try parser.parse(Array("\ndata: b\r".utf8)).isEmpty)
        #expect(try parser.parse(Array("\n\r".utf8)) == [ServerSentEvent(data: "a\nb")])
        #expect(try parser.parse(Array("\n".utf8)).isEmpty)  // the LF of that CRLF, not another blank line
    }

    @Test func leadingByteOrderMarkIsSkippedOnce() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try Self.events(bytes: bom + Array("data: x\n\n".utf8)) == [ServerSentEvent(data: "x")])
        // A second BOM is part of the field name, so the line is an unknown field and is ignored.
        #expect(try Self.events(bytes: bom + bom + Array("data: x\n\n".utf8)).isEmpty)
        // A BOM later in the stream is not skipped.
        let later = Array("data: a\n\n".utf8) + bom + Array("data: b\n\n".utf8)
        #expect(try Self.events(bytes: later) == [ServerSentEvent(data: "a")])
    }

    @Test func idWithNULIsIgnored() throws {
        let events = try Self.events("id: 1\ndata: a\n\nid: 2\u{0}3\ndata: b\n\n")
        #expect(events.map(\.lastEventID) == ["1", "1"])
    }

    @Test func retryTakesASCIIDigitsOnly() throws {
        var parser = EventStreamParser()
        _ = try parser.parse(Array("retry: 2500\n".utf8))
        #expect(parser.reconnectionTime == .milliseconds(2500))
        for invalid in ["retry: 12a\n", "retry: -1\n", "retry: 1.5\n", "retry:\n", "retry:  7\n"] {
            _ = try parser.parse(Array(invalid.utf8))
            #expect(parser.reconnectionTime == .milliseconds(2500), "\(invalid)")
        }
        _ = try parser.parse(Array("retry:0\n".utf8))
        #expect(parser.reconnectionTime == .zero)
    }

    @Test func unknownFieldsAndCommentsDoNotDispatch() throws {
        let events = try Self.events(": hello\nfoo: bar\n:\n\ndata: yes\nother\n\n")
        #expect(events == [ServerSentEvent(data: "yes")])
    }

    @Test func invalidUTF8IsReplacedAndSplitCharactersJoined() throws {
        let text = "data: caf\u{E9} \u{1F600}\n\n"
        #expect(try Self.events(text) == [ServerSentEvent(data: "caf\u{E9} \u{1F600}")])
        let broken = Array("data: a".utf8) + [0xFF, 0xC3] + Array("\n\n".utf8)
        #expect(try Self.events(bytes: broken) == [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}")])
    }

    @Test func finishDropsTheUnfinishedEventButKeepsTheID() throws {
        var parser = EventStreamParser()
        _ = try parser.parse(Array("id: 9\ndata: whole\n\nevent: x\ndata: half".utf8))
        parser.finish()
        #expect(parser.lastEventID == "9")
        #expect(try parser.parse(Array("\n\ndata: next\n\n".utf8)) == [ServerSentEvent(data: "next", lastEventID: "9")])
    }

    @Test func startsFromAGivenLastEventID() throws {
        var parser = EventStreamParser(lastEventID: "41")
        #expect(try parser.parse(Array("data: a\n\n".utf8)) == [ServerSentEvent(data: "a", lastEventID: "41")])
    }

    @Test func aLongLineWithoutEndPassesTheBound() throws {
        var parser = EventStreamParser(maximumEventBytes: 1024)
        #expect(try parser.parse(Array(repeating: UInt8(ascii: "x"), count: 1000)).isEmpty)
        #expect(throws: EventStreamParser.Overflow(limit: 1024)) {
            try parser.parse(Array(repeating: UInt8(ascii: "x"), count: 100))
        }
    }

    @Test func manyDataLinesTogetherPassTheBound() throws {
        let line = "data: " + String(repeating: "y", count: 90) + "\n"
        #expect(throws: EventStreamParser.Overflow(limit: 1000)) {
            try Self.events(String(repeating: line, count: 12), limit: 1000)
        }
        // The same lines as separate events stay within it.
        #expect(try Self.events(String(repeating: line + "\n", count: 12), limit: 1000).count == 12)
    }
}
