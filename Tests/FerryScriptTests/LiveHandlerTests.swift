import FerryScript
import FerryWorkbench
import Foundation
import Testing

/// WebSocket response handlers while the conversation is open: `response.body.onEachMessage` callbacks get
/// each message as it is delivered, answer with `output()`, stop with `unsubscribe()`, and `onFinish` runs
/// once, at the unsubscribe or the end.
@Suite struct LiveHandlerTests {
    /// The `101` of a handshake.
    static let handshake = ScriptResponseFacts(status: 101, headers: [("Upgrade", "websocket")], body: Data())
    static let socketRequest = ScriptRequestFacts(method: "WEBSOCKET", rawURL: "ws://127.0.0.1/echo")

    func start(_ source: String, runner: ScriptRunner = sharedRunner, globals: ScriptGlobals = ScriptGlobals())
        -> LiveHandler
    {
        runner.startHandler(inline(source), request: Self.socketRequest, response: Self.handshake, globals: globals)
    }

    @Test func callbacksGetEachMessageAsDeliveredAndAnswerWithOutput() {
        let handler = start(
            """
            client.log("opened " + response.status);
            response.body.onEachMessage((message, unsubscribe, output) => {
              client.log("got " + message);
              output("re: " + message);
              if (message === "two") output({ "n": 2 });
            }, () => client.log("finished"));
            """)
        #expect(sharedRunner.deliver("one", to: handler) == ["re: one"])
        #expect(sharedRunner.deliver("two", to: handler) == ["re: two", #"{"n":2}"#])
        let outcome = sharedRunner.finish(handler)
        #expect(outcome.error == nil)
        #expect(outcome.log == ["opened 101", "got one", "got two", "finished"])
        #expect(sharedRunner.finish(handler) == outcome)
        #expect(sharedRunner.deliver("late", to: handler).isEmpty)
    }

    @Test func unsubscribeStopsOneCallbackAndRunsItsFinishAtOnce() {
        let handler = start(
            """
            let seen = 0;
            response.body.onEachMessage((message, unsubscribe) => {
              seen += 1;
              if (message === "stop") unsubscribe();
            }, () => client.test("stopped after two", () => client.assert(seen === 2, "seen " + seen)));
            response.body.onEachMessage((message) => client.log("second " + message));
            """)
        _ = sharedRunner.deliver("a", to: handler)
        _ = sharedRunner.deliver("stop", to: handler)
        _ = sharedRunner.deliver("after", to: handler)
        let outcome = sharedRunner.finish(handler)
        #expect(outcome.tests.map(\.name) == ["stopped after two"])
        #expect(outcome.tests.map(\.passed) == [true])
        #expect(outcome.log == ["second a", "second stop", "second after"])
    }

    /// A callback that throws ends the handler's listening with the error at its line; no `onFinish` runs.
    @Test func aThrowingCallbackStopsTheHandlerWithItsLocation() {
        let handler = start(
            """
            response.body.onEachMessage((message) => {
              client.log("got " + message);
              if (message === "bad") JSON.parse("{");
            }, () => client.log("finished"));
            """)
        _ = sharedRunner.deliver("ok", to: handler)
        _ = sharedRunner.deliver("bad", to: handler)
        _ = sharedRunner.deliver("more", to: handler)
        let outcome = sharedRunner.finish(handler)
        #expect(outcome.error?.kind == .exception)
        #expect(outcome.error?.location?.line == 12, "\(String(describing: outcome.error))")
        #expect(outcome.log == ["got ok", "got bad"])
    }

    @Test func clientExitInACallbackEndsTheHandler() {
        let handler = start(
            """
            response.body.onEachMessage((message, unsubscribe, output) => {
              output("bye");
              client.exit();
            }, () => client.log("finished"));
            """)
        #expect(sharedRunner.deliver("one", to: handler) == ["bye"])
        #expect(sharedRunner.deliver("two", to: handler).isEmpty)
        let outcome = sharedRunner.finish(handler)
        #expect(outcome.error == nil)
        #expect(outcome.log.isEmpty)
    }

    /// Each handler's callbacks see its own `request` and `response`, though other scripts ran between.
    @Test func callbacksSeeTheirOwnRequestAndResponse() {
        let first = start(#"response.body.onEachMessage(() => client.log(request.url.toString(), response.status));"#)
        let other = sharedRunner.runHandler(
            inline("client.log(response.status)"), request: plainRequest,
            response: ScriptResponseFacts(status: 204, headers: [], body: Data()), globals: ScriptGlobals())
        #expect(other.log == ["204"])
        _ = sharedRunner.deliver("m", to: first)
        #expect(sharedRunner.finish(first).log == ["ws://127.0.0.1/echo 101"])
    }

    @Test func aLoopingCallbackIsStoppedAtTheLimit() {
        let runner = ScriptRunner(limit: .milliseconds(200))
        let handler = start("response.body.onEachMessage(() => { while (true) {} });", runner: runner)
        let started = ContinuousClock.now
        #expect(runner.deliver("m", to: handler).isEmpty)
        // Stopped, not left running (a generous bound: the machine may be loaded).
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(runner.finish(handler).error?.kind == .timeout)
    }

    @Test func globalsSetInACallbackAreShared() {
        let globals = ScriptGlobals()
        let handler = start(
            #"response.body.onEachMessage((message) => client.global.set("last", message));"#, globals: globals)
        _ = sharedRunner.deliver("token-1", to: handler)
        #expect(globals["last"] == "token-1")
        _ = sharedRunner.finish(handler)
    }
}

extension LiveHandlerTests {
    /// `output` kept past its message and called at the end says why nothing can go.
    @Test func outputAfterTheEndIsAClearError() {
        let handler = start(
            """
            let send;
            response.body.onEachMessage((message, unsubscribe, output) => { send = output; }, () => send("late"));
            """)
        #expect(sharedRunner.deliver("m", to: handler).isEmpty)
        let outcome = sharedRunner.finish(handler)
        #expect(outcome.error?.message.contains("output() works only while a message is handled") == true)
    }
}

extension LiveHandlerTests {
    /// A handler that subscribes nothing listens to nothing: the conversation need not wait for it.
    @Test func onlyAHandlerThatSubscribedListens() {
        let checking = start(#"client.test("upgraded", () => client.assert(response.status === 101));"#)
        #expect(!sharedRunner.isListening(checking))
        #expect(sharedRunner.finish(checking).tests.map(\.passed) == [true])

        let subscribed = start("response.body.onEachMessage((message, unsubscribe) => unsubscribe());")
        #expect(sharedRunner.isListening(subscribed))
        _ = sharedRunner.deliver("m", to: subscribed)
        #expect(!sharedRunner.isListening(subscribed))
        _ = sharedRunner.finish(subscribed)
    }
}
