/// The JetBrains HTTP Client objects (`client`, `request`, `response`, `crypto`, `jsonPath`, `$random`), written in
/// JavaScript over the native `host(name, ...arguments)` (`ScriptHost`). Evaluated once per realm (its source
/// made into the engine's string once per engine, `JavaScriptEngine`); the function it returns installs the
/// globals and returns the controller whose `run(source, sourceURL, facts)` runs one script. A realm is made
/// for every script, so what few scripts use (`crypto`, `$random`, the assertion error's class, the WebSocket
/// handlers' map) is made at first use.
enum ScriptPrelude {
    /// The name the prelude has in stacks; frames there are never a user's location.
    static let sourceURL = "ferry:prelude"

    static let source = #"""
        (function (host) {
          "use strict";
          const exitSignal = Object.freeze({ toString() { return "client.exit()"; } });
          let inTest = 0;

          const unsupported = (name) => () => { throw new Error(name + " is not supported by Ferry"); };
          const stored = (value) => typeof value === "string" ? value
            : (value !== null && typeof value === "object") ? JSON.stringify(value) : String(value);
          const messageOf = (error) => error instanceof Error ? error.message : String(error);
          const stackOf = (error) => error instanceof Error && typeof error.stack === "string" ? error.stack : "";
          const logText = (value) => typeof value === "string" ? value
            : (value !== null && typeof value === "object") ? (JSON.stringify(value) ?? String(value)) : String(value);

          // Made at first use, like everything few scripts need: a class costs its realm a prototype and a structure.
          let AssertionError;
          const assertionError = (text) => new (AssertionError ??= class AssertionError extends Error {})(text);

          const client = Object.freeze({
            global: Object.freeze({
              set(name, value) { host("globalSet", String(name), stored(value)); },
              get(name) { return host("globalGet", String(name)); },
              isEmpty() { return host("globalIsEmpty"); },
              clear(name) { host("globalClear", String(name)); },
              clearAll() { host("globalClearAll"); },
            }),
            test(name, body) {
              const declared = new Error().stack;
              inTest += 1;
              try {
                body();
                host("testResult", String(name), true, "", declared);
              } catch (error) {
                if (error === exitSignal) throw error;
                host("testResult", String(name), false, messageOf(error), stackOf(error) + "\n" + declared);
              } finally {
                inTest -= 1;
              }
            },
            assert(condition, message) {
              if (condition) return;
              const text = message === undefined ? "Assertion failed" : String(message);
              if (inTest > 0) throw assertionError(text);
              host("testResult", text, false, text, new Error().stack);
            },
            log(...values) { host("log", values.map(logText).join(" ")); },
            exit() { throw exitSignal; },
          });

          const headerOf = (header) => Object.freeze({
            name: header.name,
            value: header.substituted,
            getRawValue() { return header.raw; },
            tryGetSubstitutedValue() { return header.substituted; },
          });

          const makeRequest = (request) => Object.freeze({
            method: request.method,
            url: Object.freeze({
              getRaw() { return request.rawURL; },
              tryGetSubstituted() { return request.substitutedURL; },
              toString() { return request.substitutedURL; },
            }),
            headers: Object.freeze({
              all() { return request.headers.map(headerOf); },
              findByName(name) {
                const wanted = String(name).toLowerCase();
                const header = request.headers.find((candidate) => candidate.name.toLowerCase() === wanted);
                return header === undefined ? null : headerOf(header);
              },
            }),
            body: Object.freeze({
              getRaw() { return request.rawBody; },
              tryGetSubstituted() { return request.substitutedBody; },
            }),
            environment: Object.freeze({
              get(name) { return host("environmentGet", String(name)); },
            }),
            variables: Object.freeze({
              set(name, value) { host("variableSet", String(name), stored(value)); },
              get(name) { return host("variableGet", String(name)); },
            }),
            // Which pass of `ferry run --data/--repeat` this is (first 0); 0 for a single send.
            iteration() { return request.iteration; },
            templateValue: unsupported("request.templateValue()"),
          });

          const makeResponse = (response) => {
            const valuesOf = (name) => {
              const wanted = String(name).toLowerCase();
              return response.headers.filter((header) => header[0].toLowerCase() === wanted).map((header) => header[1]);
            };
            // The response checked against the request's contract (`# @contract`, `ferry run --contract`).
            const contractViolations = () => {
              if (response.contract === undefined || response.contract === null) {
                throw new Error("no contract to check against: add `# @contract openapi.yaml` to the request or run with --contract");
              }
              return response.contract;
            };
            let body = response.body;
            if (response.liveId !== null) {
              // A WebSocket conversation, open while the handler runs: each callback gets the messages as they
              // arrive (`deliver`), with `output` to answer, until it unsubscribes or the conversation ends
              // (`finish`); `onFinish` runs once, at whichever comes first.
              const subscriptions = live.get(response.liveId).subscriptions;
              body = Object.freeze({
                onEachMessage(callback, onFinish) {
                  if (typeof callback !== "function") throw new TypeError("onEachMessage needs a function");
                  subscriptions.push({ callback, onFinish, listening: true, finished: false });
                },
                toString() { return ""; },
              });
            } else if (response.lines !== null) {
              // A streamed body (an event stream, NDJSON), which the handler reads once it ended: the callback
              // gets each event's data or line in order (a JSON object or array parsed), until it unsubscribes.
              const lines = response.lines;
              const text = response.body;
              body = Object.freeze({
                onEachLine(callback, onFinish) {
                  if (typeof callback !== "function") throw new TypeError("onEachLine needs a function");
                  let listening = true;
                  const unsubscribe = () => { listening = false; };
                  for (const line of lines) {
                    let value = line;
                    if (/^\s*[[{]/.test(line)) { try { value = JSON.parse(line); } catch (error) { value = line; } }
                    callback(value, unsubscribe);
                    if (!listening) break;
                  }
                  if (typeof onFinish === "function") onFinish();
                },
                toString() { return text; },
              });
            } else if (response.isJSON) {
              try { body = JSON.parse(response.body); } catch (error) { body = response.body; }
            }
            return Object.freeze({
              body,
              status: response.status,
              statusText: response.statusText,
              responseTime: response.responseTime === null ? undefined : response.responseTime,
              headers: Object.freeze({
                valueOf(name) { const values = valuesOf(name); return values.length > 0 ? values[0] : null; },
                valuesOf,
              }),
              contentType: Object.freeze({ mimeType: response.mimeType, charset: response.charset }),
              contractViolations() { return contractViolations().map((violation) => Object.freeze({ ...violation })); },
              conformsToContract() { return contractViolations().length === 0; },
            });
          };

          const hasher = (algorithm, withSecret) => {
            const parts = [];
            let secret = null;
            const digest = () => {
              const hex = host("digest", algorithm, JSON.stringify(parts), JSON.stringify(secret));
              return Object.freeze({
                toHex() { return hex; },
                toBase64(urlSafe) { return host("base64", hex, urlSafe === true); },
              });
            };
            const self = {
              updateWithText(text, encoding) { parts.push(["text", String(text), encoding === undefined ? "UTF-8" : String(encoding)]); return self; },
              updateWithHex(hex) { parts.push(["hex", String(hex)]); return self; },
              updateWithBase64(base64, urlSafe) { parts.push([urlSafe === true ? "base64url" : "base64", String(base64)]); return self; },
              digest,
            };
            if (withSecret) {
              self.withTextSecret = (text, encoding) => { secret = ["text", String(text), encoding === undefined ? "UTF-8" : String(encoding)]; return self; };
              self.withHexSecret = (hex) => { secret = ["hex", String(hex)]; return self; };
              self.withBase64Secret = (base64, urlSafe) => { secret = [urlSafe === true ? "base64url" : "base64", String(base64)]; return self; };
            }
            return Object.freeze(self);
          };
          const algorithms = ["md5", "sha1", "sha256", "sha384", "sha512"];
          const makeCrypto = () => Object.freeze(Object.fromEntries([
            ...algorithms.map((name) => [name, () => hasher(name, false)]),
            ["hmac", Object.freeze(Object.fromEntries(algorithms.map((name) => [name, () => hasher(name, true)])))],
          ]));

          const jsonPath = (value, path) => {
            const text = typeof value === "string" ? value : JSON.stringify(value);
            const result = host("jsonPath", text === undefined ? "null" : text, String(path));
            return result === undefined ? null : JSON.parse(result);
          };

          // $random as JetBrains lists it: uuid and email are read as properties, the rest are called;
          // integer and float default to 0 up to 1000.
          const bounded = (name, low, high) => (from, to) =>
            host("random_" + name, from === undefined ? low : Number(from), to === undefined ? high : Number(to));
          const sized = (name) => (length) => {
            if (length === undefined) throw new Error("$random." + name + "(length) needs a length");
            return host("random_" + name, Number(length));
          };
          // Made at first use: the Faker families are most of what installing the API costs, and each script has
          // a realm of its own.
          const makeRandom = () => Object.freeze(Object.defineProperties({
            integer: bounded("integer", 0, 1000),
            float: bounded("float", 0, 1000),
            alphabetic: sized("alphabetic"),
            alphanumeric: sized("alphanumeric"),
            hexadecimal: sized("hexadecimal"),
            numeric: sized("numeric"),
          }, {
            uuid: { get() { return host("random_uuid"); }, enumerable: true },
            email: { get() { return host("random_email"); }, enumerable: true },
            // The Faker families (`$random.name.firstName`, `$random.address.city`), each member a getter.
            ...Object.fromEntries(Object.entries(JSON.parse(host("random_fakeFamilies"))).map(([family, members]) => [
              family, { value: Object.freeze(Object.defineProperties({}, Object.fromEntries(members.map((member) => [
                member, { get() { return host("random_fake", family + "." + member); }, enumerable: true },
              ])))), enumerable: true },
            ])),
          }));

          const console = Object.freeze({
            log: client.log, info: client.log, warn: client.log, error: client.log, debug: client.log,
          });

          // Timers (JetBrains 2026.1): callbacks run in order of their time once the script's own code ended, on a
          // clock that `sleep` and the waits between timers move; `client.exit()` drops the rest.
          let timers = [];
          let nextTimer = 1;
          let clock = 0;
          const sleep = (ms) => { const wait = Number(ms); host("sleep", wait); clock += wait; };
          const setTimeout = (callback, ms, ...args) => {
            if (typeof callback !== "function") throw new TypeError("setTimeout needs a function");
            const id = nextTimer++;
            timers.push({ id, due: clock + Math.max(0, Number(ms) || 0), callback, args });
            return id;
          };
          const clearTimeout = (id) => { timers = timers.filter((timer) => timer.id !== id); };
          const drainTimers = (entry) => {
            while (timers.length > 0) {
              timers.sort((a, b) => a.due - b.due || a.id - b.id);
              const timer = timers.shift();
              if (timer.due > clock) sleep(timer.due - clock);
              if (within(entry, () => timer.callback(...timer.args))) { timers = []; return true; }
            }
            return false;
          };

          const define = (name, value) => Object.defineProperty(globalThis, name, { value, writable: false, configurable: true });
          define("client", client);
          let crypto;
          Object.defineProperty(globalThis, "crypto", { get() { return crypto ??= makeCrypto(); }, configurable: true });
          define("jsonPath", jsonPath);
          let random;
          Object.defineProperty(globalThis, "$random", {
            get() { return random ??= makeRandom(); }, configurable: true,
          });
          define("console", console);
          define("sleep", sleep);
          define("setTimeout", setTimeout);
          define("clearTimeout", clearTimeout);

          // The open WebSocket handlers by id: their subscriptions and the `request` and `response` they ran with,
          // which are the globals again while their callbacks run.
          let live;
          const listening = (entry) => entry.subscriptions.some((subscription) => subscription.listening);
          const finishOne = (subscription) => {
            subscription.listening = false;
            if (subscription.finished) return;
            subscription.finished = true;
            if (typeof subscription.onFinish === "function") subscription.onFinish();
          };
          // `output` sends only while a message is being handled: after the end nothing can go.
          let delivering = false;
          const output = (text) => {
            if (!delivering) throw new Error("output() works only while a message is handled, not after the conversation ended");
            host("output", stored(text));
          };
          // Runs `body` with the handler's globals; true when it called client.exit(), which ends the handler.
          // The promise jobs it queued run before it returns, whatever happened: still inside this call, where
          // the watchdog times them with the rest.
          const within = (entry, body) => {
            define("request", entry.request);
            define("response", entry.response);
            inTest = 0;
            try {
              body();
              return false;
            } catch (error) {
              for (const subscription of entry.subscriptions) subscription.listening = false;
              if (error === exitSignal) return true;
              throw error;
            } finally {
              host("drainJobs");
            }
          };
          const compile = (source, sourceURL) => host("compile", source, sourceURL);

          return Object.freeze({
            // Compiles `source` (named `sourceURL`) and runs it with `given`'s request and response.
            run(source, sourceURL, given) {
              const script = compile(source, sourceURL);
              const entry = { subscriptions: [], request: makeRequest(given.request), response: undefined };
              if (given.response !== null && given.response.liveId !== null) (live ??= new Map()).set(given.response.liveId, entry);
              entry.response = given.response === null ? undefined : makeResponse(given.response);
              timers = [];
              clock = 0;
              if (within(entry, script)) { timers = []; return true; }
              return drainTimers(entry);
            },
            // Whether a callback of handler `id` listens.
            listens(id) {
              const entry = live?.get(id);
              return entry !== undefined && listening(entry);
            },
            // Hands `message` to each listening callback of handler `id`; true while one still listens.
            deliver(id, message) {
              const entry = live?.get(id);
              if (entry === undefined) return false;
              delivering = true;
              try {
                within(entry, () => {
                  for (const subscription of entry.subscriptions) {
                    if (!subscription.listening) continue;
                    subscription.callback(message, () => { subscription.listening = false; }, output);
                    if (!subscription.listening) finishOne(subscription);
                  }
                });
              } finally {
                delivering = false;
              }
              return listening(entry);
            },
            // The conversation ended: `onFinish` of each subscription not finished yet (unless `quietly`), then
            // the handler is forgotten.
            finish(id, quietly) {
              const entry = live?.get(id);
              live?.delete(id);
              if (entry === undefined || quietly) return false;
              return within(entry, () => {
                for (const subscription of entry.subscriptions) {
                  if (subscription.listening) finishOne(subscription);
                }
              });
            },
          });
        })
        """#
}
