# settei — see README.md. Every target installs what it needs first.
SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=
LINT_PATHS = Package.swift Sources Tests Examples Benchmarks Tools

.PHONY: all deps build release run test fuzz lint format clean install docs check-package \
  check-release check-clean-clone bench golden messages embedded-schema startup-order

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# Release builds start in about 0.9x the time of a dynamically linked print("hello"), against
# 1.8x for a plain `swift build -c release` (docs/performance.md, figure 1), because:
# The Swift runtime is linked statically (1.8x -> 1.2x). Its C++ parts need libstdc++, which
# is linked statically too where libstdc++.a exists: a linker script named libstdc++.so that
# points at the archive makes -lstdc++ take it, and the dynamic loader no longer relocates
# libstdc++.so at every start (about 1.7 million instructions, a third of a start-up).
STATIC_CXX_DIR = .build/static-libstdc++
STATIC_CXX_FLAGS = ${shell a=$$(cc -print-file-name=libstdc++.a 2>/dev/null); \
  if [ -f "$$a" ]; then mkdir -p $(STATIC_CXX_DIR) \
  && echo "INPUT($$a)" > $(STATIC_CXX_DIR)/libstdc++.so \
  && echo "-Xlinker -L$(CURDIR)/$(STATIC_CXX_DIR)"; fi}
# libgcc's unwinder is linked in too (-static-libgcc, where libgcc_eh.a exists): one shared
# library fewer for the dynamic loader to find, map and relocate at every start (first
# screen 1,632,151 -> 1,615,532 instructions, callgrind; 2 to 8 fewer page faults).
STATIC_GCC_FLAGS = ${shell a=$$(cc -print-file-name=libgcc_eh.a 2>/dev/null); \
  [ -f "$$a" ] && echo "-Xswiftc -Xclang-linker -Xswiftc -static-libgcc"}
# Generic types are instantiated through metadata accessors instead of by mangled name: the
# runtime then neither demangles nor searches every protocol conformance of the (static)
# binary for the first instance of each type, a fifth of start-up. A hidden compiler flag,
# used only where the compiler lists it.
METADATA_FLAGS = ${shell $(SWIFT) -frontend -help-hidden 2>/dev/null \
  | grep -q -- -disable-concrete-type-metadata-mangled-name-accessors \
  && echo "-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors"}
# --disable-local-rpath: a static binary loads nothing from its own folder, and the dynamic
# loader would look there first for libc, libedit and the rest.
# PIE: settei reads files from anywhere (schemas, stores), so it stays a position-independent
# executable, its code at a random address like Debian builds every program. `make release
# PIE=` links at a fixed address instead: the ~36,000 pointers the dynamic loader relocates
# at every start go, and start-up is ~12% faster (docs/performance.md, figure 6).
PIE ?= 1
PIE_FLAGS = $(if $(PIE),,-Xswiftc -Xclang-linker -Xswiftc -no-pie)
# The ~38,000 pointers a position-independent binary has the dynamic loader relocate at
# start are listed in 7 KB instead of 910 KB (DT_RELR, packed relative relocations): fewer
# pages to read at every start (docs/performance.md, figure 6). lld and GNU ld write them
# (gold, Swift's default linker, cannot); the C library must know them (glibc 2.36 and
# later), else the binary would not start, so that is checked first.
RELR_LIBC = ${shell grep -q GLIBC_ABI_DT_RELR \
  "$$(readlink -f "$$(cc -print-file-name=libc.so.6)")" 2>/dev/null && echo yes}
# The toolchain's lld, beside swift, links release builds where it is there: with every
# function in a section of its own (-function-sections, a hidden compiler flag) it places
# the functions a start runs (scripts/startup-order.txt, `make startup-order`) together,
# and a start faults about 34 fewer pages of code in (71 -> 37 of the binary's code pages,
# `perf record -e page-faults`; figure 9). Else GNU ld, with the relocations packed alone.
TOOLCHAIN_LLD = ${shell d=$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")" 2>/dev/null); \
  [ -x "$$d/ld.lld" ] && $(SWIFT) -frontend -help-hidden 2>/dev/null \
  | grep -q -- '^ *-function-sections ' && echo yes}
ifeq ($(TOOLCHAIN_LLD),yes)
LINK_FLAGS = -Xswiftc -use-ld=lld $(if $(RELR_LIBC),-Xlinker -z -Xlinker pack-relative-relocs) \
  -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/startup-order.txt \
  -Xlinker --no-warn-symbol-ordering
else
LINK_FLAGS = ${shell [ -n "$(RELR_LIBC)" ] && ld.bfd --help 2>/dev/null \
  | grep -q pack-relative-relocs \
  && echo "-Xswiftc -use-ld=bfd -Xlinker -z -Xlinker pack-relative-relocs"}
