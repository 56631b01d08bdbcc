import FerryDynamic
import Foundation
import Testing

@testable import FerryWorkbench

/// `{{$…}}` of the JetBrains and VS Code REST Client dialects, resolved on a fixed clock, zone and seed.
@Suite struct DynamicVariableTests {
    /// 2024-01-31T22:45:30.250Z, a Wednesday: the last day of a month, late enough that Tokyo (+09:00) is
    /// already on the first of the next.
    static let instant = Date(timeIntervalSince1970: 1_706_741_130.25)
    static let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

    func context(seed: UInt64 = 1, now: Date = instant) -> VariableContext {
        VariableContext(now: now, random: SeededRandomSource(seed: seed), timeZone: Self.tokyo)
    }

    /// The value of `{{expression}}` in a header.
    func resolve(_ expression: String, in context: VariableContext? = nil) throws -> String {
        let file = HTTPFileParser.parse(text: "GET http://h/\nX-V: {{\(expression)}}\n", path: "d.http")
        return try file.requests[0].prepared(with: context ?? self.context()).header("X-V")?.value ?? ""
    }

    /// What Foundation's own formatter writes for `date` (an independent computation of the expected text).
    func foundation(_ format: String, _ date: Date = instant, zone: TimeZone = .gmt) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    @Test func randomIntegersStayInTheirHalfOpenRanges() throws {
        for seed in UInt64(1)...200 {
            let jetBrains = try #require(Int(try resolve("$random.integer(1, 10)", in: context(seed: seed))))
            #expect((1..<10).contains(jetBrains))
            let vsCode = try #require(Int(try resolve("$randomInt -5 5", in: context(seed: seed))))
            #expect((-5..<5).contains(vsCode))
            let bare = try #require(Int(try resolve("$randomInt", in: context(seed: seed))))
            #expect((0..<1000).contains(bare))
            let float = try #require(Double(try resolve("$random.float(0, 1)", in: context(seed: seed))))
            #expect(float >= 0 && float < 1)
        }
        // One bound is the upper one, as JetBrains reads `$random.integer(100000)`.
        let upTo = try Set((UInt64(1)...300).map { try resolve("$random.integer(3)", in: context(seed: $0)) })
        #expect(upTo == ["0", "1", "2"])
        // Both ends are reached over many draws: the range is not off by one.
        let draws = try Set((UInt64(1)...300).map { try resolve("$random.integer(0, 3)", in: context(seed: $0)) })
        #expect(draws == ["0", "1", "2"])
    }

    @Test func randomTextHasItsLengthAndAlphabet() throws {
        let alphabetic = try resolve("$random.alphabetic(12)")
        #expect(alphabetic.count == 12 && alphabetic.allSatisfy { $0.isASCII && $0.isLetter })
        let alphanumeric = try resolve("$random.alphanumeric( 40 )")
        #expect(alphanumeric.count == 40)
        #expect(alphanumeric.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        let hex = try resolve("$random.hexadecimal(8)")
        #expect(hex.count == 8 && UInt64(hex, radix: 16) != nil && hex == hex.lowercased())
        let numeric = try resolve("$random.numeric(6)")
        #expect(numeric.count == 6 && numeric.allSatisfy(\.isNumber))
        #expect(try resolve("$random.alphabetic(0)") == "")
    }

    @Test func uuidsAndEmails() throws {
        for name in ["$uuid", "$guid", "$random.uuid"] {
            let text = try resolve(name)
            let uuid = try #require(UUID(uuidString: text))
            #expect(text == text.lowercased())
            #expect(uuid.uuidString.lowercased() == text)
            // Version 4, variant 10xx.
            #expect(Array(text)[14] == "4")
            #expect("89ab".contains(Array(text)[19]))
        }
        let email = try resolve("$random.email")
        let parts = email.split(separator: "@")
        #expect(parts.count == 2 && parts[1] == "example.com" && !parts[0].isEmpty)
    }

