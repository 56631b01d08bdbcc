import FerryWorkbench
import Testing

/// The short form of a load (`30s 8`, `1m 200/s`) that the workbench's load prompt takes, and the durations
/// `ferry run --duration` takes.
struct LoadModelSpecTests {
    @Test func aDurationThenSendersOrARate() {
        #expect(LoadModel(spec: "30s 8") == .closed(concurrency: 8, duration: .seconds(30)))
        #expect(LoadModel(spec: " 1m   200/s ") == .open(perSecond: 200, duration: .seconds(60), inFlight: 1000))
        #expect(LoadModel(spec: "500ms") == .closed(concurrency: 1, duration: .milliseconds(500)))
        #expect(LoadModel(spec: "2") == .closed(concurrency: 1, duration: .seconds(2)), "a bare number is seconds")
    }

    @Test func anythingElseIsNoLoad() {
        for spec in ["", "abc", "10s x", "10s 0", "10s -3", "10s 0/s", "10s 8 9", "0s 4", "2d 4", "25h", "10s 2000000"]
        {
            #expect(LoadModel(spec: spec) == nil, "\(spec)")
        }
    }

    @Test func durationsAreBoundedToADay() {
        #expect(LoadModel.duration("1.5s") == .milliseconds(1500))
        #expect(LoadModel.duration("1440m") == .seconds(86_400))
        #expect(LoadModel.duration("1441m") == nil)
        #expect(LoadModel.duration("nan") == nil && LoadModel.duration("infs") == nil)
    }
}
