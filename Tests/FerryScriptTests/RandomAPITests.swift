import FerryScript
import FerryWorkbench
import Foundation
import Testing

@Suite struct RandomAPITests {
    @Test func shapesOfEveryGenerator() throws {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                client.log($random.uuid);
                client.log($random.email);
                client.log($random.integer(5, 8));
                client.log($random.float(1.5, 2));
                client.log($random.alphabetic(6));
                client.log($random.alphanumeric(40));
                client.log($random.hexadecimal(12));
                client.log($random.numeric(4));
                client.log($random.integer());
                client.log($random.uuid !== $random.uuid);
                """), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error == nil)
        let log = outcome.log
        try #require(log.count == 10)
        #expect(log[0].wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
        #expect(log[1].wholeMatch(of: /[a-z]+\.[0-9]{3}@example\.com/) != nil)
        #expect((5..<8).contains(Int(log[2]) ?? -1))
        #expect(Double(log[3]).map { $0 >= 1.5 && $0 < 2 } == true)
        #expect(log[4].wholeMatch(of: /[A-Za-z]{6}/) != nil)
        #expect(log[5].wholeMatch(of: /[A-Za-z0-9_]{40}/) != nil)
        #expect(log[6].wholeMatch(of: /[0-9a-f]{12}/) != nil)
        #expect(log[7].wholeMatch(of: /[0-9]{4}/) != nil)
        #expect((0..<1000).contains(Int(log[8]) ?? -1))
        #expect(log[9] == "true")
    }

    @Test func badArgumentsAreErrorsNamingTheGenerator() {
        let empty = sharedRunner.runPreRequest(
            inline("$random.integer(10, 1)"), request: plainRequest, globals: ScriptGlobals())
        #expect(empty.error?.message.hasPrefix("Error: $random.integer: ") == true)
        let huge = sharedRunner.runPreRequest(
            inline("$random.alphabetic(1e9)"), request: plainRequest, globals: ScriptGlobals())
        #expect(huge.error?.message.hasPrefix("Error: $random.alphabetic: ") == true)
        let missing = sharedRunner.runPreRequest(
            inline("$random.hexadecimal()"), request: plainRequest, globals: ScriptGlobals())
        #expect(missing.error?.message == "Error: $random.hexadecimal(length) needs a length")
    }
}
