# settei — see README.md. Every target installs what it needs first.
SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=
LINT_PATHS = Package.swift Sources Tests

.PHONY: all deps build release run test lint format clean

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

lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

clean:
	rm -rf .build
