import App
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A closed pipe is an output that cannot be written, reported like a full disk (exit 3, or a
// warning after a saved change), never a silent death by signal after the change was stored.
signal(SIGPIPE, SIG_IGN)
exit(await GrockCLI.main(Array(CommandLine.arguments.dropFirst())))
