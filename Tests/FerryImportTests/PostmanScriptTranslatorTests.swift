import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryImport

/// Postman's common one-line scripts become JetBrains scripts; the rest is kept as comments, honestly.
@Suite struct PostmanScriptTranslatorTests {
    func handler(_ lines: [String], name: String = "login") -> PostmanScriptTranslator.Translation {
        PostmanScriptTranslator.translate(lines, requestName: name, isHandler: true)
    }

    @Test func variablesTestsAndChecksBecomeClientCalls() {
        let translation = handler([
            "var jsonData = JSON.parse(responseBody);",
            "pm.environment.set(\"token\", jsonData.access_token);",
            "postman.setEnvironmentVariable('refresh', pm.response.json().refresh);",
            "pm.collectionVariables.set(\"id\", jsonData.id); pm.globals.set('g', 1);",
            "pm.test(request.name, function () {",
            "    pm.response.to.have.status(200);",
            "    pm.expect(jsonData.id).to.eql(7);",
            "    pm.expect(pm.environment.get('token')).to.not.be.undefined;",
            "});",
            "tests[\"has cookies\"] = responseBody.has(\"cookies\") && responseCode.code === 200;",
        ])
        #expect(translation.untranslated.isEmpty)
        #expect(
            translation.lines == [
                #"const postmanResponseText = typeof response.body === "string" ? response.body : JSON.stringify(response.body);"#,
                "var jsonData = JSON.parse(postmanResponseText);",
                "client.global.set(\"token\", jsonData.access_token);",
                "client.global.set('refresh', JSON.parse(postmanResponseText).refresh);",
                "client.global.set(\"id\", jsonData.id); client.global.set('g', 1);",
                "client.test(\"login\", function () {",
                #"    client.assert(response.status === (200), "pm.response.to.have.status(200)" + ", got " + response.status);"#,
                #"    client.assert((JSON.stringify(jsonData.id) === JSON.stringify(7)), "pm.expect(jsonData.id).to.eql(7)");"#,
                #"    client.assert(!(((client.global.get('token') ?? request.environment.get('token'))) == null), "pm.expect(pm.environment.get('token')).to.not.be.undefined");"#,
                "});",
                #"client.test("has cookies", function () { client.assert(Boolean(postmanResponseText.includes("cookies") && response.status === 200), "has cookies"); });"#,
            ])
    }

    @Test func whatHasNoCounterpartIsKeptAsAComment() {
        let partly = handler(["pm.environment.set('a', 1);", "pm.visualizer.set(template);", "console.log('done');"])
        #expect(partly.untranslated == ["pm.visualizer.set(template);"])
        #expect(
            partly.lines == [
                "client.global.set('a', 1);", "// Postman (not translated): pm.visualizer.set(template);",
                "console.log('done');",
            ])
        // A line that opens a block cannot be left out alone: the whole script is kept as comments.
        let block = handler([
            "pm.sendRequest(url, function (err, res) {", "  pm.environment.set('a', res.json().a);", "});",
        ])
        #expect(block.untranslated.count == 3)
        #expect(block.lines.allSatisfy { $0.hasPrefix(PostmanScriptTranslator.commentPrefix) })
        // A pre-request script has no response: only the variables are translated.
        let before = PostmanScriptTranslator.translate(
            ["pm.environment.set('ts', Date.now());", "pm.response.code"], requestName: "x", isHandler: false)
        #expect(before.lines.first == "client.global.set('ts', Date.now());")
        #expect(before.untranslated == ["pm.response.code"])
    }

    @Test func aRequestNameCannotEndTheScript() {
        let translation = handler(["pm.test(request.name, function () {});"], name: "a %} b \" $1 \\")
        #expect(translation.lines == [#"client.test("a \x25} b \" $1 \\", function () {});"#])
    }
}
