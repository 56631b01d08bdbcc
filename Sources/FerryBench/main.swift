import Foundation

// `make bench`: runs every suite (or those named on the command line) and prints one table.
let suites: [any BenchSuite.Type] = [
    WorkbenchBench.self,
    JSONBench.self,
    HTTPBench.self,
    CancelBench.self,
    AppBench.self,
    LaunchBench.self,
    WidgetBench.self,
    TerminalBench.self,
]

let wanted = Set(CommandLine.arguments.dropFirst())
var rows: [BenchRow] = []
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
    do {
        rows += try suite.run()
    } catch {
        rows.append(BenchRow(suite: suite.name, name: "error", value: "\(error)", comparison: "", meetsTarget: false))
    }
}
printTable(rows)
