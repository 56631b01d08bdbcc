#!/usr/bin/env bash
# Builds and runs Tests/Consumer, a package outside Ferry that depends on it by path and uses the FerryHTTP,
# FerryJSON and FerryWorkbench products, as another Swift program would. Fails when that build compiled
# FerryScript or CJavaScriptCore, or passed webkitgtk's headers or an unsafe flag: SwiftPM refuses unsafe flags
# in the products of a remote dependency, and lets a path dependency through, so what was built is checked.
# Offline: the consumer's only dependency is this folder. Its scratch folder is under .build (default
# .build/consumer, or $FERRY_CONSUMER_SCRATCH), outside Tests/, so neither swift format nor Ferry's build sees it.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${FERRY_CONSUMER_SCRATCH:-$PWD/.build/consumer}
log="$scratch.log"
mkdir -p "$scratch"
if ! swift build --package-path Tests/Consumer --scratch-path "$scratch" -v >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "consumer-build: Tests/Consumer did not build; the whole log is $log" >&2
  exit 1
fi
bin="$(swift build --package-path Tests/Consumer --scratch-path "$scratch" --show-bin-path)"
status=0
# SwiftPM makes a folder for every target of the graph; a module that was compiled has objects in it.
for module in FerryScript CJavaScriptCore FerryApp FerryTerminal FerryNcurses; do
  if compgen -G "$bin/$module.build/*.o" >/dev/null || [ -e "$bin/Modules/$module.swiftmodule" ]; then
    echo "consumer-build: the consumer's build compiled $module, which FerryHTTP, FerryJSON and FerryWorkbench must not need" >&2
    status=1
  fi
done
if grep -Eo -- '.{0,40}(-I */usr/include/webkitgtk|-unsafe|Sources/(FerryScript|CJavaScriptCore)/).{0,40}' "$log" \
  | sort -u | head -n 5 >&2; then
  echo "consumer-build: the consumer's build used webkitgtk's headers or an unsafe flag (above; all in $log)" >&2
  status=1
fi
output="$("$bin/FerryConsumer")"
echo "$output"
for expected in 'request: POST https://api.example.com/items?n=1' 'only FerryHTTP: ferry a,b'; do
  if ! grep -qxF "$expected" <<<"$output"; then
    echo "consumer-build: the consumer printed no line '$expected'" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "consumer-build: Tests/Consumer built against FerryHTTP, FerryJSON and FerryWorkbench without JavaScriptCore"
exit "$status"
