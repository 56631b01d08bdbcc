import FerryDynamic
import Foundation
import Testing

/// The Faker families of `$random` (`name.firstName`, `address.city`…), from the generators; scripts read them in
/// FerryScriptTests' `FakeDataTests`.
@Suite struct FakeDataTests {
    @Test func everyMemberGivesPrintableTextAndASeedRepeatsIt() throws {
        #expect(FakeData.paths.count > 60)
        for path in FakeData.paths {
            let first = try DynamicValues(random: SeededRandomSource(seed: 9)).fake(path)
            let again = try DynamicValues(random: SeededRandomSource(seed: 9)).fake(path)
            #expect(!first.isEmpty, "\(path) gave nothing")
            #expect(first == again, "\(path) is not reproducible from a seed")
            #expect(!first.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(path): \(first)")
        }
    }

    @Test func valuesHaveTheirShapes() throws {
        let values = DynamicValues(random: SeededRandomSource(seed: 3))
        for _ in 0..<50 {
            #expect(try values.fake("internet.ipV4Address").wholeMatch(of: /(\d{1,3}\.){3}\d{1,3}/) != nil)
            #expect(try values.fake("internet.ipV6Address").wholeMatch(of: /([0-9a-f]{4}:){7}[0-9a-f]{4}/) != nil)
            #expect(try values.fake("internet.macAddress").wholeMatch(of: /([0-9a-f]{2}:){5}[0-9a-f]{2}/) != nil)
            #expect(try values.fake("color.hex").wholeMatch(of: /#[0-9a-f]{6}/) != nil)
            #expect(try values.fake("address.zipCode").wholeMatch(of: /\d{5}/) != nil)
            #expect(try values.fake("bool.bool").wholeMatch(of: /true|false/) != nil)
            // Addresses are at the domains RFC 2606 reserves for examples: a run never mails a real person.
            #expect(
                try values.fake("internet.emailAddress").wholeMatch(of: /[a-z.]+\d{2}@example\.(com|net|org)/) != nil)
            let latitude = try #require(Double(try values.fake("address.latitude")))
            #expect((-90...90).contains(latitude))
            let name = try values.fake("name.fullName").split(separator: " ")
            #expect(name.count == 2)
        }
    }

    @Test func anUnknownMemberOrFamilyNamesWhatThereIs() {
        #expect(throws: DynamicValueError.self) { try DynamicValues().fake("name.nickname") }
        #expect(FakeData.problem(with: "name.nickname")?.message.contains("firstName") == true)
        #expect(FakeData.problem(with: "pokemon.name")?.message.contains("address") == true)
        #expect(FakeData.problem(with: "name") != nil)
        #expect(FakeData.problem(with: "name.firstName") == nil)
    }
}
