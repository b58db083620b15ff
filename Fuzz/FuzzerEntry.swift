// libFuzzer entry for every target, chosen by STATELINT_FUZZ_TARGET so one build serves all:
//   tokenizer, structure, index, rules, formatters, config, source (the default: the full
//   pipeline), autofix. The checks and their invariants are `PathologicalPipeline.stageChecks`
//   (Tests/StateLintKitTests/PathologicalPipeline.swift and PathologicalStages.swift), which
//   the regression tests run on Tests/StateLintKitTests/Fixtures/Crashes/<target>-* too.
// Built by `Scripts/fuzz.sh build`, never by SwiftPM.
#if canImport(Glibc)
import Glibc
#endif

private let target: String = {
    guard let value = getenv("STATELINT_FUZZ_TARGET") else { return "source" }
    let name = String(cString: value)
    guard PathologicalPipeline.stageChecks.contains(where: { $0.name == name }) else {
        fatalError("STATELINT_FUZZ_TARGET=\(name): not one of " + PathologicalPipeline.stageChecks.map(\.name).joined(separator: ", "))
    }
    return name
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func statelintFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let problems = PathologicalPipeline.check(target: target, bytes) ?? []
    if !problems.isEmpty {
        fatalError("invariant broken (\(target)):\n" + problems.prefix(10).joined(separator: "\n"))
    }
    return 0
}
