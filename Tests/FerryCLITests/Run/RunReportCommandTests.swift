import FerryTestSupport
import Foundation
import Testing

/// `ferry run --report junit|json`: the JUnit XML validated by `xmllint` against a small JUnit schema, the
/// JSON parsed, and a login chained through httpbin within one run.
@Suite struct RunReportCommandTests {
    /// The JUnit shape CI systems read (after the common Jenkins schema, reduced to what Ferry writes).
    static let schema = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:attributeGroup name="counts">
            <xs:attribute name="tests" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="failures" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="errors" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="skipped" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="time" type="xs:decimal" use="required"/>
          </xs:attributeGroup>
          <xs:complexType name="problem">
            <xs:simpleContent>
              <xs:extension base="xs:string">
                <xs:attribute name="message" type="xs:string" use="required"/>
                <xs:attribute name="type" type="xs:string"/>
              </xs:extension>
            </xs:simpleContent>
          </xs:complexType>
          <xs:element name="testsuites">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="testsuite" minOccurs="0" maxOccurs="unbounded">
                  <xs:complexType>
                    <xs:sequence>
                      <xs:element name="testcase" minOccurs="0" maxOccurs="unbounded">
                        <xs:complexType>
                          <xs:sequence>
                            <xs:choice minOccurs="0">
                              <xs:element name="skipped">
                                <xs:complexType><xs:attribute name="message" type="xs:string"/></xs:complexType>
                              </xs:element>
                              <xs:element name="failure" type="problem"/>
                              <xs:element name="error" type="problem"/>
                            </xs:choice>
                            <xs:element name="system-out" type="xs:string" minOccurs="0"/>
                          </xs:sequence>
                          <xs:attribute name="name" type="xs:string" use="required"/>
                          <xs:attribute name="classname" type="xs:string" use="required"/>
                          <xs:attribute name="time" type="xs:decimal" use="required"/>
                          <xs:attribute name="file" type="xs:string"/>
                          <xs:attribute name="line" type="xs:positiveInteger"/>
                        </xs:complexType>
                      </xs:element>
                    </xs:sequence>
                    <xs:attribute name="name" type="xs:string" use="required"/>
                    <xs:attributeGroup ref="counts"/>
                  </xs:complexType>
                </xs:element>
              </xs:sequence>
              <xs:attribute name="name" type="xs:string"/>
              <xs:attributeGroup ref="counts"/>
            </xs:complexType>
          </xs:element>
        </xs:schema>
        """

    /// A tool `make test` needs that is not installed.
    struct MissingTool: Error, CustomStringConvertible {
        var description: String
    }

    /// `xmllint`, or `nil` (skipping) outside `make test` when it is not installed.
    func xmllint() throws -> URL? {
        if let found = TestServers.executable(named: "xmllint") { return found }
        if TestServers.serversRequired {
            throw MissingTool(description: "xmllint is missing (libxml2-utils, scripts/install-deps.sh)")
        }
        return nil
    }

    /// Runs `xmllint` with `arguments`; its status and output.
    func runXMLLint(_ tool: URL, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await Process.run(tool, arguments, mergingErrors: true)
        return (result.status, result.text)
    }

    @Test func junitReportIsValidAndCountsWhatHappened() async throws {
        guard let tool = try xmllint() else { return }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/flaky", responding: .unavailable(retryAfter: 0))
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": "### ok <&>\nGET {{host}}/echo\n\n### gone\nGET {{host}}/gone\n",
                "b.http": "### broken\nGET {{host}}/x\nno header\n\n### flaky\n# @retries 1\nGET {{host}}/flaky\n",
                "c.http": "### fine\nGET {{host}}/echo\n\n### down\nGET http://127.0.0.1:9/\n",
            ])
        let output = try await fixture.run([".", "--env", "test", "--report", "junit", "--report-file", "out.xml"])
        #expect(output.status == 2)
        let schema = fixture.url.appendingPathComponent("junit.xsd")
        try Data(Self.schema.utf8).write(to: schema)
        let report = fixture.url.appendingPathComponent("out.xml").path
        let validated = try await runXMLLint(tool, ["--noout", "--schema", schema.path, report])
        #expect(validated.status == 0, "\(validated.output)")
        func value(_ xpath: String) async throws -> String {
            // xmllint ends the value with a newline.
            String(try await runXMLLint(tool, ["--xpath", xpath, report]).output.dropLast())
        }
        #expect(try await value("string(/testsuites/@tests)") == "6")
        #expect(try await value("string(/testsuites/@failures)") == "2")
        #expect(try await value("string(/testsuites/@errors)") == "2")
        #expect(try await value("count(/testsuites/testsuite)") == "3")
        #expect(try await value("string(/testsuites/testsuite[1]/testcase[1]/@name)") == "a.http#ok <&>")
        #expect(
            try await value("string(/testsuites/testsuite[1]/testcase[2]/failure/@message)") == "status 404 Not Found")
        #expect(try await value("string(/testsuites/testsuite[1]/testcase[2]/failure)") == "a.http:5")
        #expect(try await value("string(/testsuites/testsuite[2]/testcase[1]/error/@type)") == "input")
        #expect(try await value("string(/testsuites/testsuite[2]/testcase[2]/system-out)").contains("retry 1 of 1"))
        #expect(try await value("string(/testsuites/testsuite[3]/testcase[2]/error/@type)") == "transport")
        // The lines still went to standard output, since the report went to its file.
        #expect(output.text.contains("FAIL a.http#gone  404"))
    }

    @Test func jsonReportParsesAndCarriesEveryRequest() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: ["a.http": "### one\nPOST {{host}}/echo\n\nhi\n\n### two\nGET {{host}}/nope\n"])
        let output = try await fixture.run(["a.http", "--env", "test", "--report", "json", "--filter", "one"])
        #expect(output.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 1)
        #expect(summary["skipped"] as? Int == 1)
        #expect((summary["latencyMs"] as? [String: Any])?["median"] is Double)
        let files = try #require(document["files"] as? [[String: Any]])
        let requests = try #require(files.first?["requests"] as? [[String: Any]])
        #expect(requests.map { $0["id"] as? String } == ["a.http#one", "a.http#two"])
        #expect(requests[0]["method"] as? String == "POST")
        #expect(requests[0]["status"] as? Int == 200)
        #expect(requests[0]["line"] as? Int == 2)
        #expect(requests[0]["url"] as? String == "\(server.baseURL)/echo")
        #expect(requests[1]["outcome"] as? String == "skipped")
        #expect(requests[1]["status"] is NSNull)
        // The lines went to standard error, leaving standard output to the report.
        #expect(output.standardError.contains("PASS a.http#one  200"))
    }

    @Test func loginChainsThroughHttpbinWithinOneRun() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let token = "run-\(UUID().uuidString)"
        let fixture = try RunCommandTests.Fixture(
            base: httpbin,
            files: [
                "auth.http": """
                ### login
                # @no-log
                POST {{host}}/anything
                Content-Type: application/json

                {"token": "{{token}}"}

                ### bearer
                GET {{host}}/bearer
                Authorization: Bearer {{login.response.body.$.json.token}}

                ### unauthorized
                GET {{host}}/bearer
                """
            ])
        let output = try await fixture.run(["auth.http", "--env", "test", "--var", "token=\(token)"])
        #expect(output.status == 1)
        #expect(output.text.contains("PASS auth.http#login  200"))
        #expect(output.text.contains("PASS auth.http#bearer  200"))
        #expect(output.text.contains("FAIL auth.http#unauthorized  401"))
        let history = try fixture.read(".ferry/history.jsonl")
        #expect(history.contains(token))
        #expect(!history.contains("/anything"))
    }
}
