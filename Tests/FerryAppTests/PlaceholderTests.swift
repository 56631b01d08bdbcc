import FerryApp
import Testing

@Test func moduleIsLinked() {
    #expect(FerryAppModule.name == "FerryApp")
}
