/// The Faker-style families of JetBrains' `$random` (`{{$random.name.firstName}}`, `{{$random.address.city}}`,
/// `$random.internet.emailAddress` in scripts): made-up names, addresses, internet values and text, drawn from
/// ``DynamicValues/random`` so a seeded source gives the same values every time.
///
/// ```swift
/// let city = try DynamicValues().fake("address.city")
/// ```
public enum FakeData {
    /// Every family and its members, as `family.member` paths, sorted: for completion and messages.
    public static var paths: [String] {
        generators.flatMap { family, members in members.keys.map { "\(family).\($0)" } }.sorted()
    }

    /// The members of `family` (`name`, `address`…), sorted; empty for a family Ferry does not know.
    public static func members(of family: String) -> [String] {
        (generators[family]?.keys).map { $0.sorted() } ?? []
    }

    /// Whether `family` is one of the Faker families (so `$random.name.x` is a Faker path, not a typo of a helper).
    public static func isFamily(_ family: String) -> Bool {
        generators[family] != nil
    }

    typealias Generator = @Sendable (FakeDraw) -> String

    static func generator(family: String, member: String) -> Generator? {
        generators[family]?[member]
    }

    static let generators: [String: [String: Generator]] = [
        "name": [
            "firstName": { $0.pick(FakeWords.firstNames) },
            "lastName": { $0.pick(FakeWords.lastNames) },
            "fullName": { "\($0.pick(FakeWords.firstNames)) \($0.pick(FakeWords.lastNames))" },
            "name": { "\($0.pick(FakeWords.firstNames)) \($0.pick(FakeWords.lastNames))" },
            "nameWithMiddle": {
                "\($0.pick(FakeWords.firstNames)) \($0.pick(FakeWords.firstNames)) \($0.pick(FakeWords.lastNames))"
            },
            "prefix": { $0.pick(FakeWords.prefixes) },
            "suffix": { $0.pick(FakeWords.suffixes) },
            "title": {
                "\($0.pick(FakeWords.titleLevels)) \($0.pick(FakeWords.titleFields)) \($0.pick(FakeWords.titleJobs))"
            },
            "username": {
                "\($0.pick(FakeWords.firstNames).lowercased()).\($0.pick(FakeWords.lastNames).lowercased())"
            },
        ],
        "address": [
            "city": { $0.pick(FakeWords.cities) },
            "cityName": { $0.pick(FakeWords.cities) },
            "country": { $0.pick(FakeWords.countries).0 },
            "countryCode": { $0.pick(FakeWords.countries).1 },
            "state": { $0.pick(FakeWords.states).0 },
            "stateAbbr": { $0.pick(FakeWords.states).1 },
            "streetName": { "\($0.pick(FakeWords.streetNames)) \($0.pick(FakeWords.streetSuffixes))" },
            "streetAddress": {
                "\($0.number(1...9999)) \($0.pick(FakeWords.streetNames)) \($0.pick(FakeWords.streetSuffixes))"
            },
            "buildingNumber": { String($0.number(1...9999)) },
            "zipCode": { $0.digits(5) },
            "postcode": { $0.digits(5) },
            "fullAddress": {
                "\($0.number(1...9999)) \($0.pick(FakeWords.streetNames)) \($0.pick(FakeWords.streetSuffixes)), "
                    + "\($0.pick(FakeWords.cities)), \($0.pick(FakeWords.states).1) \($0.digits(5))"
            },
            "latitude": { $0.coordinate(limit: 90) },
            "longitude": { $0.coordinate(limit: 180) },
            "timeZone": { $0.pick(FakeWords.timeZones) },
        ],
        "internet": [
            "emailAddress": { $0.email(domain: nil) },
            "safeEmailAddress": { $0.email(domain: "example.com") },
            "domainName": { "\($0.domainWord()).\($0.pick(FakeWords.domainSuffixes))" },
            "domainWord": { $0.domainWord() },
            "url": { "https://www.\($0.domainWord()).\($0.pick(FakeWords.domainSuffixes))/" },
            "ipV4Address": { draw in (0..<4).map { _ in String(draw.number(1...254)) }.joined(separator: ".") },
            "ipV6Address": { draw in (0..<8).map { _ in draw.hex(4) }.joined(separator: ":") },
            "macAddress": { draw in (0..<6).map { _ in draw.hex(2) }.joined(separator: ":") },
            "password": { $0.text(length: 12, from: DynamicValues.letters + DynamicValues.digits) },
            "slug": { "\($0.pick(FakeWords.loremWords))_\($0.pick(FakeWords.loremWords))" },
            "uuid": { $0.values.uuid() },
            "userAgentAny": { $0.pick(FakeWords.userAgents) },
        ],
        "phoneNumber": [
            "phoneNumber": { "(\($0.number(200...999))) \($0.number(200...999))-\($0.digits(4))" },
            "cellPhone": { "\($0.number(200...999))-\($0.number(200...999))-\($0.digits(4))" },
            "extension": { $0.digits(4) },
        ],
        "company": [
            "name": { "\($0.pick(FakeWords.lastNames)) \($0.pick(FakeWords.companySuffixes))" },
            "suffix": { $0.pick(FakeWords.companySuffixes) },
            "industry": { $0.pick(FakeWords.industries) },
            "profession": { $0.pick(FakeWords.professions) },
            "buzzword": { $0.pick(FakeWords.buzzAdjectives) },
            "catchPhrase": {
                let adjective = $0.pick(FakeWords.buzzAdjectives)
                return "\(adjective.prefix(1).uppercased())\(adjective.dropFirst()) \($0.pick(FakeWords.buzzNouns))"
            },
            "url": { "www.\($0.pick(FakeWords.lastNames).lowercased()).\($0.pick(FakeWords.domainSuffixes))" },
        ],
        "lorem": [
            "word": { $0.pick(FakeWords.loremWords) },
            "sentence": { $0.sentence() },
            "paragraph": { draw in (0..<3).map { _ in draw.sentence() }.joined(separator: " ") },
            "character": { $0.text(length: 1, from: Array("abcdefghijklmnopqrstuvwxyz")) },
        ],
        "color": [
            "name": { $0.pick(FakeWords.colors) },
            "hex": { "#" + $0.hex(6) },
        ],
        "commerce": [
            "productName": {
                "\($0.pick(FakeWords.productAdjectives)) \($0.pick(FakeWords.materials)) \($0.pick(FakeWords.productNouns))"
            },
            "department": { $0.pick(FakeWords.departments) },
            "material": { $0.pick(FakeWords.materials) },
            "color": { $0.pick(FakeWords.colors) },
            "price": { "\($0.number(1...999)).\($0.digits(2))" },
            "promotionCode": { $0.pick(FakeWords.buzzAdjectives).capitalizedFirst + $0.digits(6) },
        ],
        "bool": ["bool": { $0.number(0...1) == 1 ? "true" : "false" }],
        "number": [
            "digit": { $0.digits(1) },
            "randomDigit": { $0.digits(1) },
            "randomDigitNotZero": { String($0.number(1...9)) },
            "randomNumber": { String($0.number(0...999_999_999)) },
        ],
        "job": [
            "title": {
                "\($0.pick(FakeWords.seniorities)) \($0.pick(FakeWords.jobFields)) \($0.pick(FakeWords.positions))"
            },
            "field": { $0.pick(FakeWords.jobFields) },
            "position": { $0.pick(FakeWords.positions) },
            "seniority": { $0.pick(FakeWords.seniorities) },
            "keySkills": { $0.pick(FakeWords.skills) },
        ],
        "book": [
            "title": { "The \($0.pick(FakeWords.bookTitleWords)) of \($0.pick(FakeWords.bookTitleWords))" },
            "author": { "\($0.pick(FakeWords.firstNames)) \($0.pick(FakeWords.lastNames))" },
            "genre": { $0.pick(FakeWords.bookGenres) },
            "publisher": { $0.pick(FakeWords.publishers) },
        ],
        "idNumber": [
            "valid": { "\($0.number(100...665))-\($0.number(10...99))-\($0.number(1000...9999))" },
            "ssnValid": { "\($0.number(100...665))-\($0.number(10...99))-\($0.number(1000...9999))" },
        ],
    ]
}

