import FerryWorkbench
import Testing

@Test func moduleIsLinked() {
    #expect(FerryWorkbenchModule.name == "FerryWorkbench")
}
