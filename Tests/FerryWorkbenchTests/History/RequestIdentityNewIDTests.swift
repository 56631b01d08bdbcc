import Foundation
import Testing

@testable import FerryWorkbench

@Suite struct RequestIdentityNewIDTests {
    @Test func aNewIDIsARandomVersionFourUUIDSpelledInLowercase() throws {
        let ids = (0..<2000).map { _ in RequestIdentities.newID() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let parsed = try #require(UUID(uuidString: id), "\(id)")
            #expect(parsed.uuidString.lowercased() == id)
            let bytes = parsed.uuid
            #expect(bytes.6 >> 4 == 4, "version 4: \(id)")
            #expect(bytes.8 >> 6 == 0b10, "RFC 4122 variant: \(id)")
        }
    }
}
