import FerryTestSupport
import Foundation
import Testing

/// `ferry run --contract openapi.yaml` against the loopback server, whose answers break the contract in each of
/// the ways it can be broken: a body value of the wrong type, a missing required property, a status and a content
/// type the operation does not declare; one request matches no operation (a warning), one conforms. The JUnit
/// report is read by Python's `xml.etree`; scripts ask `response.contractViolations()`.
@Suite struct RunContractCommandTests {
    static let contract = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        servers:
          - url: http://pets.example/api
        paths:
          /pets/{petId}:
            get:
              responses:
                "200":
                  description: a pet
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Pet"}
                "404": {$ref: "#/components/responses/NotFound"}
          /pets/mine:
            get:
              responses:
                "2XX":
                  description: my pet
                  content:
                    application/*+json:
                      schema: {$ref: "#/components/schemas/Pet"}
          /pets:
            get:
              responses:
                "200":
                  description: pets
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {$ref: "#/components/schemas/Pet"}
        components:
          responses:
            NotFound:
              description: no such pet
              content:
                application/json:
                  schema: {type: object, required: [error], properties: {error: {type: string}}}
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer, format: int64}
                name: {type: string, minLength: 1}
                tag: {type: string, nullable: true}
                born: {type: string, format: date}
              additionalProperties: false
        """

    func fixture() throws -> (TestHTTPServer, RunCommandTests.Fixture) {
        let server = try TestHTTPServer()
        server.route("/api/pets/1", responding: .json(#"{"id": 1, "name": "Rex", "tag": null, "born": "2020-02-29"}"#))
        server.route("/api/pets/2", responding: .json(#"{"id": "2", "name": "", "colour": "red"}"#))
        server.route("/api/pets/3", responding: .json(#"{"error": "gone"}"#, status: 410))
        server.route("/api/pets/4", responding: .text("<p>four</p>", contentType: "text/html"))
        server.route("/api/pets/5", responding: .json(#"{"error": 5}"#, status: 404))
        server.route(
            "/api/pets/mine",
            responding: TestResponse(
                status: 201, headers: [("Content-Type", "application/vnd.pet+json")],
                body: Data(#"{"id": 1, "name": "Mine", "born": "yesterday"}"#.utf8)))
        server.route("/api/pets", responding: .json(#"[{"id": 1, "name": "a"}, {"id": 2}, {"id": 3.5, "name": "c"}]"#))
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "openapi.yaml": Self.contract,
                "pets.http": """
                ### good
                GET {{host}}/api/pets/1

                ### wrong types
                GET {{host}}/api/pets/2

                ### undeclared status
                GET {{host}}/api/pets/3

                ### undeclared type
                GET {{host}}/api/pets/4

                ### not found body
                GET {{host}}/api/pets/5

                ### mine
                GET {{host}}/api/pets/mine

                ### list
                GET {{host}}/api/pets

                ### unmatched
                GET {{host}}/echo

                """,
            ])
        return (server, fixture)
    }

    @Test func eachViolationIsListedWithItsPathAndTheRunFails() async throws {
        let (server, fixture) = try fixture()
        defer { server.stop() }
        let output = try await fixture.run(["pets.http", "--env", "test", "--contract", "openapi.yaml"])
        #expect(output.status == 1, "\(output.text)")
        let text = output.text
        #expect(text.contains("PASS pets.http#good  200"), "\(text)")
        #expect(text.contains("FAIL pets.http#wrong types  200"))
        // The failed test points at the operation in the contract: its `get:` on line 7.
        #expect(text.contains("FAIL conforms to openapi.yaml (GET /pets/{petId} → 200)  openapi.yaml:7"), "\(text)")
        #expect(text.contains("$['id']: is a string, not an integer"))
        #expect(text.contains("$['name']: is 0 characters long, fewer than 1"))
        #expect(text.contains("$['colour']: is a property the schema does not allow"))
        #expect(text.contains("status: 410 is not a declared response (declared: 200, 404)"))
        #expect(text.contains("Content-Type: text/html is not declared (declared: application/json)"))
        #expect(text.contains("$['error']: is an integer, not a string"))
        #expect(text.contains(#"$['born']: "yesterday" is not a valid date"#))
        #expect(text.contains("$[1]: lacks the required property 'name'"))
        #expect(text.contains("$[2]['id']: is a number, not an integer"))
        #expect(text.contains("contract openapi.yaml: no operation matches this request"))
        #expect(text.contains("PASS pets.http#unmatched  200"))
        #expect(text.contains("2 passed, 6 failed"), "\(text)")
        // Without the contract the same run passes: the failures are the contract's.
        let plain = try await fixture.run(["pets.http", "--env", "test", "--filter", "o"])
        #expect(plain.text.contains("FAIL pets.http#not found body  404"), "\(plain.text)")
        #expect(!plain.text.contains("FAIL pets.http#wrong types"))
    }

    @Test func junitNamesTheContractTestAndParses() async throws {
        let (server, fixture) = try fixture()
        defer { server.stop() }
        let output = try await fixture.run([
            "pets.http", "--env", "test", "--contract", "openapi.yaml", "--report", "junit", "--report-file",
            "junit.xml",
        ])
        #expect(output.status == 1)
        let check = """
            import sys, xml.etree.ElementTree as tree
            root = tree.parse(sys.argv[1]).getroot()
            for case in root.iter("testcase"):
                for failure in case.iter("failure"):
                    print("FAILED", case.get("name"))
                    print(failure.get("message"))
                for out in case.iter("system-out"):
                    print("OUT", out.text)
            """
        let parsed = try await PythonCheck.run(check, arguments: [fixture.url.appendingPathComponent("junit.xml").path])
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(
            parsed.output.contains("FAILED pets.http#wrong types: conforms to openapi.yaml (GET /pets/{petId} → 200)"),
            "\(parsed.output)")
        #expect(parsed.output.contains("$['id']: is a string, not an integer"), "\(parsed.output)")
        #expect(parsed.output.contains("FAILED pets.http#mine: conforms to openapi.yaml (GET /pets/mine → 2XX)"))
        #expect(parsed.output.contains("OUT warning: contract openapi.yaml: no operation matches this request"))
    }

    @Test func jsonAndTapListTheViolationsToo() async throws {
        let (server, fixture) = try fixture()
        defer { server.stop() }
        let json = try await fixture.run([
            "pets.http", "--env", "test", "--contract", "openapi.yaml", "--filter", "wrong", "--report", "json",
            "--report-file", "report.json",
        ])
        #expect(json.status == 1)
        let check = """
            import sys, json
            report = json.load(open(sys.argv[1]))
            for file in report["files"]:
                for request in file["requests"]:
                    for test in request["tests"]:
                        print(test["name"], "|", test["passed"], "|", test["message"])
            """
        let parsed = try await PythonCheck.run(
            check, arguments: [fixture.url.appendingPathComponent("report.json").path])
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(
            parsed.output.hasPrefix(
                "conforms to openapi.yaml (GET /pets/{petId} → 200) | False | $['id']: is a string, not an integer\n"
                    + "$['name']"), "\(parsed.output)")
        let tap = try await fixture.run([
            "pets.http", "--env", "test", "--contract", "openapi.yaml", "--filter", "wrong", "--report", "tap",
        ])
        #expect(tap.status == 1)
        #expect(tap.text.contains("not ok 2 - pets.http\\#wrong types"), "\(tap.text)")
        #expect(tap.text.contains("$['colour']: is a property the schema does not allow"), "\(tap.text)")
    }

    @Test func scriptsAskTheResponseForItsViolations() async throws {
        let (server, fixture) = try fixture()
        defer { server.stop() }
        try fixture.write(
            "scripted.http",
            """
            ### checked
            # @contract openapi.yaml
            GET {{host}}/api/pets/2

            > {%
            const violations = response.contractViolations();
            client.test("three violations", () => client.assert(violations.length === 3, JSON.stringify(violations)));
            client.test("first at id", () => client.assert(violations[0].path === "$['id']", violations[0].path));
            client.test("does not conform", () => client.assert(!response.conformsToContract()));
            %}

            ### no contract
            GET {{host}}/api/pets/1

            > {%
            client.test("asks without one", () => response.conformsToContract());
            %}

            """)
        let output = try await fixture.run(["scripted.http", "--env", "test"])
        let text = output.text
        #expect(text.contains("FAIL scripted.http#checked"), "\(text)")
        #expect(!text.contains("three violations"), "\(text)")
        #expect(!text.contains("first at id"), "\(text)")
        #expect(!text.contains("does not conform"), "\(text)")
        #expect(text.contains("conforms to openapi.yaml (GET /pets/{petId} → 200)"), "\(text)")
        #expect(text.contains("no contract to check against"), "\(text)")
    }

    @Test func sendWithAContractListsTheViolationsAndExitsEight() async throws {
        let (server, fixture) = try fixture()
        defer { server.stop() }
        let bad = try await FerryProcess.run(
            ["send", "pets.http#wrong types", "--env", "test", "--contract", "openapi.yaml"],
            currentDirectory: fixture.url)
        #expect(bad.status == 8, "\(bad.standardError)")
        #expect(bad.standardError.contains("$['id']: is a string, not an integer"), "\(bad.standardError)")
        #expect(!bad.text.isEmpty, "the body is printed all the same")
        let good = try await FerryProcess.run(
            ["send", "pets.http#good", "--env", "test", "--contract", "openapi.yaml"], currentDirectory: fixture.url)
        #expect(good.status == 0, "\(good.standardError)")
        // A request no operation matches is a warning, not a failure; without --contract nothing is checked.
        let unmatched = try await FerryProcess.run(
            ["send", "pets.http#unmatched", "--env", "test", "--contract", "openapi.yaml"],
            currentDirectory: fixture.url)
        #expect(unmatched.status == 0 && unmatched.standardError.contains("no operation matches this request"))
        let plain = try await FerryProcess.run(
            ["send", "pets.http#wrong types", "--env", "test"], currentDirectory: fixture.url)
        #expect(plain.status == 0, "\(plain.standardError)")
        let missing = try await FerryProcess.run(
            ["send", "pets.http#good", "--env", "test", "--contract", "nope.yaml"], currentDirectory: fixture.url)
        #expect(missing.status == 2 && missing.standardError.contains("nope.yaml"), "\(missing.standardError)")
    }
}
