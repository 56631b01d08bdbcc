import FerryProtobuf

/// What completes a field name in a `GRPC` request's JSON body: the fields of the message the cursor is in (the
/// request message at the top, a field's message type within it, through arrays of messages), offered while
/// the cursor is inside a member's key, as the GraphQL editor completes names from its schema.
///
/// ```swift
/// let completion = GRPCMessageCompletion(before: "{\"na", messageType: method.inputType, pool: pool)
/// completion?.candidates.first?.name  // "name"
/// ```
public struct GRPCMessageCompletion: Sendable, Hashable {
    /// One field that may be typed.
    public struct Candidate: Sendable, Hashable {
        /// The field's JSON name, inserted.
        public var name: String
        /// Its type as the list shows it: `string`, `repeated int32`, `Scalars`.
        public var detail: String
    }

    /// The part of the key typed before the cursor.
    public var partial: String
    /// The fields whose JSON names start with ``partial``, in declaration order (the name typed in full left out).
    public var candidates: [Candidate]

    /// The completion for a cursor after `before` (the body up to the cursor) in a body of `messageType`
    /// messages, or `nil` when the cursor is not in a key or its message is not known.
    public init?(before: String, messageType: String, pool: DescriptorPool) {
        var scanner = GRPCBodyScanner(messageType: messageType, pool: pool)
        for byte in before.utf8 { scanner.take(byte) }
        guard scanner.isInKey, let type = scanner.frames.last?.type, let message = pool.message(type) else {
            return nil
        }
        let typed = String(decoding: scanner.string, as: UTF8.self)
        partial = typed
        candidates = message.fields.filter { $0.jsonName.hasPrefix(typed) && $0.jsonName != typed }.map {
            Candidate(name: $0.jsonName, detail: Self.detail(of: $0, in: pool))
        }
        guard !candidates.isEmpty else { return nil }
    }

    /// `repeated int32`, `map<string, int64>`, `Scalars`: a field's type in proto's words, short names for
    /// messages and enums.
    static func detail(of field: FieldDescriptor, in pool: DescriptorPool) -> String {
        let short: (String?) -> String = { name in
            name.map { String($0.split(separator: ".").last ?? Substring($0)) } ?? "?"
        }
        if field.type == .message, let entry = field.typeName.flatMap(pool.message), entry.isMapEntry,
            entry.fields.count == 2
        {
            let (key, value) = (entry.fields[0], entry.fields[1])
            let valueName = value.typeName != nil ? short(value.typeName) : "\(value.type)"
            return "map<\(key.type), \(valueName)>"
        }
        let name = field.typeName != nil ? short(field.typeName) : "\(field.type)"
        return field.isRepeated ? "repeated " + name : name
    }
}

/// Follows a `GRPC` body's JSON byte by byte: which message each open object is, and whether the cursor is in
/// a member's key.
struct GRPCBodyScanner {
    /// An open object or array and the message type of its members (`nil`: not a message the pool knows).
    struct Frame {
        var isObject: Bool
        var type: String?
        var expectsKey: Bool
        var lastKey: String?
    }

    let messageType: String
    let pool: DescriptorPool
    var frames: [Frame] = []
    /// The strings: whether the scan is in one, and the bytes of the one being read (a key's, as typed).
    var strings = JSONStringTracker(gathersContent: true)
    /// Whether the string being read (or the last one read) is a member's key.
    var isKey = false

    init(messageType: String, pool: DescriptorPool) {
        self.messageType = messageType
        self.pool = pool
    }

    /// Whether the last byte taken leaves the cursor inside a member's key.
    var isInKey: Bool { strings.isInString && isKey }

    /// The bytes of the string being read, or of the last one read.
    var string: [UInt8] { strings.content }

    mutating func take(_ byte: UInt8) {
        let wasInString = strings.isInString
        if strings.consume(byte) {
            if !wasInString {
                isKey = frames.last.map { $0.isObject && $0.expectsKey } ?? false
            } else if !strings.isInString, isKey, !frames.isEmpty {
                frames[frames.count - 1].lastKey = String(decoding: strings.content, as: UTF8.self)
                frames[frames.count - 1].expectsKey = false
            }
            return
        }
        switch byte {
        case UInt8(ascii: "{"):
            frames.append(Frame(isObject: true, type: memberType(), expectsKey: true))
        case UInt8(ascii: "["):
            frames.append(Frame(isObject: false, type: memberType(), expectsKey: false))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if !frames.isEmpty { frames.removeLast() }
        case UInt8(ascii: ","):
            if let last = frames.last, last.isObject { frames[frames.count - 1].expectsKey = true }
        default: break
        }
    }

    /// The message type of a value opened here: the body's type at the top, an array's element type, or the
    /// message type of the field the last key names (`nil` for a map, a scalar or an unknown field).
    private func memberType() -> String? {
        guard let parent = frames.last else { return messageType }
        guard parent.isObject else { return parent.type }
        guard let type = parent.type, let message = pool.message(type), let key = parent.lastKey,
            let field = message.field(named: key), field.type == .message, let typeName = field.typeName,
            pool.message(typeName)?.isMapEntry != true
        else { return nil }
        return typeName
    }
}
