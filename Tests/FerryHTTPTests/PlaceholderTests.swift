import FerryHTTP
import Testing

@Test func moduleIsLinked() {
    #expect(FerryHTTPModule.name == "FerryHTTP")
}
