/// The word lists behind ``FakeData``: short, English, and made up or common enough that no real person or
/// company is meant.
enum FakeWords {
    static let firstNames = [
        "Ada", "Alan", "Amara", "Ben", "Carla", "Chen", "Dara", "Elena", "Emil", "Farah", "Grace", "Hugo", "Ines",
        "Jonas", "Kai", "Lena", "Liam", "Maya", "Mateo", "Nora", "Omar", "Paula", "Quinn", "Rosa", "Sami", "Tara",
        "Ugo", "Vera", "Wei", "Yara", "Zoe",
    ]
    static let lastNames = [
        "Abbott", "Berg", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen", "Ito", "Jansen", "Kowalski",
        "Larsen", "Moreau", "Novak", "Okafor", "Petrov", "Quint", "Rossi", "Silva", "Tanaka", "Umar", "Varga",
        "Weber", "Xu", "Young", "Zimmer",
    ]
    static let prefixes = ["Mr.", "Mrs.", "Ms.", "Miss", "Dr."]
    static let suffixes = ["Jr.", "Sr.", "I", "II", "III", "IV", "V", "MD", "PhD"]
    static let titleLevels = ["Lead", "Senior", "Junior", "Principal", "Chief", "Associate"]
    static let titleFields = [
        "Accounting", "Data", "Design", "Infrastructure", "Marketing", "Operations", "Product", "Quality", "Research",
        "Security", "Sales", "Support",
    ]
    static let titleJobs = [
        "Analyst", "Architect", "Consultant", "Designer", "Developer", "Engineer", "Manager", "Officer",
        "Specialist", "Strategist",
    ]
    static let cities = [
        "Port Ellen", "Northwick", "Lake Marion", "Eastfield", "Riverton", "Glenmore", "Ashford", "Bayview",
        "Cedar Falls", "Fairhaven", "Kingsport", "Millbrook", "Oakridge", "Westbury",
    ]
    static let countries = [
        ("Argentina", "AR"), ("Australia", "AU"), ("Brazil", "BR"), ("Canada", "CA"), ("Denmark", "DK"),
        ("France", "FR"), ("Germany", "DE"), ("India", "IN"), ("Japan", "JP"), ("Kenya", "KE"), ("Mexico", "MX"),
        ("Netherlands", "NL"), ("Norway", "NO"), ("Poland", "PL"), ("Portugal", "PT"), ("Spain", "ES"),
        ("Sweden", "SE"), ("United Kingdom", "GB"), ("United States", "US"),
    ]
    static let states = [
        ("California", "CA"), ("Colorado", "CO"), ("Florida", "FL"), ("Georgia", "GA"), ("Illinois", "IL"),
        ("Maine", "ME"), ("New York", "NY"), ("Oregon", "OR"), ("Texas", "TX"), ("Vermont", "VT"),
        ("Washington", "WA"),
    ]
    static let streetNames = [
        "Maple", "Oak", "Cedar", "Elm", "Willow", "Harbor", "Mill", "Station", "Church", "Park", "River", "Hill",
    ]
    static let streetSuffixes = ["Street", "Avenue", "Road", "Lane", "Way", "Drive", "Court", "Place"]
    static let timeZones = [
        "Europe/Berlin", "Europe/London", "America/New_York", "America/Chicago", "America/Los_Angeles",
        "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney", "Africa/Nairobi", "America/Sao_Paulo",
    ]
    static let domainSuffixes = ["com", "net", "org", "io", "dev", "info"]
    static let userAgents = [
        "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
        "curl/8.5.0",
    ]
    static let companySuffixes = ["Inc", "LLC", "Group", "and Sons", "Ltd", "GmbH"]
    static let industries = [
        "Agriculture", "Banking", "Biotechnology", "Construction", "Education", "Energy", "Healthcare", "Insurance",
        "Logistics", "Media", "Retail", "Software", "Telecommunications", "Tourism",
    ]
    static let professions = [
        "accountant", "architect", "baker", "carpenter", "chemist", "dentist", "electrician", "engineer", "farmer",
        "journalist", "lawyer", "nurse", "pilot", "teacher",
    ]
    static let buzzAdjectives = [
        "adaptive", "balanced", "customizable", "decentralized", "distributed", "ergonomic", "integrated",
        "optimized", "proactive", "robust", "scalable", "seamless",
    ]
    static let buzzNouns = [
        "architecture", "benchmark", "framework", "groupware", "interface", "matrix", "middleware", "paradigm",
        "platform", "protocol", "solution", "toolset",
    ]
    static let loremWords = [
        "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do", "eiusmod",
        "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim", "ad", "minim", "veniam",
        "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip",
    ]
    static let colors = [
        "red", "green", "blue", "yellow", "orange", "purple", "teal", "maroon", "olive", "navy", "silver", "indigo",
        "coral", "turquoise",
    ]
    static let departments = [
        "Books", "Clothing", "Computers", "Electronics", "Garden", "Grocery", "Health", "Home", "Music", "Outdoors",
        "Sports", "Toys",
    ]
    static let materials = [
        "Bronze", "Concrete", "Cotton", "Granite", "Leather", "Plastic", "Rubber", "Steel", "Wooden",
    ]
    static let productAdjectives = ["Awesome", "Durable", "Ergonomic", "Gorgeous", "Lightweight", "Practical", "Sleek"]
    static let productNouns = ["Bag", "Bench", "Car", "Chair", "Clock", "Gloves", "Hat", "Keyboard", "Lamp", "Table"]
    static let jobFields = [
        "Accounting", "Construction", "Design", "Education", "Finance", "Government", "Healthcare", "Legal",
        "Marketing", "Technology",
    ]
    static let seniorities = ["Lead", "Senior", "Junior", "Principal", "Chief", "Intern"]
    static let positions = ["Administrator", "Agent", "Coordinator", "Director", "Executive", "Facilitator", "Officer"]
    static let skills = [
        "Communication", "Leadership", "Problem solving", "Teamwork", "Time management", "Negotiation",
        "Networking", "Planning",
    ]
    static let bookGenres = [
        "Biography", "Fantasy", "Historical fiction", "Horror", "Mystery", "Poetry", "Romance", "Science fiction",
        "Thriller",
    ]
    static let bookTitleWords = [
        "Autumn", "Bridge", "Crown", "Dawn", "Echo", "Garden", "Harbor", "Island", "Lantern", "Mirror", "Night",
        "River", "Shadow", "Silence", "Winter",
    ]
    static let publishers = [
        "Northwind Press", "Blue Heron Books", "Lighthouse Editions", "Paper Boat", "Quill & Ink", "Stonebridge",
    ]
}
