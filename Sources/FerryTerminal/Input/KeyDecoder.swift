/// Turns the bytes a terminal sends into input events: keys (CSI and SS3 sequences, Ctrl and Alt
/// combinations, UTF-8 text), SGR and X10 mouse reports, and bracketed paste.
///
/// The decoder keeps an incomplete sequence until more bytes arrive. A lone Esc cannot be told from the
/// start of a sequence, so the caller calls `flush()` when no more bytes came within a short delay
/// (25 ms): a pending Esc then becomes the Esc key.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1B}[A".utf8))     // [.key(.up)]
/// decoder.decode([0x1B])                       // [] (pending)
/// decoder.flush()                              // [.key(.escape)]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasteBuffer: [UInt8]?

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for the rest of a sequence (or a paste is open).
    public var hasPending: Bool { !pending.isEmpty || pasteBuffer != nil }

    // MARK: - Decoding

    /// Decodes `bytes` after any pending ones and returns every complete event.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            if pasteBuffer != nil {
                // Without the end marker, `readPaste` keeps only what may still start it.
                guard let end = readPaste(from: index) else { return events }
                index = end
                if let text = pasteBuffer {
                    events.append(.paste(Self.pastedText(text)))
                    pasteBuffer = nil
                }
                continue
            }
            switch parse(at: index) {
            case .incomplete:
                pending.removeFirst(index)
                return events
            case .event(let event, let length):
                events.append(event)
                index += length
            case .pasteStart(let length):
                pasteBuffer = []
                index += length
            case .skip(let length):
                index += length
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// Completes whatever is pending as if no more bytes will come: a lone Esc becomes the Esc key,
    /// an unfinished sequence becomes Alt plus its characters, a cut UTF-8 sequence becomes U+FFFD.
    /// An open paste is kept.
    public mutating func flush() -> [InputEvent] {
        guard pasteBuffer == nil, !pending.isEmpty else { return [] }
        var events: [InputEvent] = []
        let bytes = pending
        pending.removeAll()
        if bytes[0] == 0x1B {
            if bytes.count == 1 { return [.key(.escape)] }
            var rest = KeyDecoder()
            let tail = rest.decode(bytes.dropFirst()) + rest.flush()
            guard var first = tail.first, case .key(var key) = first else { return [.key(.escape)] + tail }
            key.modifiers.insert(.alt)
            first = .key(key)
            events = [first] + tail.dropFirst()
            return events
        }
        return [.character("\u{FFFD}")]
    }

    // MARK: - Internals

    private enum Parsed {
        case incomplete
        case event(InputEvent, length: Int)
        case pasteStart(length: Int)
        case skip(length: Int)
    }

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Reads paste content from `index`; returns the index after the end marker, or nil when it has not come.
    private mutating func readPaste(from index: Int) -> Int? {
        var position = index
        while position < pending.count {
            if pending[position] == 0x1B {
                let available = pending.count - position
                let needed = Self.pasteEnd.count
                if available < needed {
                    if Array(pending[position...]) == Array(Self.pasteEnd.prefix(available)) {
                        pasteBuffer?.append(contentsOf: pending[index..<position])
                        pending.removeFirst(position)
                        return nil
                    }
                } else if Array(pending[position..<position + needed]) == Self.pasteEnd {
                    pasteBuffer?.append(contentsOf: pending[index..<position])
                    return position + needed
                }
            }
            position += 1
        }
        pasteBuffer?.append(contentsOf: pending[index...])
        pending.removeAll()
        return nil
    }

    private func parse(at index: Int) -> Parsed {
        let byte = pending[index]
        switch byte {
        case 0x1B: return parseEscape(at: index)
        case 0x0D, 0x0A: return .event(.key(.enter), length: 1)
        case 0x09: return .event(.key(.tab), length: 1)
        case 0x7F, 0x08: return .event(.key(.backspace), length: 1)
        case 0x00: return .event(.key(KeyEvent(.character(" "), modifiers: .control)), length: 1)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(byte + 0x60))
            return .event(.key(KeyEvent(.character(letter), modifiers: .control)), length: 1)
        case 0x1C...0x1F:
            let symbol = Character(Unicode.Scalar(byte + 0x40))
            return .event(.key(KeyEvent(.character(symbol), modifiers: .control)), length: 1)
        case 0x20..<0x7F: return .event(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return parseUTF8(at: index)
        }
    }

    private func parseUTF8(at index: Int) -> Parsed {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(.character("\u{FFFD}"), length: 1)
        }
        var count = 1
        while count < length {
            guard index + count < pending.count else { return .incomplete }
            guard pending[index + count] & 0xC0 == 0x80 else { return .event(.character("\u{FFFD}"), length: count) }
            count += 1
        }
        let text = String(decoding: pending[index..<index + length], as: UTF8.self)
        return .event(.character(text.first ?? "\u{FFFD}"), length: length)
    }

    private func parseEscape(at index: Int) -> Parsed {
        guard index + 1 < pending.count else { return .incomplete }
        let next = pending[index + 1]
        switch next {
        case UInt8(ascii: "["): return parseCSI(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return .incomplete }
            if let key = Self.ss3Key(pending[index + 2]) { return .event(.key(KeyEvent(key)), length: 3) }
            return .event(.key(KeyEvent(.character("O"), modifiers: .alt)), length: 2)
        case 0x1B:
            return .event(.key(.escape), length: 1)
        default:
            // Alt plus the following key.
            switch parse(at: index + 1) {
            case .event(.key(var key), let length):
                key.modifiers.insert(.alt)
                return .event(.key(key), length: length + 1)
            case .incomplete: return .incomplete
            default: return .event(.key(.escape), length: 1)
            }
        }
    }

    private func parseCSI(at index: Int) -> Parsed {
        var end = index + 2
        // Legacy X10 mouse: ESC [ M b x y.
        if end < pending.count && pending[end] == UInt8(ascii: "M") {
            guard end + 3 < pending.count else { return .incomplete }
            let button = Int(pending[end + 1]) - 32
            let x = Int(pending[end + 2]) - 33
            let y = Int(pending[end + 3]) - 33
            let length = end + 4 - index
            guard let event = Self.mouseEvent(code: button, x: x, y: y, isRelease: button & 3 == 3) else {
                return .skip(length: length)
            }
            return .event(event, length: length)
        }
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return .incomplete }
        let final = pending[end]
        let length = end + 1 - index
        guard (0x40...0x7E).contains(final) else { return .skip(length: length) }
        let parameterBytes = pending[(index + 2)..<end]
        if parameterBytes.first == UInt8(ascii: "<") {
            let numbers = Self.numbers(parameterBytes.dropFirst())
            guard numbers.count == 3,
                let event = Self.mouseEvent(
                    code: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, isRelease: final == UInt8(ascii: "m"))
            else { return .skip(length: length) }
            return .event(event, length: length)
        }
        let numbers = Self.numbers(parameterBytes)
        let modifiers = Self.modifiers(numbers.count > 1 ? numbers[1] : 1)
        let key: Key?
        switch final {
        case UInt8(ascii: "~"):
            let code = numbers.first ?? 0
            if code == 200 { return .pasteStart(length: length) }
            if code == 201 { return .skip(length: length) }
            key = Self.tildeKey(code)
        case UInt8(ascii: "Z"):
            return .event(.key(KeyEvent(.tab, modifiers: modifiers.union(.shift))), length: length)
        default:
            key = Self.ss3Key(final)
        }
        guard let key else { return .skip(length: length) }
        return .event(.key(KeyEvent(key, modifiers: modifiers)), length: length)
    }

    private static func numbers(_ bytes: some Collection<UInt8>) -> [Int] {
        bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part in
            part.reduce(0) { value, digit in
                (0x30...0x39).contains(digit) ? min(value * 10 + Int(digit - 0x30), 1_000_000) : value
            }
        }
    }

    /// xterm's modifier parameter: 1 + (shift 1, alt 2, control 4).
    private static func modifiers(_ parameter: Int) -> KeyModifiers {
        let bits = max(0, parameter - 1)
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        return result
    }

    private static func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "M"): return .enter
        default: return nil
        }
    }

    private static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    private static func mouseEvent(code: Int, x: Int, y: Int, isRelease: Bool) -> InputEvent? {
        guard x >= 0, y >= 0, code >= 0 else { return nil }
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let position = Position(x: x, y: y)
        if code & 64 != 0 {
            let kind: MouseEvent.Kind = code & 1 == 0 ? .scrollUp : .scrollDown
            return .mouse(MouseEvent(kind, at: position, modifiers: modifiers))
        }
        if code & 32 != 0 { return .mouse(MouseEvent(.move, at: position, modifiers: modifiers)) }
        let button: MouseButton
        switch code & 3 {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        default:
            return .mouse(MouseEvent(.release(.left), at: position, modifiers: modifiers))
        }
        return .mouse(MouseEvent(isRelease ? .release(button) : .press(button), at: position, modifiers: modifiers))
    }

    /// Pasted bytes as text with line breaks normalised to `\n`.
    private static func pastedText(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingCRLF()
    }
}

extension String {
    fileprivate func replacingCRLF() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == "\r\n" || character == "\r" {
                result.append("\n")
            } else {
                result.append(character)
            }
        }
        return result
    }
}
