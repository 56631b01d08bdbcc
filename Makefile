# Ferry: the two set-up commands are `make run` and `make test`; see README.md.
.PHONY: run test build deps bench fuzz sanitize format lint keys docs clean release install uninstall deb deb-test consumer

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
	scripts/install-deps.sh --bench
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

# `import Glibc` only in FerrySystem, FerryNcurses, the C shims' wrappers, tests and the files the script lists.
lint:
	swift format lint --strict --recursive Package.swift Sources Tests
	scripts/lint-imports.sh
	scripts/import-table.sh --check
	scripts/builtin-themes.sh --check

# Tests/Consumer, a package outside Ferry, built against the FerryHTTP, FerryJSON and FerryWorkbench products by path
# with no JavaScriptCore (scripts/consumer-build.sh; FerryCLITests' ConsumerPackageTests runs it in `make test`).
consumer:
	scripts/consumer-build.sh

# Every documented module's DocC archive with the toolchain's docc, offline, failing on a link that does not resolve
# (scripts/docs.sh, also run by `make test`): .build/docs/MODULE.doccarchive, FerryHTTP's with its catalog.
docs:
	scripts/docs.sh

# The README's key table, from the key map (`ferry keys --markdown`); a test fails while the two differ.
keys:
	scripts/update-key-table.sh

# Install like a CLI: PREFIX (default /usr/local) and DESTDIR honoured; `make uninstall` removes exactly what
# was installed (the manifest in PREFIX/share/ferry). `make deb`: a .deb under .build/deb (scripts/deb.sh).
# `make deb-test` (root): installs that package with dpkg -i, runs it, removes it and checks nothing is left.
PREFIX ?= /usr/local
STATIC_FERRY = .build/static/release/ferry

release:
	swift build -c release --product ferry --static-swift-stdlib --scratch-path .build/static

install: release
	scripts/install.sh --binary $(STATIC_FERRY) --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

uninstall:
	scripts/uninstall.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

deb: release
	scripts/deb.sh --binary $(STATIC_FERRY)

deb-test: release
	scripts/deb-test.sh --binary $(STATIC_FERRY)

clean:
	rm -rf .build
