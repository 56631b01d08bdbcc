import Foundation

// `make bench`: runs every suite (or those named on the command line) and prints one table.
let suites: [any BenchSuite.Type] = [
    WorkbenchBench.self,
    JSONBench.self,
    QueryBench.self,
    HTTPBench.self,
    EventStreamBench.self,
    CancelBench.self,
    AppBench.self,
    LaunchBench.self,
    HeadlessBench.self,
    PeersBench.self,
    PostingBench.self,
    RunBench.self,
    RunPaceBench.self,
    WidgetBench.self,
    TerminalBench.self,
    OpenAPIBench.self,
    ContractBench.self,
    TransferBench.self,
    WebSocketBench.self,
    GRPCBench.self,
    GRPCBodyBench.self,
    MaskingBench.self,
    ScaleBench.self,
]

let arguments = Array(CommandLine.arguments.dropFirst())

/// The rows of `suite`, run in this process; an error row when it throws.
func run(_ suite: any BenchSuite.Type) -> [BenchRow] {
    do {
        return try suite.run()
    } catch {
        return [BenchRow(suite: suite.name, name: "error", value: "\(error)", comparison: "", meetsTarget: false)]
    }
}

// A child started by `SuiteProcess`: one suite, rows printed for the parent.
if arguments.count == 2, arguments[0] == SuiteProcess.flag, let suite = suites.first(where: { $0.name == arguments[1] })
{
    SuiteProcess.printRows(run(suite))
    exit(0)
}

// One suite named: run it here. Several: each in a fresh process of its own.
let wanted = Set(arguments)
let selected = suites.filter { wanted.isEmpty || wanted.contains($0.name) }
var rows: [BenchRow] = []
for suite in selected {
    rows += selected.count > 1 ? SuiteProcess.rows(of: suite.name) : run(suite)
}
printTable(rows)
if let written = BenchRecord.write(rows, suites: selected.map { $0.name }) {
    print("\nrows written to \(written.path)")
}
