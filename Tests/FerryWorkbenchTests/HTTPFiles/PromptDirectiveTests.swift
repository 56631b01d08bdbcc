import FerryWorkbench
import Testing

/// `# @prompt name "description"` as JetBrains and httpyac write it: each prompt kept in file order, the
/// description quoted, unquoted or absent, secret-looking names known, and a prompted secret masked.
struct PromptDirectiveTests {
    @Test func everyPromptIsReadInFileOrderWithItsDescription() throws {
        let file = HTTPFileParser.parse(
            text: """
                # @prompt user "Your user name"
                # @prompt otp the code from the app
                # @prompt password
                # @prompt
                # @prompt bad{name}
                # @prompt user "Again"
                GET http://h/{{user}}

                """, path: "p.http")
        let prompts = try #require(file.requests.first).directives.prompts
        #expect(
            prompts == [
                PromptVariable(name: "otp", description: "the code from the app"),
                PromptVariable(name: "password"),
                PromptVariable(name: "user", description: "Again"),
            ])
        #expect(prompts.map(\.isSecret) == [true, true, false])
        #expect(prompts.map(\.question) == ["the code from the app: ", "password: ", "Again: "])
        #expect(PromptVariable(name: "apiKey").isSecret && PromptVariable(name: "ACCESS_TOKEN").isSecret)
        #expect(!PromptVariable(name: "userId").isSecret)
    }

    @Test func aPromptedSecretIsMaskedAsAPrivateValueIs() {
        var context = VariableContext(overrides: ["password": "pw-1", "user": "ada"])
        context.secretOverrideNames = ["password"]
        #expect(context.lookup("password")?.isSecret == true)
        #expect(context.lookup("user")?.isSecret == false)
        #expect(context.secretValues == ["pw-1"])
    }
}
