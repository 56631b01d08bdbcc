import FerryScript
import FerryWorkbench
import Foundation
import Testing

/// `sleep(ms)`, `setTimeout` and `clearTimeout` (JetBrains 2026.1): timers run in order of their time after the
/// script's own code, with their arguments; a cleared one never runs; `client.exit()` drops the rest; the waits
/// are bounded by the script's time limit.
@Suite struct ScriptTimerTests {
    @Test func timersRunInOrderAfterTheScriptWithTheirArguments() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                setTimeout(() => client.log("late"), 20);
                const dropped = setTimeout(() => client.log("dropped"), 5);
                setTimeout((a, b) => client.log("early", a + b), 10, 1, 2);
                setTimeout(() => { client.log("exit"); client.exit(); }, 30);
                setTimeout(() => client.log("after exit"), 40);
                clearTimeout(dropped);
                sleep(1);
                client.log("body");
                """), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error == nil)
        #expect(outcome.log == ["body", "early 3", "late", "exit"])
    }

    @Test func waitingPastTheLimitIsAnErrorAndATimerMayFail() {
        let long = sharedRunner.runPreRequest(inline("sleep(6000);"), request: plainRequest, globals: ScriptGlobals())
        #expect("\(long.error.map { "\($0)" } ?? "")".contains("may wait 5000 ms in all"))
        let failing = sharedRunner.runPreRequest(
            inline("setTimeout(() => { throw new Error('in a timer'); }, 1);"), request: plainRequest,
            globals: ScriptGlobals())
        #expect("\(failing.error.map { "\($0)" } ?? "")".contains("in a timer"))
    }
}
