import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension FaultPlan {
  /// Reads the `faults` array of `reader`, a fault's name for each call, naming the first problem.
  ///
  /// Reads the `faults` array of `reader`, the name of one of `kinds` for each call (by default
  /// every fault whose call gets an answer: only the devices' world knows a device's timeout),
  /// naming the first problem.
  package init(_ reader: JSONReader, path: String, kinds: [Fault] = Fault.answered) throws {
    let faults = try reader.array("faults").enumerated().map { index, value -> Fault in
      guard let name = value.stringValue, let fault = Fault(rawValue: name), kinds.contains(fault) else {
        throw InputDecodingError(
          path: "\(path).faults[\(index)]", problem: "expected one of \(kinds.map(\.rawValue))")
      }
      return fault
    }
    self.init(faults)
  }
}
