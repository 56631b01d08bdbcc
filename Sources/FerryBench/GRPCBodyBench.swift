import FerryProtobuf
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation

/// `FerryBench grpc-body`: the workbench's check of a `GRPC` request's body (``GRPCBodyCheck``) on a large
/// message, 400 `items` of 5 fields each (2,000 fields, one a line, about 50 KB) of the grpcio peer's
/// `ferry.test.Everything` (its `.proto` read by Ferry's reader): a check of the body as it is, and of the body with
/// every tenth field of the wrong type (200 problems, each found and placed). The workbench draws the problems
/// twice a frame (the line above the body and the underlines); it used to check the body each time, and now keeps
/// the last check (``GRPCBodyCheck/Memo``), so a frame that follows no edit pays two look-ups of the kept one,
/// measured here beside the two checks in the same run.
///
/// Target: a frame's look-ups cost under 1% of the two checks a frame made before.
enum GRPCBodyBench: BenchSuite {
    static let name = "grpc-body"

    static func run() throws -> [BenchRow] {
        let proto = TestServers.packageRoot.appendingPathComponent("Tests/Peers/grpc/ferry_test.proto")
        let pool = try ProtoSourceLoader().pool(loading: proto.path)
        let type = "ferry.test.Everything"
        let clean = body(wrongEvery: 0)
        let wrong = body(wrongEvery: 10)
        var found = (clean: 0, wrong: 0)
        let check = median(of: 11) {
            found.clean = GRPCBodyCheck.problems(in: clean, messageType: type, pool: pool).count
        }
        let checkWrong = median(of: 11) {
            found.wrong = GRPCBodyCheck.problems(in: wrong, messageType: type, pool: pool).count
        }
        // As the workbench keys it: the body editor's lines (a frame with no edit since holds the same ones).
        let editor = TextEditorState(text: clean, isMultiline: true)
        let memo = GRPCBodyCheck.Memo<[[Character]]>()
        let key = GRPCBodyCheck.Memo.Key(body: editor.lines, messageType: type, descriptors: "bench #1")
        _ = memo.problems(for: key) { GRPCBodyCheck.problems(in: editor.text, messageType: type, pool: pool) }
        let lookups = median(of: 101) {
            for _ in 0..<2 {
                let frameKey = GRPCBodyCheck.Memo.Key(body: editor.lines, messageType: type, descriptors: "bench #1")
                _ = memo.problems(for: frameKey) { [] }
            }
        }
        let kb = clean.utf8.count / 1024
        return [
            BenchRow(
                suite: name, name: "check a 2,000-field body (\(kb) KB, \(found.clean) problems), median of 11",
                value: String(format: "%.2f ms", check * 1000),
                comparison: String(
                    format: "with every 10th field wrong (%d problems placed): %.2f ms", found.wrong,
                    checkWrong * 1000),
                meetsTarget: nil),
            BenchRow(
                suite: name, name: "a frame's problems of that body, no edit since (2 look-ups), median of 101",
                value: String(format: "%.1f µs", lookups * 1e6),
                comparison: String(
                    format: "before (2 checks a frame): %.2f ms, %.0fx more; a frame after an edit checks once",
                    2 * check * 1000, 2 * check / lookups),
                meetsTarget: lookups < 0.01 * 2 * check),
        ]
    }

    /// 400 items of 5 fields, a field a line; with `wrongEvery` n > 0, every nth field's value is a string where
    /// an integer, a bool or a double goes (or an unknown colour).
    static func body(wrongEvery: Int) -> String {
        var lines = ["{", "  \"items\": ["]
        var field = 0
        func value(_ right: String, _ wrong: String) -> String {
            field += 1
            return wrongEvery > 0 && field % wrongEvery == 0 ? wrong : right
        }
        for index in 0..<400 {
            lines += [
                "    {",
                "      \"anInt32\": \(value("\(index)", "\"many\"")),",
                "      \"aString\": \(value("\"item \(index)\"", "12")),",
                "      \"aBool\": \(value("true", "\"yes\"")),",
                "      \"aDouble\": \(value("1.5", "\"half\"")),",
                "      \"color\": \(value("\"RED\"", "\"PURPLE\"")),",
            ]
            lines[lines.count - 1].removeLast()
            lines.append(index == 399 ? "    }" : "    },")
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n")
    }

    /// The median of `count` runs of `body`, in seconds.
    static func median(of count: Int, _ body: () -> Void) -> Double {
        AppBench.median((0..<count).map { _ in measureSeconds(body) })
    }
}
