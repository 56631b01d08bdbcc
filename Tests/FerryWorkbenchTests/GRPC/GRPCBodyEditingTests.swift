import FerryProtobuf
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// Completing fields and checking a `GRPC` body against the grpcio peer's own `.proto` (read by Ferry's reader):
/// the fields of the message at the cursor, through nested and repeated messages, and each problem at its line
/// and column.
@Suite struct GRPCBodyEditingTests {
    let pool: DescriptorPool

    init() throws {
        let file = TestServers.packageRoot.appendingPathComponent("Tests/Peers/grpc/ferry_test.proto")
        pool = try ProtoSourceLoader().pool(loading: file.path)
    }

    func names(_ before: String, _ type: String = "ferry.test.Everything") -> [String]? {
        GRPCMessageCompletion(before: before, messageType: type, pool: pool)?.candidates.map(\.name)
    }

    @Test func completesTheFieldsOfTheMessageAtTheCursor() {
        #expect(
            names("{\"") == [
                "scalars", "numbers", "words", "items", "colors", "doubles", "counts", "byId", "flags", "name", "id",
                "detail", "when", "howLong", "maybeInt", "maybeText", "maybeBool", "extra", "anyValue", "list",
                "payload", "mask", "nothing", "child",
            ])
        #expect(names("{\"na") == ["name"])
        #expect(names("{\"name\": \"x\", \"ma") == ["maybeInt", "maybeText", "maybeBool", "mask"])
        // A nested message, and the messages of a repeated field.
        #expect(names("{\"scalars\": {\"an") == ["anInt32", "anInt64", "anSfixed32", "anSfixed64"])
        #expect(names("{\"items\": [{\"aBool\": true}, {\"so") == ["someBytes"])
        #expect(names("{\"child\": {\"child\": {\"wo") == ["words"])
        // The second message of a client stream is a request message too.
        #expect(names("{\"text\": \"a\"}\n{\"te", "ferry.test.EchoRequest") == ["text"])
        let detail = GRPCMessageCompletion(before: "{\"cou", messageType: "ferry.test.Everything", pool: pool)
        #expect(detail?.candidates.first?.detail == "map<string, int64>")
        #expect(
            GRPCMessageCompletion(before: "{\"numbers", messageType: "ferry.test.Everything", pool: pool)?.candidates
                .first?.detail == nil)
    }

    @Test func offersNothingOutsideAKeyOrInAMap() {
        #expect(names("{\"name\": \"na") == nil)
        #expect(names("{\"name\": ") == nil)
        #expect(names("{\"counts\": {\"") == nil)
        #expect(names("{\"numbers\": [1, ") == nil)
        #expect(names("{\"name\"") == nil)
    }

    @Test func marksEachProblemAtItsLineAndColumn() {
        let body = """
            {
              "name": "x",
              "scalars": {"anInt32": "many"},
              "nmae": 1
            }
            """
        let problems = GRPCBodyCheck.problems(in: body, messageType: "ferry.test.Everything", pool: pool)
        // Every problem, each at its key: the wrong type in the nested message, then the unknown field.
        #expect(problems.map { [$0.line, $0.column] } == [[3, 15], [4, 3]])
        #expect(problems.first?.message.contains("expected an integer") == true, "\(problems)")
        #expect(problems.last?.message.contains("has no field \"nmae\"") == true, "\(problems)")
        let unknown = GRPCBodyCheck.problems(
            in: "{\"text\": \"a\"}\n{\"txet\": \"b\"}", messageType: "ferry.test.EchoRequest", pool: pool)
        #expect(unknown.map { [$0.line, $0.column] } == [[2, 2]])
        #expect(unknown.first?.message.hasPrefix("message 2: ferry.test.EchoRequest has no field \"txet\"") == true)
        let inArray = GRPCBodyCheck.problems(
            in: "{\"items\": [{}, {\"aBool\": 3}]}", messageType: "ferry.test.Everything", pool: pool)
        #expect(inArray.map { [$0.line, $0.column] } == [[1, 17]])
        let notJSON = GRPCBodyCheck.problems(in: "{\"text\": }", messageType: "ferry.test.EchoRequest", pool: pool)
        #expect(notJSON.map { [$0.line, $0.column] } == [[1, 10]])
        #expect(
            GRPCBodyCheck.problems(
                in: "{\"text\": \"ok\", \"count\": 2}", messageType: "ferry.test.EchoRequest", pool: pool
            ).isEmpty)
    }

    @Test func aPlaceholderStandsForAValueOfAnyTypeAndTheRestIsChecked() {
        func problems(_ body: String, _ type: String = "ferry.test.EchoRequest") -> [[Int]] {
            GRPCBodyCheck.problems(in: body, messageType: type, pool: pool).map { [$0.line, $0.column] }
        }
        // A whole value, a value inside a string (an int32 as "{{n}}"), a key, a message, an array element.
        #expect(problems("{\"count\": {{n}}}") == [])
        #expect(problems("{\"count\": \"{{n}}\", \"text\": \"hi {{who}}\"}") == [])
        #expect(problems("{\"{{field}}\": 1}") == [])
        #expect(problems("{\"scalars\": {{scalars}}, \"numbers\": [1, {{n}}]}", "ferry.test.Everything") == [])
        #expect(problems("{{message}}") == [])
        // The members around a placeholder are still checked, at their columns in the body as written.
        #expect(problems("{\"count\": {{n}}, \"txet\": {{t}}, \"text\": 2}") == [[1, 18], [1, 33]])
        #expect(problems("{\"text\": \"{{a}}\",\n  \"count\": true}") == [[2, 3]])
        // The member holding one still obeys its message: one member of a oneof.
        #expect(problems("{\"name\": \"x\", \"id\": {{id}}}", "ferry.test.Everything") == [[1, 15]])
        // A placeholder with quotes in it still parses; one left open is JSON's problem.
        #expect(problems("{\"count\": {{$random.integer(\"1\")}}, \"nope\": 1}") == [[1, 37]])
        #expect(problems("{\"count\": {{n}").count == 1)
    }

    @Test func completesServicesThenTheirMethodsOnTheTarget() {
        func names(_ before: String) -> [String]? { GRPCTargetCompletion(before: before, pool: pool)?.candidates }
        #expect(names("localhost:50051/") == ["ferry.test.Echo", "ferry.test.Streams"])
        #expect(names("grpc://localhost:50051/ferry.test.S") == ["ferry.test.Streams"])
        #expect(names("localhost:50051/ferry.test.Streams/C") == ["Chat", "Collect", "Count"])
        // A service named without its package, as a send accepts it.
        #expect(names("localhost:50051/Echo/") == ["Echo", "Fail", "Slow"])
        #expect(GRPCTargetCompletion(before: "localhost:50051/Echo/F", pool: pool)?.partial == "F")
        #expect(names("localhost:500") == nil)
        #expect(names("localhost:50051/ferry.test.Echo/Echo") == nil)
        #expect(names("localhost:50051/ferry.test.Nope/") == nil)
    }
}
