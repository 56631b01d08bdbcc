// JavaScriptCore's C API, opened at first use with dlopen instead of linked.
//
// The types are the real ones from <JavaScriptCore/JavaScript.h> (Debian's libjavascriptcoregtk-4.1-dev;
// Apple's JavaScriptCore framework has the same C API, so this carries to macOS with a different library
// path). Swift calls JavaScriptCore only through the table `ferry_jsc()` returns after `ferry_jsc_load`
// succeeded; calling the declared functions directly would need the library linked.
#ifndef FERRY_CJAVASCRIPTCORE_H
#define FERRY_CJAVASCRIPTCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <JavaScriptCore/JavaScript.h>

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

/// Called while a script runs past the group's time limit; true stops it.
typedef bool (*FerryJSShouldTerminateCallback)(JSContextRef context, void *_Nullable info);

/// The JavaScriptCore functions Ferry uses, resolved with dlsym.
typedef struct FerryJSC {
    JSContextGroupRef (*_Nonnull contextGroupCreate)(void);
    void (*_Nonnull contextGroupRelease)(JSContextGroupRef group);
    // Exported by the library but declared only in JSContextRefPrivate.h.
    void (*_Nonnull contextGroupSetExecutionTimeLimit)(
        JSContextGroupRef group, double limit, FerryJSShouldTerminateCallback callback, void *info);
    JSGlobalContextRef (*_Nonnull globalContextCreateInGroup)(JSContextGroupRef group, JSClassRef globalObjectClass);
    void (*_Nonnull globalContextRelease)(JSGlobalContextRef context);
    JSObjectRef (*_Nonnull contextGetGlobalObject)(JSContextRef context);
    JSValueRef (*_Nonnull evaluateScript)(
        JSContextRef context, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL,
        int startingLineNumber, JSValueRef *exception);
    void (*_Nonnull garbageCollect)(JSContextRef context);

    JSStringRef (*_Nonnull stringCreateWithUTF8CString)(const char *string);
    void (*_Nonnull stringRelease)(JSStringRef string);
    size_t (*_Nonnull stringGetMaximumUTF8CStringSize)(JSStringRef string);
    size_t (*_Nonnull stringGetUTF8CString)(JSStringRef string, char *buffer, size_t bufferSize);

    JSValueRef (*_Nonnull valueMakeUndefined)(JSContextRef context);
    JSValueRef (*_Nonnull valueMakeNull)(JSContextRef context);
    JSValueRef (*_Nonnull valueMakeBoolean)(JSContextRef context, bool boolean);
    JSValueRef (*_Nonnull valueMakeNumber)(JSContextRef context, double number);
    JSValueRef (*_Nonnull valueMakeString)(JSContextRef context, JSStringRef string);
    JSValueRef (*_Nonnull valueMakeFromJSONString)(JSContextRef context, JSStringRef string);
    JSStringRef (*_Nonnull valueCreateJSONString)(
        JSContextRef context, JSValueRef value, unsigned indent, JSValueRef *exception);
    bool (*_Nonnull valueIsUndefined)(JSContextRef context, JSValueRef value);
    bool (*_Nonnull valueIsNull)(JSContextRef context, JSValueRef value);
    bool (*_Nonnull valueIsBoolean)(JSContextRef context, JSValueRef value);
    bool (*_Nonnull valueIsNumber)(JSContextRef context, JSValueRef value);
    bool (*_Nonnull valueIsString)(JSContextRef context, JSValueRef value);
    bool (*_Nonnull valueIsObject)(JSContextRef context, JSValueRef value);
    void (*_Nonnull valueProtect)(JSContextRef context, JSValueRef value);
    void (*_Nonnull valueUnprotect)(JSContextRef context, JSValueRef value);
    bool (*_Nonnull valueToBoolean)(JSContextRef context, JSValueRef value);
    double (*_Nonnull valueToNumber)(JSContextRef context, JSValueRef value, JSValueRef *exception);
    JSStringRef (*_Nonnull valueToStringCopy)(JSContextRef context, JSValueRef value, JSValueRef *exception);
    JSObjectRef (*_Nonnull valueToObject)(JSContextRef context, JSValueRef value, JSValueRef *exception);

    JSClassRef (*_Nonnull classCreate)(const JSClassDefinition *definition);
    void (*_Nonnull classRelease)(JSClassRef jsClass);
    JSObjectRef (*_Nonnull objectMake)(JSContextRef context, JSClassRef jsClass, void *data);
    void *(*_Nonnull objectGetPrivate)(JSObjectRef object);
    JSObjectRef (*_Nonnull objectMakeError)(
        JSContextRef context, size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception);
    JSValueRef (*_Nonnull objectGetProperty)(
        JSContextRef context, JSObjectRef object, JSStringRef propertyName, JSValueRef *exception);
    void (*_Nonnull objectSetProperty)(
        JSContextRef context, JSObjectRef object, JSStringRef propertyName, JSValueRef value,
        JSPropertyAttributes attributes, JSValueRef *exception);
    bool (*_Nonnull objectIsFunction)(JSContextRef context, JSObjectRef object);
    JSValueRef (*_Nonnull objectCallAsFunction)(
        JSContextRef context, JSObjectRef object, JSObjectRef thisObject, size_t argumentCount,
        const JSValueRef arguments[], JSValueRef *exception);
    // Exported by the library but declared only in JSContextRefPrivate.h: a full collection, now.
    void (*_Nonnull synchronousGarbageCollect)(JSContextRef context);
} FerryJSC;

#pragma clang diagnostic pop

/// Opens the library (as `ferry_jsc_load` says) with the engine's escape hatches closed before any context
/// exists: no WebAssembly and no SharedArrayBuffer, so no script can loop where the watchdog does not look
/// (a WebAssembly loop) or block without running (`Atomics.wait` on shared memory); and with the microtask
/// drain resolved for ``ferry_jsc_drain_microtasks``. A library without these refuses to load, saying so.
///
/// Opens the library (the path in FERRY_JSC_LIBRARY when set, else the system's
/// libjavascriptcoregtk-4.1.so.0) and resolves every function once; later calls return the first result.
/// Returns false and writes what is missing, in words, into `error` when it cannot.
bool ferry_jsc_load(char *_Nullable error, size_t errorSize);

/// The resolved functions; only valid after `ferry_jsc_load` returned true.
const FerryJSC *_Nonnull ferry_jsc(void);

/// Runs the promise jobs (microtasks) queued in `group` now, on the calling thread, with the engine's lock
/// held. Called from a native function, so inside the script's own entry into the engine: the group's
/// execution time limit then covers the jobs as one run, where the engine's own drain (when its lock is
/// released) would give every job a fresh limit and never stop `for (;;) await 0`.
void ferry_jsc_drain_microtasks(JSContextGroupRef _Nonnull group);

#endif
