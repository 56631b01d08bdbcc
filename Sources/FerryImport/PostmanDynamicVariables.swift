/// Postman's dynamic variables (`{{$randomFirstName}}`, `{{$guid}}`) and the Ferry ones that mean the same, so an
/// imported collection sends instead of failing on an unknown name.
enum PostmanDynamicVariables {
    /// Postman name → Ferry name, both with their `$`.
    static let ferryNames: [String: String] = [
        "$guid": "$uuid", "$randomUUID": "$uuid", "$randomAlphaNumeric": "$random.alphanumeric(1)",
        "$randomBoolean": "$random.bool.bool", "$randomColor": "$random.color.name",
        "$randomHexColor": "$random.color.hex", "$randomIP": "$random.internet.ipV4Address",
        "$randomIPV6": "$random.internet.ipV6Address", "$randomMACAddress": "$random.internet.macAddress",
        "$randomPassword": "$random.internet.password", "$randomUrl": "$random.internet.url",
        "$randomDomainName": "$random.internet.domainName", "$randomDomainWord": "$random.internet.domainWord",
        "$randomEmail": "$random.internet.emailAddress", "$randomExampleEmail": "$random.internet.safeEmailAddress",
        "$randomUserName": "$random.name.username", "$randomUserAgent": "$random.internet.userAgentAny",
        "$randomFirstName": "$random.name.firstName", "$randomLastName": "$random.name.lastName",
        "$randomFullName": "$random.name.fullName", "$randomNamePrefix": "$random.name.prefix",
        "$randomNameSuffix": "$random.name.suffix", "$randomJobTitle": "$random.job.title",
        "$randomJobArea": "$random.job.field", "$randomJobType": "$random.job.position",
        "$randomPhoneNumber": "$random.phoneNumber.phoneNumber", "$randomCity": "$random.address.city",
        "$randomStreetName": "$random.address.streetName", "$randomStreetAddress": "$random.address.streetAddress",
        "$randomCountry": "$random.address.country", "$randomCountryCode": "$random.address.countryCode",
        "$randomLatitude": "$random.address.latitude", "$randomLongitude": "$random.address.longitude",
        "$randomCompanyName": "$random.company.name", "$randomCompanySuffix": "$random.company.suffix",
        "$randomCatchPhrase": "$random.company.catchPhrase", "$randomProductName": "$random.commerce.productName",
        "$randomProductMaterial": "$random.commerce.material", "$randomDepartment": "$random.commerce.department",
        "$randomPrice": "$random.commerce.price", "$randomWord": "$random.lorem.word",
        "$randomLoremWord": "$random.lorem.word", "$randomLoremSentence": "$random.lorem.sentence",
        "$randomLoremParagraph": "$random.lorem.paragraph",
    ]

    /// `text` with every `{{$postmanName}}` Ferry has an equivalent for written the Ferry way.
    static func translated(_ text: String) -> String {
        guard text.contains("{{$") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{$"), let close = rest[open.upperBound...].range(of: "}}") {
            let name = "$" + rest[open.upperBound..<close.lowerBound]
            result += rest[..<open.lowerBound]
            result += "{{" + (ferryNames[String(name)] ?? String(name)) + "}}"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
