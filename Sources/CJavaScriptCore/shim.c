#include "CJavaScriptCore.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FERRY_JSC_DEFAULT_LIBRARY "libjavascriptcoregtk-4.1.so.0"

static FerryJSC table;
static bool loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

// JavaScriptCore's C++ entry points the C API lacks, exported by the library (C++ symbol names, so only
// this library's ABI: a library without them refuses to load). `JSC::VM::drainMicrotasks()` runs the queued
// jobs; `JSC::JSLockHolder(JSC::VM*)` and its destructor hold the engine's lock around it, which a native
// function runs without (the engine drops its locks around every callback). A context group is its VM.
typedef void (*FerryDrainMicrotasks)(void *vm);
typedef void (*FerryLockHolderCreate)(void *holder, void *vm);
typedef void (*FerryLockHolderDestroy)(void *holder);
static FerryDrainMicrotasks drainMicrotasks;
static FerryLockHolderCreate lockHolderCreate;
static FerryLockHolderDestroy lockHolderDestroy;

// `jsc_options_set_boolean` from the library's GLib API (declared in <jsc/jscoptions.h>, which needs GLib's
// headers; gboolean is an int).
typedef int (*FerryOptionsSetBoolean)(const char *option, int value);

// Resolves `name` into `slot`, checking at compile time that the slot has the header's type.
#define RESOLVE(slot, name)                                                                               \
    do {                                                                                                  \
        _Static_assert(__builtin_types_compatible_p(__typeof__(table.slot), __typeof__(&name)), #name);   \
        table.slot = (__typeof__(table.slot))dlsym(handle, #name);                                        \
        if (table.slot == NULL) {                                                                         \
            snprintf(failure, sizeof failure, "%s has no %s (JavaScriptCore too old?)", path, #name);     \
            return;                                                                                       \
        }                                                                                                 \
    } while (0)

// Declared in JSContextRefPrivate.h, which Debian does not install.
void JSContextGroupSetExecutionTimeLimit(
    JSContextGroupRef group, double limit, FerryJSShouldTerminateCallback callback, void *info);
void JSSynchronousGarbageCollectForDebugging(JSContextRef context);

// Resolves the C++ symbol `symbol` into `slot`, or fails the load naming it.
#define RESOLVE_PRIVATE(slot, type, symbol, what)                                                         \
    do {                                                                                                  \
        slot = (type)dlsym(handle, symbol);                                                               \
        if (slot == NULL) {                                                                               \
            snprintf(failure, sizeof failure, "%s has no %s, which Ferry needs to stop scripts", path, what); \
            return;                                                                                       \
        }                                                                                                 \
    } while (0)

// Turns `option` off before the first context exists (options are fixed once the engine is made).
static bool disable(void *handle, const char *path, const char *option) {
    FerryOptionsSetBoolean set = (FerryOptionsSetBoolean)dlsym(handle, "jsc_options_set_boolean");
    if (set == NULL || !set(option, 0)) {
        snprintf(failure, sizeof failure, "%s cannot turn off %s, which Ferry needs to stop scripts", path, option);
        return false;
    }
    return true;
}

static void load(void) {
    const char *override = getenv("FERRY_JSC_LIBRARY");
    const char *path = override != NULL && override[0] != '\0' ? override : FERRY_JSC_DEFAULT_LIBRARY;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure,
                 "cannot open JavaScriptCore (%s): %s; install it with `apt install libjavascriptcoregtk-4.1-0`",
                 path, reason != NULL ? reason : "unknown error");
        return;
    }
    if (!disable(handle, path, "useWasm") || !disable(handle, path, "useSharedArrayBuffer")) return;
    RESOLVE_PRIVATE(drainMicrotasks, FerryDrainMicrotasks, "_ZN3JSC2VM15drainMicrotasksEv", "JSC::VM::drainMicrotasks");
    RESOLVE_PRIVATE(lockHolderCreate, FerryLockHolderCreate, "_ZN3JSC12JSLockHolderC1EPNS_2VME", "JSC::JSLockHolder");
    RESOLVE_PRIVATE(lockHolderDestroy, FerryLockHolderDestroy, "_ZN3JSC12JSLockHolderD1Ev", "JSC::JSLockHolder");
    RESOLVE(contextGroupCreate, JSContextGroupCreate);
    RESOLVE(contextGroupRelease, JSContextGroupRelease);
    RESOLVE(contextGroupSetExecutionTimeLimit, JSContextGroupSetExecutionTimeLimit);
    RESOLVE(globalContextCreateInGroup, JSGlobalContextCreateInGroup);
    RESOLVE(globalContextRelease, JSGlobalContextRelease);
    RESOLVE(contextGetGlobalObject, JSContextGetGlobalObject);
    RESOLVE(evaluateScript, JSEvaluateScript);
    RESOLVE(garbageCollect, JSGarbageCollect);
    RESOLVE(stringCreateWithUTF8CString, JSStringCreateWithUTF8CString);
    RESOLVE(stringRelease, JSStringRelease);
    RESOLVE(stringGetMaximumUTF8CStringSize, JSStringGetMaximumUTF8CStringSize);
    RESOLVE(stringGetUTF8CString, JSStringGetUTF8CString);
    RESOLVE(valueMakeUndefined, JSValueMakeUndefined);
    RESOLVE(valueMakeNull, JSValueMakeNull);
    RESOLVE(valueMakeBoolean, JSValueMakeBoolean);
    RESOLVE(valueMakeNumber, JSValueMakeNumber);
    RESOLVE(valueMakeString, JSValueMakeString);
    RESOLVE(valueMakeFromJSONString, JSValueMakeFromJSONString);
    RESOLVE(valueCreateJSONString, JSValueCreateJSONString);
    RESOLVE(valueIsUndefined, JSValueIsUndefined);
    RESOLVE(valueIsNull, JSValueIsNull);
    RESOLVE(valueIsBoolean, JSValueIsBoolean);
    RESOLVE(valueIsNumber, JSValueIsNumber);
    RESOLVE(valueIsString, JSValueIsString);
    RESOLVE(valueIsObject, JSValueIsObject);
    RESOLVE(valueProtect, JSValueProtect);
    RESOLVE(valueUnprotect, JSValueUnprotect);
    RESOLVE(valueToBoolean, JSValueToBoolean);
    RESOLVE(valueToNumber, JSValueToNumber);
    RESOLVE(valueToStringCopy, JSValueToStringCopy);
    RESOLVE(valueToObject, JSValueToObject);
    RESOLVE(classCreate, JSClassCreate);
    RESOLVE(classRelease, JSClassRelease);
    RESOLVE(objectMake, JSObjectMake);
    RESOLVE(objectGetPrivate, JSObjectGetPrivate);
    RESOLVE(objectMakeError, JSObjectMakeError);
    RESOLVE(objectGetProperty, JSObjectGetProperty);
    RESOLVE(objectSetProperty, JSObjectSetProperty);
    RESOLVE(objectIsFunction, JSObjectIsFunction);
    RESOLVE(objectCallAsFunction, JSObjectCallAsFunction);
    RESOLVE(synchronousGarbageCollect, JSSynchronousGarbageCollectForDebugging);
    loaded = true;
}

bool ferry_jsc_load(char *_Nullable error, size_t errorSize) {
    pthread_once(&once, load);
    if (!loaded && error != NULL && errorSize > 0) {
        snprintf(error, errorSize, "%s", failure);
    }
    return loaded;
}

const FerryJSC *_Nonnull ferry_jsc(void) { return &table; }

void ferry_jsc_drain_microtasks(JSContextGroupRef _Nonnull group) {
    // A JSLockHolder is one RefPtr<VM>; room for more keeps a later layout from writing past it.
    void *holder[4] = {NULL, NULL, NULL, NULL};
    lockHolderCreate(holder, (void *)group);
    drainMicrotasks((void *)group);
    lockHolderDestroy(holder);
}
