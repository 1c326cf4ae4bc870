# settei — see README.md. Every target installs what it needs first.
SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=
LINT_PATHS = Package.swift Sources Tests Examples

.PHONY: all deps build release run test fuzz lint format clean install docs check-package

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product settei

# Opens the REPL on the embedded Language & Region screen (pass options with ARGS="...").
run: release
	@"$$($(SWIFT) build -c release --show-bin-path)/settei" $(ARGS)

test: deps
	$(SWIFT) test

# Seeded fuzzing of every reader of outside input (commands, JSON, plists, schemas, stores):
# FUZZ_CASES cases per input, 100,000 by default; `make test` runs 2,000. Built optimised,
# with testing enabled for the @testable imports. A failure names the case:
# SETTEI_FUZZ_CASE=N reruns only that one.
FUZZ_CASES ?= 100000
fuzz: deps
	SETTEI_FUZZ_CASES=$(FUZZ_CASES) $(SWIFT) test -c release -Xswiftc -enable-testing \
	  --filter ReliabilityTests.FuzzTests

# DocC archives of TableKit and TableREPL in .build/docs, with the toolchain's docc; fails on
# any warning and on any public symbol without a doc comment.
docs: deps
	@scripts/install-deps.sh jq
	SWIFT=$(SWIFT) scripts/build-docs.sh

# Builds and runs a new package that depends on this one through a local path (slow: it
# builds TableKit and TableREPL from scratch).
check-package: deps
	SETTEI_SLOW_TESTS=1 $(SWIFT) test --filter ExamplesTests.DependentPackageTests

lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

clean:
	rm -rf .build

# Installs the binary, the man page and the shell completions under PREFIX.
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/settei" "$(DESTDIR)$(PREFIX)/bin/settei"
	install -m 0644 docs/settei.1 "$(DESTDIR)$(PREFIX)/share/man/man1/settei.1"
	install -m 0644 completions/settei.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/settei"
	install -m 0644 completions/_settei "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_settei"
