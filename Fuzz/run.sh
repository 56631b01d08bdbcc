#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS (default 60); crashes land in Fuzz/artifacts/.
# Seeds: JSONTestSuite from the shared corpus (parser) and Fuzz/seeds/TARGET; the growing corpus stays in Fuzz/corpus/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
export SWIFT_BACKTRACE=enable=no
# `--sanitize=fuzzer` alone links libFuzzer but leaves Swift code without coverage counters (libFuzzer then
# warns "Is the code instrumented for coverage?" and mutates blindly): ask for the counters explicitly.
flags=(--sanitize=fuzzer --sanitize=address -Xswiftc -use-ld=lld
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
swift build "${flags[@]}" 2>&1 | grep -E "error|warning: .*Fuzz" || true
bin="$(swift build "${flags[@]}" --show-bin-path)"
mkdir -p artifacts
for target in FuzzJSONParser FuzzJSONQuery FuzzHTTPFile FuzzRequestBuilder FuzzProtoParser FuzzProtobufDecoder; do
    [ -x "$bin/$target" ] || continue
    mkdir -p "corpus/$target"
    seeds=()
    corpus_root="${FERRY_CORPUS:-$(cd ../.. && pwd)/shared/corpus}"
    [ "$target" = FuzzJSONParser ] && [ -d "$corpus_root/json/JSONTestSuite/test_parsing" ] &&
        seeds=("$corpus_root/json/JSONTestSuite/test_parsing")
    [ "$target" = FuzzHTTPFile ] && [ -d "$corpus_root/http" ] && seeds=("$corpus_root/http")
    [ -d "seeds/$target" ] && seeds+=("seeds/$target")
    echo "== $target for ${seconds}s"
    timeout $((seconds + 60)) "$bin/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -artifact_prefix="artifacts/$target-" "corpus/$target" "${seeds[@]}" 2>&1 | grep -E "^#[0-9]+.*DONE|ERROR|SUMMARY|Done [0-9]+ runs" || true
done
