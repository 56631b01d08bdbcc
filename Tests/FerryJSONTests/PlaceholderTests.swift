import FerryJSON
import Testing

@Test func moduleIsLinked() {
    #expect(FerryJSONModule.name == "FerryJSON")
}
