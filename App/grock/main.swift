import App
#if canImport(Glibc)
import Glibc
#endif

exit(await GrockCLI.main(Array(CommandLine.arguments.dropFirst())))
