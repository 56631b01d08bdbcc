import FerryTerminal
import Testing

@Test func moduleIsLinked() {
    #expect(FerryTerminalModule.name == "FerryTerminal")
}