    @Test func theSameSeedGivesTheSameValuesAndAnotherSeedOthers() throws {
        let expression = "$random.alphanumeric(16)"
        #expect(try resolve(expression, in: context(seed: 42)) == resolve(expression, in: context(seed: 42)))
        #expect(try resolve(expression, in: context(seed: 42)) != resolve(expression, in: context(seed: 43)))
        #expect(try resolve("$uuid", in: context(seed: 7)) == resolve("$uuid", in: context(seed: 7)))
    }

    @Test func timestamps() throws {
        #expect(try resolve("$timestamp") == "1706741130")
        #expect(try resolve("$isoTimestamp") == foundation("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"))
    }

    @Test func namedDateFormatsInUTCAndLocally() throws {
        #expect(try resolve("$datetime iso8601") == "2024-01-31T22:45:30.250Z")
        #expect(try resolve("$datetime rfc1123") == foundation("EEE, dd MMM yyyy HH:mm:ss 'GMT'"))
        #expect(try resolve("$datetime rfc1123") == "Wed, 31 Jan 2024 22:45:30 GMT")
        #expect(try resolve("$localDatetime iso8601") == foundation("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", zone: Self.tokyo))
        #expect(try resolve("$localDatetime iso8601") == "2024-02-01T07:45:30.250+09:00")
        #expect(try resolve("$localDatetime rfc1123") == foundation("EEE, dd MMM yyyy HH:mm:ss Z", zone: Self.tokyo))
    }

