import Foundation
import StateLintSyntax
import StateLintCLI
import StateLintLSP

keepFreedHeapMemory()

exit(StateLintCommand(environment: .process(), languageServer: StandardIOServer.run).run(Array(CommandLine.arguments.dropFirst())))
