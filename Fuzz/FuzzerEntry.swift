// libFuzzer entry for both targets, chosen by STATELINT_FUZZ_TARGET so one build serves both:
//   source (default): bytes as a Swift file through `PathologicalPipeline.checkSource`
//   config: bytes as `.linter.yml` through `PathologicalPipeline.checkConfiguration`
// Built by `Scripts/fuzz.sh build`, never by SwiftPM.
#if canImport(Glibc)
import Glibc
#endif

private let fuzzesConfiguration: Bool = {
    guard let value = getenv("STATELINT_FUZZ_TARGET") else { return false }
    return String(cString: value) == "config"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func statelintFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let problems = fuzzesConfiguration ? PathologicalPipeline.checkConfiguration(bytes) : PathologicalPipeline.checkSource(bytes)
    if !problems.isEmpty {
        fatalError("invariant broken:\n" + problems.prefix(10).joined(separator: "\n"))
    }
    return 0
}