endif
# The static Swift runtime's link flags export every public symbol of settei's own modules
# (-export-dynamic): 2,970 names that nothing loads by name, which the runtime's start then
# scans through (dladdr, finding its own path for the backtracer) and which the binary maps
# at every start. --no-export-dynamic, after them, exports none: `settei get` 1,954,102 ->
# 1,849,037 instructions (callgrind), 640 KB less RSS. (Binding the C library's functions
# at start, -z now, instead of lazily on first call was tried: 266,000 instructions more.)
EXPORT_FLAGS = -Xlinker --no-export-dynamic
# Every module imports the String processing module (regexes and the string algorithms of
# Swift 5.7) unless told not to; settei's own text search (TextSafety's `containsText`,
# `replacingText`, `splitText`) replaces the few calls it had, so the release build does not
# import it and the binary does not link it and its regex engine: 3,124 pointers fewer to
# relocate at every start, `settei get` 1,024,138 -> 984,359 instructions (callgrind), 19
# minor faults fewer (docs/performance.md, figures 9 and 10). A call to it is then a compile
# error here. Used only where the compiler lists the flag.
STRING_PROCESSING_FLAGS = ${shell $(SWIFT) -frontend -help-hidden 2>/dev/null \
  | grep -q -- -disable-implicit-string-processing-module-import \
  && echo "-Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import"}
# The C library is linked in too (-static-pie, where glibc's libc.a and rcrt1.o are
# installed): settei starts without the dynamic loader, which mapped libc and libm and bound
# their functions at every start, a fifth of start-up's time (docs/performance.md, figure 9).
# It stays position-independent: loaded at a random address, it relocates itself. A fix to
# the C library reaches settei when it is built again, as one to the Swift runtime,
# libstdc++ or libedit does. GIO (--gsettings) cannot be loaded into such a process, so
# settei-gio, the same program linked with the shared C library, is built beside it and runs
# those command lines (Sources/SetteiCommands/GIOTwin.swift). `make release STATIC_LIBC=`
# links the C library as before, and builds no twin.
ifeq ($(origin STATIC_LIBC),undefined)
STATIC_LIBC := ${shell cc=$$(command -v cc || echo \
  "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/clang"); \
  [ -f "$$($$cc -print-file-name=rcrt1.o 2>/dev/null)" ] \
  && [ -f "$$($$cc -print-file-name=libc.a 2>/dev/null)" ] && echo yes}
endif
# (swiftc also passes -pie, which -static-pie contains: clang's warning about it is silenced.)
STATIC_LIBC_FLAGS = $(if $(STATIC_LIBC),-Xswiftc -Xclang-linker -Xswiftc -static-pie \
  -Xswiftc -Xclang-linker -Xswiftc -Wno-unused-command-line-argument)
# The flags of both builds; settei's adds the C library.
SHARED_LIBC_FLAGS = -c release --static-swift-stdlib --disable-local-rpath $(STATIC_CXX_FLAGS) \
  $(STATIC_GCC_FLAGS) \
  $(METADATA_FLAGS) $(PIE_FLAGS) $(LINK_FLAGS) $(EXPORT_FLAGS) $(STRING_PROCESSING_FLAGS)
RELEASE_FLAGS = $(SHARED_LIBC_FLAGS) $(STATIC_LIBC_FLAGS)
# libedit and the libraries it loads (libtinfo, libbsd, libmd) are linked statically too:
# scripts/static-libedit.sh prints a PKG_CONFIG_PATH whose libedit.pc takes their archives
# (a sixth of start-up was loading them). Run in the recipe, after deps has installed them.
RELEASE_ENV = PKG_CONFIG_PATH="$$(scripts/static-libedit.sh)"

# SwiftPM does not recompile a module for a new frontend flag (-function-sections above):
# when the flags differ from the last release build's, that build is removed first.
# settei-gio is built in a folder of its own (.build/gio) and copied beside settei.
RELEASE_STAMP = .build/release-flags.txt
TWIN_SCRATCH = .build/gio
TWIN_STAMP = .build/gio-flags.txt
RELEASE_BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
release: deps
	@if [ "$$(cat $(RELEASE_STAMP) 2>/dev/null)" != '$(RELEASE_FLAGS)' ]; then \
	  rm -rf .build/*/release; mkdir -p .build; echo '$(RELEASE_FLAGS)' > $(RELEASE_STAMP); fi
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product settei
ifneq ($(STATIC_LIBC),)
	@if [ "$$(cat $(TWIN_STAMP) 2>/dev/null)" != '$(SHARED_LIBC_FLAGS)' ]; then \
	  rm -rf $(TWIN_SCRATCH); echo '$(SHARED_LIBC_FLAGS)' > $(TWIN_STAMP); fi
	$(RELEASE_ENV) $(SWIFT) build $(SHARED_LIBC_FLAGS) --scratch-path $(TWIN_SCRATCH) \
	  --product settei
	install -m 0755 \
	  "$$($(SWIFT) build $(SHARED_LIBC_FLAGS) --scratch-path $(TWIN_SCRATCH) --show-bin-path)/settei" \
	  "$(RELEASE_BIN)/settei-gio"
else
	rm -f "$(RELEASE_BIN)/settei-gio"
endif

# Opens the REPL on the embedded Language & Region screen (pass options with ARGS="...").
run: release
	@"$(RELEASE_BIN)/settei" $(ARGS)

test: deps
	SWIFT=$(SWIFT) scripts/test.sh

# The compiled-in message catalogs (Sources/*/…Messages.generated.swift) from the .strings
# files in Messages/<Module>/, one per language. A test fails when they are out of date.
messages:
	@scripts/generate-messages.sh

