import FerryScript
import FerryWorkbench
import Foundation
import Testing

/// The Faker families of `$random` (`name.firstName`, `address.city`…) from scripts; the generators themselves are
/// tested in FerryDynamicTests' `FakeDataTests`.
@Suite struct FakeDataTests {
    @Test func scriptsReadTheFamiliesAsProperties() throws {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                client.log($random.name.firstName);
                client.log($random.address.city);
                client.log($random.internet.ipV4Address);
                client.log(Object.keys($random.name).includes("lastName"));
                client.log(typeof $random.name.nickname);
                """), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error == nil)
        let log = outcome.log
        try #require(log.count == 5)
        #expect(log[0].wholeMatch(of: /[A-Z][a-z]+/) != nil)
        #expect(!log[1].isEmpty)
        #expect(log[2].wholeMatch(of: /(\d{1,3}\.){3}\d{1,3}/) != nil)
        #expect(log[3] == "true")
        #expect(log[4] == "undefined")
    }
}
