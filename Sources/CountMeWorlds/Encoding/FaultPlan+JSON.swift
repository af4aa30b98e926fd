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
  package init(_ reader: JSONReader, path: String) throws {
    let faults = try reader.array("faults").enumerated().map { index, value -> Fault in
      guard let name = value.stringValue, let fault = Fault(rawValue: name) else {
        throw InputDecodingError(
          path: "\(path).faults[\(index)]", problem: "expected one of \(Fault.allCases.map(\.rawValue))")
      }
      return fault
    }
    self.init(faults)
  }
}
