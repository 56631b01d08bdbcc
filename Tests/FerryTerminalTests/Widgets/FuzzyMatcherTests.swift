import FerryTerminal
import Testing

@Suite struct FuzzyMatcherTests {
    @Test func matchesCharactersInOrderAndReportsPositions() {
        #expect(FuzzyMatcher.match("gu", in: "GET users")?.positions == [0, 4])
        #expect(FuzzyMatcher.match("usr", in: "users")?.positions == [0, 1, 3])
        #expect(FuzzyMatcher.match("ug", in: "GET users") == nil)
        #expect(FuzzyMatcher.match("x", in: "") == nil)
        #expect(FuzzyMatcher.match("", in: "anything") == FuzzyMatch(score: 0, positions: []))
    }

    @Test func smartCaseIsInsensitiveUntilThePatternHasUpperCase() {
        #expect(FuzzyMatcher.match("get", in: "GET /") != nil)
        #expect(FuzzyMatcher.match("Get", in: "get /") == nil)
        #expect(FuzzyMatcher.match("GE", in: "GET /")?.positions == [0, 1])
    }

    @Test func prefersTightWordStartMatches() throws {
        let prefix = try #require(FuzzyMatcher.score("user", in: "users list"))
        let scattered = try #require(FuzzyMatcher.score("user", in: "unused parser"))
        #expect(prefix > scattered)
        let boundary = try #require(FuzzyMatcher.score("cu", in: "create-user"))
        let middle = try #require(FuzzyMatcher.score("cu", in: "accuse"))
        #expect(boundary > middle)
        let camel = try #require(FuzzyMatcher.score("gu", in: "getUser"))
        let inner = try #require(FuzzyMatcher.score("gu", in: "fogue"))
        #expect(camel > inner)
    }

    @Test func picksTheTightestWindowAfterTheFirstCompleteMatch() {
        // Greedy forward would take the first "a" at 0; the tight window ends at the first full match.
        #expect(FuzzyMatcher.match("ab", in: "a...ab")?.positions == [4, 5])
    }

    @Test func ranksBestFirstAndKeepsOrderOnTies() {
        let candidates = ["Orders", "Create user", "Users", "Delete user"]
        #expect(FuzzyMatcher.rank("user", in: candidates) == [2, 1, 3])
        #expect(FuzzyMatcher.rank("zzz", in: candidates).isEmpty)
    }

    @Test func thePatternTypedWholeRanksAboveScatteredMatches() {
        let commands = ["Copy the request as a curl command", "Auto-reload files", "Reload the workspace", "reload"]
        // The whole name, then a prefix, then a word's start, then the scattered match.
        #expect(FuzzyMatcher.rank("reload", in: commands) == [3, 2, 1, 0])
        // Both start with it (a tie before): the whole name wins.
        #expect(FuzzyMatcher.rank("send", in: ["Send the request", "Send"]) == [1, 0])
        // The run at a word start is what is highlighted, not letters scattered before it.
        #expect(FuzzyMatcher.match("load", in: "List of all documents, load them")?.positions == [23, 24, 25, 26])
    }

    @Test func substringFilterKeepsPositionsOfTheRun() {
        #expect(TextFilter.substring.match("SER", in: "users")?.positions == [1, 2, 3])
        #expect(TextFilter.substring.match("usr", in: "users") == nil)
        #expect(TextFilter.substring.match("longer than", in: "short") == nil)
    }

    @Test func asciiFastPathAgreesWithTheGeneralPath() {
        let candidates = ["GET /users", "createUser", "user_list", "a-b-c", "unused parser", "x"]
        for pattern in ["u", "usr", "US", "cu", "abc", "zz"] {
            for candidate in candidates {
                // A trailing non-ASCII character sends the candidate down the general path without changing the score.
                #expect(FuzzyMatcher.match(pattern, in: candidate) == FuzzyMatcher.match(pattern, in: candidate + "é"))
            }
        }
        #expect(FuzzyMatcher.match("b", in: "a\r\nb")?.positions == [2])
        #expect(FuzzyMatcher.match("é", in: "cafés")?.positions == [3])
    }
}
