# Ferry: the two set-up commands are `make run` and `make test`; see README.md.
.PHONY: run test build deps bench fuzz sanitize format lint keys clean

deps:
	@scripts/install-deps.sh

build: deps
	swift build

run: deps
	swift build -c release --product ferry --static-swift-stdlib --scratch-path .build/static
	scripts/run.sh

# Formatting is checked first (2 s): CI runs only this target, so drift from `.swift-format` fails it.
test: deps lint
	scripts/test.sh

bench: deps
	swift build -c release --product FerryBench
	swift build -c release --product FerryHTTPProbe
	swift build -c release --product FerryHTTPProbe --static-swift-stdlib --scratch-path .build/static
	swift build -c release --product ferry
	swift build -c release --product ferry --static-swift-stdlib --scratch-path .build/static
	scripts/bench.sh

fuzz: deps
	scripts/fuzz.sh

# Not part of `make test`: two sanitizer builds (scratch folders under /tmp), see scripts/sanitize.sh.
sanitize: deps
	scripts/sanitize.sh

format:
	swift format --in-place --recursive --parallel Package.swift Sources Tests

lint:
	swift format lint --strict --recursive Package.swift Sources Tests

# The README's key table, from the key map (`ferry keys --markdown`); a test fails while the two differ.
keys:
	scripts/update-key-table.sh

clean:
	rm -rf .build