    @Test func javaPatternsMatchFoundationsFormatter() throws {
        for pattern in [
            "dd-MM-yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSS", "EEE, d MMM yy h:mm a", "EEEE MMMM dd HH 'o''clock'",
            "yyyy-MM-dd HH:mm", "HH:mm:ss.SSSXXX", "yyyyMMddHHmmssZ",
        ] {
            #expect(try resolve("$datetime \"\(pattern)\"") == foundation(pattern), "\(pattern)")
            #expect(
                try resolve("$localDatetime '\(pattern)'") == foundation(pattern, zone: Self.tokyo), "\(pattern)")
        }
    }

    @Test func dayJSPatternsAsRESTClientWritesThem() throws {
        // Day.js tokens, translated to the Foundation pattern that means the same.
        let pairs = [
            ("DD-MM-YYYY", "dd-MM-yyyy"), ("YYYY-MM-DD[T]HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss.SSS"),
            ("ddd, D MMM YY h:mm A", "EEE, d MMM yy h:mm a"), ("YYYY dddd MMMM", "yyyy EEEE MMMM"),
            ("YYYY-MM-DDTHH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ssxxx"), ("YYYYMMDD ZZ", "yyyyMMdd xx"),
        ]
        for (dayJS, java) in pairs {
            #expect(try resolve("$datetime \"\(dayJS)\"") == foundation(java), "\(dayJS)")
        }
        #expect(try resolve("$datetime 'YYYY X x'") == "2024 1706741130 1706741130250")
        #expect(try resolve("$datetime 'YY d dd'") == "24 3 We")
    }

    @Test func offsetsInEveryUnitAndAcrossMonthEnds() throws {
        let cases = [
            ("1 M", "2024-02-29"), ("-1 M", "2023-12-31"), ("1 y", "2025-01-31"), ("1 Q", "2024-04-30"),
            ("1 d", "2024-02-01"), ("-31 d", "2023-12-31"), ("1 w", "2024-02-07"), ("2h", "2024-02-01"),
            ("-23 h", "2024-01-30"), ("+75 m", "2024-02-01"), ("-3600 s", "2024-01-31"),
        ]
        for (offset, day) in cases {
            #expect(try resolve("$datetime \"yyyy-MM-dd\" \(offset)") == day, "\(offset)")
        }
        #expect(try resolve("$datetime iso8601 750 ms") == "2024-01-31T22:45:31.000Z")
        #expect(try resolve("$datetime iso8601 -1 ms") == "2024-01-31T22:45:30.249Z")
        // A leap day a year on is the last day of February.
        let leapDay = Date(timeIntervalSince1970: 1_709_208_000)  // 2024-02-29T12:00:00Z
        #expect(try resolve("$datetime \"yyyy-MM-dd\" 1 y", in: context(now: leapDay)) == "2025-02-28")
        // Months end where the local zone says: 07:45 on 1 February in Tokyo, minus a month, is 1 January.
        #expect(try resolve("$localDatetime \"yyyy-MM-dd HH:mm\" -1 M") == "2024-01-01 07:45")
        // The offset as JetBrains documents it.
        #expect(try resolve("$datetime \"dd-MM-yyyy\" -1 d") == "30-01-2024")
    }

    @Test func badFormsAreLocatedErrorsNamingTheProblem() throws {
        let bad = [
            ("$random.integer(10, 1)", "holds no integer"), ("$random.integer(0)", "holds no integer"),
            ("$randomInt 5", "both bounds"),
            ("$random.integer(a, 2)", "'a' is not a whole number"), ("$random.integer 1 2", "parentheses"),
            ("$random.float(1, 1)", "holds no number"), ("$random.alphabetic", "give a length"),
            ("$random.alphabetic(-1)", "not between"), ("$random.hexadecimal(99999999)", "not between"),
            ("$randomInt 5 1", "holds no integer"), ("$randomInt 1 2 3", "at most 2"), ("$uuid 4", "no arguments"),
            ("$datetime", "give a format"), ("$datetime iso", "not a date format"),
            ("$datetime \"dd-MM-yyyy", "not closed"), ("$datetime \"dd-QQ\"", "'Q'"),
            ("$datetime iso8601 1 fortnight", "not a whole number and a unit"), ("$datetime iso8601 d", "unit"),
            ("$datetime 'YYYY[T'", "unclosed '['"), ("$processEnv", "give the variable's name"),
        ]
        for (expression, words) in bad {
            let file = HTTPFileParser.parse(text: "# c\nGET http://h/\nX-V: {{\(expression)}}\n", path: "bad.http")
            let error = try #require(throws: VariableError.self) { try file.requests[0].prepared(with: context()) }
            #expect(error.location?.line == 3, "\(expression)")
            #expect(error.description.hasPrefix("bad.http:3: {{\(expression)}} in header X-V: "), "\(expression)")
            #expect(error.description.contains(words), "\(expression): \(error)")
        }
        let unknown = try #require(throws: VariableError.self) { try resolve("$random.nope") }
        #expect(unknown.reason == .unknownDynamic("$random.nope"))
    }
}

/// `{{$random.family.member}}`: JetBrains' Faker-based values in templates.
@Suite struct FakeDynamicVariableTests {
    func resolve(_ expression: String, seed: UInt64 = 1) throws -> String {
        let file = HTTPFileParser.parse(text: "GET http://h/\nX-V: {{\(expression)}}\n", path: "d.http")
        let context = VariableContext(random: SeededRandomSource(seed: seed))
        return try file.requests[0].prepared(with: context).header("X-V")?.value ?? ""
    }

    @Test func familiesResolveInTemplates() throws {
        let city = try resolve("$random.address.city")
        #expect(!city.isEmpty)
        #expect(try resolve("$random.address.city") == city)
        #expect(try resolve("$random.phoneNumber.cellPhone").wholeMatch(of: /\d{3}-\d{3}-\d{4}/) != nil)
        let names = try Set((UInt64(1)...40).map { try resolve("$random.name.firstName", seed: $0) })
        #expect(names.count > 5)
    }

    @Test func aMissingMemberIsAnErrorNamingTheMembers() {
        do {
            _ = try resolve("$random.name.nickname")
            Issue.record("an unknown member resolved")
        } catch {
            #expect("\(error)".contains("firstName"))
        }
        #expect(DynamicVariable.names.contains("$random.address.streetAddress"))
    }
}
