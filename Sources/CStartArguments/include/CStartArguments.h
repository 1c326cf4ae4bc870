// The command line as the C library hands it to the program's constructors; see
// StartArguments.c. Nothing here is called from Swift: the Swift runtime's own
// `CommandLine.arguments` asks StartArguments.c through the two functions it defines.
#ifndef SETTEI_START_ARGUMENTS_H
#define SETTEI_START_ARGUMENTS_H
#endif
