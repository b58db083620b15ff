import Foundation
import StateLintKit

exit(StateLintCommand(environment: .process()).run(Array(CommandLine.arguments.dropFirst())))
