import App
import Foundation

exit(await GrockCLI.main(Array(CommandLine.arguments.dropFirst())))
