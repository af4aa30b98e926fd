// libFuzzer's entry points, compiled with `-parse-as-library`: libFuzzer supplies `main`.
import CountMeProperties
import Foundation

/// The target this process runs, chosen once in `LLVMFuzzerInitialize`.
nonisolated(unsafe) private var selected: FuzzTarget?

/// Chooses the target: `COUNTME_FUZZ_TARGET`, else the one the binary's name ends with.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
  let program = argv.pointee[0].map { String(cString: $0) } ?? ""
  let name =
    ProcessInfo.processInfo.environment["COUNTME_FUZZ_TARGET"] ?? (program as NSString).lastPathComponent
  guard let target = FuzzTarget(named: name) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(
      Data("countme-fuzz-target: no target named \(name); one of \(names)\n".utf8))
    exit(2)
  }
  selected = target
  return 0
}

/// Runs the target on one input; a finding traps, so libFuzzer saves the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let target = selected else { fatalError("LLVMFuzzerInitialize chose no target") }
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let finding = target.run(bytes) { fatalError("\(target.rawValue): \(finding)") }
  return 0
}