extension DynamicValues {
    /// A made-up value of a Faker family member, `path` written `family.member` (`name.firstName`,
    /// `address.city`): throws naming the known members when `path` is not one.
    public func fake(_ path: String) throws(DynamicValueError) -> String {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let problem = FakeData.problem(with: path) { throw problem }
        guard parts.count == 2, let generator = FakeData.generator(family: parts[0], member: parts[1]) else {
            throw DynamicValueError("$random.\(path) is not a known value")
        }
        return generator(FakeDraw(values: self))
    }
}

extension FakeData {
    /// Why `path` (`family.member`) is not a Faker value, naming the families or members there are; `nil` when
    /// it is one.
    public static func problem(with path: String) -> DynamicValueError? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, isFamily(parts[0]) else {
            let families = generators.keys.sorted().joined(separator: ", ")
            return DynamicValueError("$random.\(path) is not a known value; the families are \(families)")
        }
        guard generator(family: parts[0], member: parts[1]) != nil else {
            let members = members(of: parts[0]).joined(separator: ", ")
            return DynamicValueError("$random.\(parts[0]) has no \(parts[1]); it has \(members)")
        }
        return nil
    }
}

/// One draw of fake values: picks and numbers from the values' random source.
struct FakeDraw {
    let values: DynamicValues

    func pick<Element>(_ elements: [Element]) -> Element {
        elements[number(0...(elements.count - 1))]
    }

    func number(_ range: ClosedRange<Int>) -> Int {
        var generator = RandomSourceGenerator(source: values.random)
        return Int.random(in: range, using: &generator)
    }

    func digits(_ count: Int) -> String {
        text(length: count, from: DynamicValues.digits)
    }

    func hex(_ count: Int) -> String {
        text(length: count, from: DynamicValues.digits + Array("abcdef"))
    }

    /// `length` characters of `alphabet`; lengths here are small constants, so the length check cannot fail.
    func text(length: Int, from alphabet: [Character]) -> String {
        (try? values.text(length: length, from: alphabet)) ?? ""
    }

    /// A latitude or longitude in `-limit...limit`, six decimals (about 0.1 m).
    func coordinate(limit: Int) -> String {
        let micro = number((-limit * 1_000_000)...(limit * 1_000_000))
        let sign = micro < 0 ? "-" : ""
        let whole = String(abs(micro) / 1_000_000)
        let fraction = String(abs(micro) % 1_000_000)
        return sign + whole + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    func domainWord() -> String {
        pick(FakeWords.lastNames).lowercased()
    }

    /// An address at a domain reserved for examples (RFC 2606), so a test run never mails a real person.
    func email(domain: String?) -> String {
        let user = "\(pick(FakeWords.firstNames).lowercased()).\(pick(FakeWords.lastNames).lowercased())\(digits(2))"
        return "\(user)@\(domain ?? pick(["example.com", "example.net", "example.org"]))"
    }

    func sentence() -> String {
        let words = (0..<(4 + number(0...6))).map { _ in pick(FakeWords.loremWords) }
        return words.joined(separator: " ").capitalizedFirst + "."
    }
}

extension String {
    /// The string with its first character upper case.
    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