# The embedded schema compiled in (Sources/SchemaKit/Decoding/EmbeddedSchema.generated.swift)
# from Schemas/LanguageAndRegion.json by Tools/schema-compiler, so that no start reads its
# JSON text. A test fails when the file is out of date.
EMBEDDED_SCHEMA = Sources/SchemaKit/Decoding/EmbeddedSchema.generated.swift
embedded-schema: deps
	$(SWIFT) build --product schema-compiler
	"$$($(SWIFT) build --show-bin-path)/schema-compiler" Schemas/LanguageAndRegion.json \
	  > $(EMBEDDED_SCHEMA).new || { rm -f $(EMBEDDED_SCHEMA).new; exit 1; }
	mv $(EMBEDDED_SCHEMA).new $(EMBEDDED_SCHEMA)

# The golden files of `settei render --in-app` (the pages an app shows) for each fixture
# bundle, every language, 80 columns:
# Tests/Fixtures/Golden/<bundle>/<language>.txt. A test compares them with what settei
# renders now; after a change to what the REPL shows, run this and review the diff.
golden: deps
	$(SWIFT) build
	@for bundle in Tests/Fixtures/*.bundle; do \
	  name=$$(basename "$$bundle" .bundle); rm -rf "Tests/Fixtures/Golden/$$name"; \
	  "$$($(SWIFT) build --show-bin-path)/settei" render "$$bundle" --in-app --lang all --width 80 \
	    --out "Tests/Fixtures/Golden/$$name" || exit 1; \
	  echo "Tests/Fixtures/Golden/$$name"; \
	done

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

# scripts/startup-order.txt from callgrind traces of the common starts of a release build.
# (a link with lld's map of it first, which tells the functions lld cannot move apart).
startup-order: release
	scripts/install-deps.sh valgrind
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE_FLAGS) -Xlinker -Map=$(CURDIR)/.build/settei.map \
	  --product settei
	scripts/startup-order.sh "$(RELEASE_BIN)/settei" \
	  .build/settei.map
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product settei

# Measures start-up, per-command cost, scale, save, schema load, whiptail, and start-up and
# `settei get` against C's hello world and `git config --get`, side by side, each program
# copied into place with install(1) as a package puts it; prints the figures and writes
# docs/performance.md (scripts/bench.sh; ~7 minutes from clean). Installs valgrind, whiptail,
# git and a C compiler if they are missing.
bench: release
	$(RELEASE_ENV) SETTEI_RELEASE_FLAGS="$(RELEASE_FLAGS)" scripts/bench.sh $(BENCH_ARGS)

# The end-to-end tests (pipes, pseudo-terminals, failure modes) run against the binary
# `make release` builds, which links differently from the one `make test` runs. In CI.
check-release: release
	SETTEI_TEST_EXECUTABLE="$(RELEASE_BIN)/settei" SETTEI_TEST_STATIC_LIBC=$(STATIC_LIBC) \
	  SWIFT=$(SWIFT) scripts/test.sh --filter EndToEndTests

# The README's two commands in a fresh clone of HEAD with nothing beside it: `make test`,
# then `make run` with quit piped in (slow: builds everything from scratch). In CI.
check-clean-clone:
	scripts/check-clean-clone.sh

# Installs the binary, the man page and the shell completions under PREFIX.
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions"
	install -m 0755 "$(RELEASE_BIN)/settei" "$(DESTDIR)$(PREFIX)/bin/settei"
	if [ -f "$(RELEASE_BIN)/settei-gio" ]; then \
	  install -d "$(DESTDIR)$(PREFIX)/libexec/settei" && install -m 0755 \
	    "$(RELEASE_BIN)/settei-gio" "$(DESTDIR)$(PREFIX)/libexec/settei/settei-gio"; fi
	install -m 0644 docs/settei.1 "$(DESTDIR)$(PREFIX)/share/man/man1/settei.1"
	install -m 0644 completions/settei.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/settei"
	install -m 0644 completions/_settei "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_settei"
