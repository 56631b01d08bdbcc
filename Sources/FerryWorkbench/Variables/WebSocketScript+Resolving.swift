import Foundation

extension WebSocketScript {
    /// `text`, a message typed while a conversation is open, with its `{{variables}}` resolved in `context`
    /// (as each message of a script is); throws ``VariableError`` for an unresolved variable.
    public static func resolvedMessage(_ text: String, with context: VariableContext) throws -> String {
        try TemplateResolver(context: context, part: .body, location: nil).resolve(text).value
    }
}
