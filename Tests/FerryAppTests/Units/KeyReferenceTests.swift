import FerryTerminal
import Testing

@testable import FerryApp

/// The key reference (`ferry keys`, the README's table) lists every default binding, under a place users
/// know, in the reference's explicit order of places.
@Suite struct KeyReferenceTests {
    @Test func everyContextOfTheDefaultsHasANamedPlace() {
        let named = Set(KeyReference.places.map(\.context))
        let used = Set(AppKeyMap.defaults.bindings.map(\.context))
        #expect(used.subtracting(named).isEmpty, "contexts missing from KeyReference.places")
        #expect(named.count == KeyReference.places.count, "a context is listed twice")
    }

    @Test func everyDefaultBindingIsInARow() {
        let rows = KeyReference.defaultRows
        for binding in AppKeyMap.defaults.bindings {
            let place = KeyReference.places.first { $0.context == binding.context }?.name
            #expect(
                rows.contains { row in
                    row.help == binding.help && row.places.contains { $0 == place }
                        && row.keys.contains(KeyReference.displayName(of: binding.key))
                }, "\(binding.key.notation) in \(binding.context): \(binding.help)")
        }
    }

    @Test func rowsFollowTheOrderOfPlacesNotOfTheKeyMap() {
        let keyMap = KeyMap(
            [
                KeyBinding("q", action: "dialog.close", help: "Close", context: "trash"),
                KeyBinding("k", action: "cursor.up", help: "Up", context: "tree"),
                KeyBinding("ctrl+r", action: "request.send", help: "Send"),
                KeyBinding("up", action: "cursor.up", help: "Up", context: "tree"),
                KeyBinding("x", action: "other", help: "Somewhere new", context: "elsewhere"),
                KeyBinding("k", action: "cursor.up", help: "Up", context: "response"),
                KeyBinding("up", action: "cursor.up", help: "Up", context: "response"),
            ].compactMap { $0 })
        #expect(
            KeyReference.rows(of: keyMap) == [
                KeyReference.Row(keys: ["Ctrl+R"], places: ["everywhere"], help: "Send", action: "request.send"),
                KeyReference.Row(keys: ["k", "↑"], places: ["tree", "response"], help: "Up", action: "cursor.up"),
                KeyReference.Row(keys: ["q"], places: ["trash"], help: "Close", action: "dialog.close"),
                KeyReference.Row(keys: ["x"], places: ["elsewhere"], help: "Somewhere new", action: "other"),
            ])
    }

    /// Every action id `ferry keys` prints is one `keys.conf` can bind a key to.
    @Test func everyListedActionIsOneAKeyFileCanBind() {
        for name in KeyReference.presetNames {
            for row in KeyReference.rows(ofPreset: name) ?? [] {
                #expect(AppCommand(rawValue: row.action) != nil, "\(name): \(row.action) (\(row.help))")
            }
        }
    }
}
