/// How long a test waits, at most, for a program to print something or to exit: long enough
/// for a loaded two-core machine running every suite in parallel, where a screen can take
/// seconds. A wait that succeeds returns as soon as the text appears, so only a failing test
/// pays it.
public let testPatience: Double = 60
