/// The id of one send: each Ctrl-R gets a new one, so a result carrying an older id belongs to a send that
/// was replaced or canceled and changes nothing.
struct SendID: Hashable, Sendable, CustomStringConvertible {
    /// The send's number, counting from 1 in a session.
    var number: Int

    /// The id after this one.
    var next: SendID { SendID(number: number + 1) }

    /// The first send's id.
    static let first = SendID(number: 1)

    /// `#3`.
    var description: String { "#\(number)" }
}
