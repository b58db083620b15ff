import Foundation
import StateLintKit

// Temporary entry point: `statelint tokens FILE`. Replaced by the full CLI.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "tokens" {
    guard let data = FileManager.default.contents(atPath: arguments[1]) else {
        FileHandle.standardError.write(Data("statelint: cannot read \(arguments[1])\n".utf8))
        exit(2)
    }
    let file = SourceFile(path: arguments[1], bytes: [UInt8](data))
    let dump = TokenDump.render(file, tokens: Tokenizer.tokenize(file.bytes))
    FileHandle.standardOutput.write(Data(dump))
    exit(0)
}
print("statelint \(StateLintVersion.current)")
