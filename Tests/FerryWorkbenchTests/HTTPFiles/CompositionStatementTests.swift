import FerryTestSupport
import FerryWorkbench
import Testing

/// `import` and `run` lines (JetBrains 2024.3): how the parser reads them and what a run of a file sends.
@Suite struct CompositionStatementTests {
    func parse(_ text: String) -> HTTPFile { HTTPFileParser.parse(text: text, path: "main.http") }

    @Test func readsImportsRunsAndTheirVariablesWithTheRequestsBefore() {
        let file = parse(
            """
            import ./auth/login.http
            run #Request 1
            run #login (@user=ada, @list=a,b ,  @empty=)

            ### first
            GET https://example.com/one

            ###
            run ./setup.rest (@env=staging)
            ###
            run #POST https://example.com/two
            GET https://example.com/two
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.requests.count == 2)
        #expect(
            file.statements.map(\.action) == [
                .importFile(path: "./auth/login.http"),
                .runRequest(name: "Request 1", overrides: []),
                .runRequest(
                    name: "login",
                    overrides: [
                        .init(name: "user", value: "ada"), .init(name: "list", value: "a,b"),
                        .init(name: "empty", value: ""),
                    ]),
                .runFile(path: "./setup.rest", overrides: [.init(name: "env", value: "staging")]),
                .runRequest(name: "POST https://example.com/two", overrides: []),
            ])
        #expect(file.statements.map(\.location.line) == [1, 2, 3, 9, 11])
        #expect(file.statements.map(\.requestsBefore) == [0, 0, 0, 1, 1])
        #expect(file.statements[2].overrides == ["user": "ada", "list": "a,b", "empty": ""])
    }

    @Test func aBrokenStatementIsLocatedAndNotKept() {
        let file = parse(
            """
            run
            run login
            import ./notes.txt
            run #login (@user=ada
            run #login (user=ada)
            run #
            GET https://example.com
            """)
        #expect(file.statements.isEmpty)
        #expect(
            file.diagnostics.map(\.description) == [
                "main.http:1:4: error: expected `#name` or a file such as `./other.http` after `run`",
                "main.http:2:5: error: expected a request file (.http or .rest) after `run`, found 'login' (a request "
                    + "is named `#name`)",
                "main.http:3:8: error: expected a request file (.http or .rest) after `import`, found './notes.txt'",
                "main.http:4:12: error: expected `)` to close the variables opened here",
                "main.http:5:13: error: expected `@name=value` in the variables, found 'user=ada'",
                "main.http:6:6: error: expected a request name after `run #`",
            ])
        #expect(file.requests.count == 1)
    }

    @Test func anEditKeepsTheStatementsWhereTheFileWillHaveThem() throws {
        var file = parse("### a\nGET https://example.com/a\n\n###\nrun #a\n###\nGET https://example.com/b\n")
        #expect(file.statements.map(\.requestsBefore) == [1])
        file.insertRequest(SavedRequest(method: "GET", url: "https://example.com/new"), at: 0)
        #expect(file.statements.map(\.requestsBefore) == [2])
        #expect(file.statements.map(\.location.line) == [8])
    }

    // MARK: - Running a file

    /// A workspace in the folder `ws` holding `files` (paths relative to `ws`; `../` ones beside it).
    func workspace(_ files: [String: String]) throws -> (TemporaryFolder, Workspace) {
        let folder = try TemporaryFolder(prefix: "ferry-composition")
        for (path, text) in files { try folder.write("ws/" + path, text) }
        return (folder, try Workspace.load(at: folder.url.appendingPathComponent("ws")))
    }

    func describe(_ steps: [ComposedStep]) -> [String] {
        steps.map { step in
            let variables = step.overrides.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let origin = step.ranBy.map { " @\($0.file):\($0.line)" } ?? ""
            return step.request.id.description + (variables.isEmpty ? "" : " " + variables.joined(separator: ","))
                + origin
        }
    }

    @Test func aRunSendsWhatItsRunLinesNameInOrderWithTheirVariables() throws {
        let (folder, workspace) = try workspace([
            "api/main.http": """
            import ../auth/auth.http
            run #login (@user=ada)

            ### me
            GET https://example.com/me

            ###
            run ./setup.http (@stage=2, @user=eve)
            ### own
            GET https://example.com/own
            """,
            "auth/auth.http": "### login\nPOST https://example.com/login\n",
            "api/setup.http":
                "### seed\nPOST https://example.com/seed\n\n###\nrun #reset (@stage=3)\n### reset\nDELETE https://example.com/all\n",
        ])
        _ = folder
        let main = try #require(workspace.files.first { $0.path == "api/main.http" })
        let (steps, problems) = workspace.composedSteps(of: main)
        #expect(problems.isEmpty)
        #expect(
            describe(steps) == [
                "auth/auth.http#login user=ada @api/main.http:2",
                "api/main.http#me",
                "api/setup.http#seed stage=2,user=eve @api/main.http:8",
                "api/setup.http#reset stage=3,user=eve @api/main.http:8",
                "api/setup.http#reset stage=2,user=eve @api/main.http:8",
                "api/main.http#own",
            ])
        // An import makes the imported requests addressable by name from the importing file.
        #expect(try workspace.request("api/main.http#login").id.description == "auth/auth.http#login")
        #expect(throws: WorkspaceError.self) { try workspace.request("api/setup.http#login") }
    }

    @Test func ownRequestsAreNeverCutAndRunLinesThatMultiplyAre() throws {
        let many = (0...Workspace.maximumComposedSteps).map { "### r\($0)\nGET https://example.com/\($0)\n" }
        let runs = (0..<100).map { _ in "run ./hundred.http\n" }.joined()
        let hundred = (0..<101).map { "### h\($0)\nGET https://example.com/h\($0)\n" }.joined(separator: "\n")
        let (folder, workspace) = try workspace([
            "big.http": many.joined(separator: "\n"), "runs.http": runs, "hundred.http": hundred,
        ])
        _ = folder
        let big = try #require(workspace.files.first { $0.path == "big.http" })
        let (own, ownProblems) = workspace.composedSteps(of: big)
        #expect(own.count == Workspace.maximumComposedSteps + 1 && ownProblems.isEmpty, "a file's own requests all run")
        let multiplying = try #require(workspace.files.first { $0.path == "runs.http" })
        let (steps, problems) = workspace.composedSteps(of: multiplying)
        #expect(steps.count == Workspace.maximumComposedSteps)
        #expect(
            problems.map(\.description) == [
                "runs.http:100:1: error: the run lines would send more than 10000 requests: cut here"
            ])
    }

    @Test func aCycleIsRefusedAtTheLineThatClosesIt() throws {
        let (folder, workspace) = try workspace([
            "a.http": "run ./b.http\n### a\nGET https://example.com/a\n",
            "b.http": "### b\nGET https://example.com/b\n\n###\nrun ./c.http\n",
            "c.http": "# comment\nrun ./a.http\n### c\nGET https://example.com/c\n",
        ])
        _ = folder
        let a = try #require(workspace.files.first { $0.path == "a.http" })
        let (steps, problems) = workspace.composedSteps(of: a)
        #expect(describe(steps) == ["b.http#b @a.http:1", "c.http#c @a.http:1", "a.http#a"])
        #expect(
            problems.map(\.description) == [
                "c.http:2:1: error: `run ./a.http` closes a cycle (a.http → b.http → c.http → a.http): not run"
            ])
        #expect(workspace.diagnostics.contains { $0.location.file == "c.http" && $0.message.contains("cycle") })
    }

    @Test func onlyTheWorkspacesOwnFilesAndNamesCanBeUsed() throws {
        let (folder, workspace) = try workspace([
            "main.http": """
            import ../outside.http
            import /etc/passwd.http
            run ./missing.http
            run #nobody
            GET https://example.com
            """,
            "../outside.http": "GET https://example.com/outside\n",
        ])
        _ = folder
        let main = try #require(workspace.files.first { $0.path == "main.http" })
        let (steps, problems) = workspace.composedSteps(of: main)
        #expect(describe(steps) == ["main.http#1"])
        #expect(
            problems.map(\.description) == [
                "main.http:1:1: error: cannot import: ../outside.http is outside the workspace (only its own files "
                    + "can be used)",
                "main.http:2:1: error: cannot import: /etc/passwd.http is outside the workspace (only its own files "
                    + "can be used)",
                "main.http:3:1: error: cannot run: no request file ./missing.http in the workspace",
                "main.http:4:1: error: no request named 'nobody' in this file or the files it imports "
                    + "(../outside.http, /etc/passwd.http)",
            ])
    }
}
