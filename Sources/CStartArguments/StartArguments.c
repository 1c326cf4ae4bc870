// The command line for Swift's `CommandLine.arguments`, without reading /proc/self/maps.
//
// On Linux the Swift runtime finds argv from a constructor of its own (CommandLine.cpp's
// ArgvGrabber) that reads /proc/self/maps with fgets and sscanf to find the stack, then
// walks back from `environ`. settei links the runtime statically, so that constructor runs at
// every start: 106,000 instructions and the kernel writing out the process's whole memory
// map, 78 µs of a `settei get` of about 1.4 ms here (docs/performance.md, figure 10).
//
// glibc calls the functions of a program's .init_array with argc, argv and envp (a GNU
// extension Rust's standard library also takes its arguments from). This file defines the
// two functions through which the runtime's `CommandLine` reads its arguments; an object of
// the program that defines them is linked before the runtime's archive, so the linker never
// takes CommandLine.cpp's object from it, nor its constructor. With the Swift runtime linked
// dynamically these two stay unused and the runtime's own run.
//
// Hidden: they resolve the static runtime's references inside the program and are exported
// to nothing, so that with the runtime linked dynamically they take no symbol of its place.
//
// They match the runtime's (swift/stdlib/public/CommandLineSupport/CommandLine.cpp): Swift's
// calling convention, argv and argc as given, or what `_swift_stdlib_overrideUnsafeArgvArgc`
// set. A toolchain whose object defined one more symbol the program needs would fail to link
// (a duplicate symbol), not run wrong; every end-to-end test passes arguments to the release
// binary (`make check-release`).

#include <stddef.h>

#include "CStartArguments.h"

static char **startArgv;
static int startArgc;
static char **overrideArgv;
static int overrideArgc;
static char *emptyArgv[] = {NULL};

static void captureStartArguments(int argc, char **argv, char **envp) {
  (void)envp;
  startArgc = argc;
  startArgv = argv;
}

// Early among the constructors (the number orders .init_array sections; lower runs first),
// so that the arguments are there before any other constructor could ask for them.
__attribute__((section(".init_array.00099"), used))
static void (*const captureStartArgumentsEntry)(int, char **, char **) = captureStartArguments;

__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (overrideArgv != NULL) {
    *outArgLen = overrideArgc;
    return overrideArgv;
  }
  if (startArgv != NULL) {
    *outArgLen = startArgc;
    return startArgv;
  }
  *outArgLen = 0;
  return emptyArgv;
}

__attribute__((swiftcall, visibility("hidden"))) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  overrideArgv = argv;
  overrideArgc = argc;
}
