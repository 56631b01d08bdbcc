extension HTTPRequest {
    /// A request for `path` whose `parameters` go where `method` puts them
    /// (``HTTPMethod/prefersQueryParameters``): in the query for `GET`, `HEAD`, `DELETE`, `OPTIONS` and
    /// `TRACE`, else in an `application/x-www-form-urlencoded` body (none when there are no parameters).
    ///
    /// ```swift
    /// HTTPRequest(.get, path: "/search", parameters: ["q": "swift"])    // GET /search?q=swift
    /// HTTPRequest(.post, path: "/users", parameters: ["name": "Ada"])    // body name=Ada
    /// ```
    public init(_ method: HTTPMethod, path: String, parameters: FormParameters, headers: HTTPHeaders = [:]) {
        if method.prefersQueryParameters || parameters.isEmpty {
            self.init(method, path: path, headers: headers, query: parameters)
        } else {
            self.init(method, path: path, headers: headers, body: .form(parameters))
        }
    }
}
