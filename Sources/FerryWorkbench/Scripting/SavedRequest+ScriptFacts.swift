extension SavedRequest {
    /// What a script can read about this request (`request.method`, `url`, `headers`, `body`,
    /// `environment`): each part as written and with `{{variables}}` substituted by `context` where they
    /// resolve (as written where they do not yet: a pre-request script may be what sets them), and the run's
    /// `iteration` (`request.iteration()`).
    func scriptFacts(with context: VariableContext, iteration: Int) -> ScriptRequestFacts {
        func substituted(_ text: String, _ part: TemplateResolver.Part) -> String {
            (try? TemplateResolver(context: context, part: part, location: nil).resolve(text).value) ?? text
        }
        var environment: [String: String] = [:]
        for variable in context.environment { environment[variable.name] = variable.value }
        return ScriptRequestFacts(
            method: method, rawURL: fullURL, substitutedURL: substituted(fullURL, .url),
            headers: headers.map { header in
                ScriptRequestFacts.Header(
                    name: header.name, raw: header.value, substituted: substituted(header.value, .header(header.name)))
            },
            rawBody: body, substitutedBody: body.map { substituted($0, .body) }, environment: environment,
            iteration: iteration)
    }
}
