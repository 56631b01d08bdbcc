import FerryHTTP
import FerryJSON

extension PreparedRequest {
    /// Why the body does not parse when the Content-Type says JSON; `nil` when it parses, is empty or is not
    /// JSON. Nothing refuses such a body: the workbench asks before sending it as written, `ferry send` notes it.
    public var jsonBodyError: JSONParseError? {
        guard let contentType = header("Content-Type")?.value, MediaType(contentType).isJSON, let body,
            !body.isEmpty
        else { return nil }
        do {
            _ = try JSONDocument(parsing: body)
            return nil
        } catch {
            return error
        }
    }
}
